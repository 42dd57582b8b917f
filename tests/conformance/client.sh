#!/usr/bin/env bash
# Runs every client scenario of the official MCP conformance suite (spec 2025-11-25 and earlier;
# not the `draft` and `extension` ones) against Lode's conformance client, all at once, and
# prints one line per scenario. Fails if any scenario fails: there is no expected-failures
# baseline. docs/conformance.md says what each scenario proves.
#   bash tests/conformance/client.sh            (after `cargo build --workspace --all-targets`)
# LODE_CONFORMANCE names another client binary; CONFORMANCE_DIR where the suite is installed.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
client=${LODE_CONFORMANCE:-$root/target/debug/lode-conformance}
[ -x "$client" ] || { echo "no conformance client at $client: build the workspace first" >&2; exit 1; }
cli=$(bash "$root/tests/conformance/install.sh" "${CONFORMANCE_DIR:-$root/target/conformance-suite}")

scenarios=(
  initialize
  tools_call
  elicitation-sep1034-client-defaults
  sse-retry
  auth/metadata-default
  auth/metadata-var1
  auth/metadata-var2
  auth/metadata-var3
  auth/basic-cimd
  auth/scope-from-www-authenticate
  auth/scope-from-scopes-supported
  auth/scope-omitted-when-undefined
  auth/scope-step-up
  auth/scope-retry-limit
  auth/token-endpoint-auth-basic
  auth/token-endpoint-auth-post
  auth/token-endpoint-auth-none
  auth/pre-registration
  auth/2025-03-26-oauth-metadata-backcompat
  auth/2025-03-26-oauth-endpoint-fallback
)

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
run() {
  local log="$logs/${1//\//_}" status=0
  node "$cli" client --command "$client" --scenario "$1" --timeout 30000 >"$log.out" 2>&1 || status=$?
  echo "$status" >"$log.rc"
}
# Each scenario starts its own servers on ephemeral ports, so they run side by side; all but
# sse-retry, which times the client's reconnection to within 200 ms and so runs alone after
# them, on an idle machine.
for scenario in "${scenarios[@]}"; do
  [ "$scenario" = sse-retry ] || run "$scenario" &
done
wait
run sse-retry

failed=0
for scenario in "${scenarios[@]}"; do
  log="$logs/${scenario//\//_}"
  result=$(grep -m1 '^Passed: ' "$log.out" || echo "no result")
  if [ "$(cat "$log.rc")" = 0 ]; then
    echo "pass  $scenario  ($result)"
  else
    echo "FAIL  $scenario  ($result)"
    failed=$((failed + 1))
  fi
done
for scenario in "${scenarios[@]}"; do
  log="$logs/${scenario//\//_}"
  if [ "$(cat "$log.rc")" != 0 ]; then
    echo
    echo "=== $scenario ==="
    # The client's own output, then the suite's checks (ANSI colours removed).
    sed -n '/^\(Stderr\|Checks\):/,$p' "$log.out" | sed 's/\x1b\[[0-9;]*m//g' | head -80
  fi
done
echo "${#scenarios[@]} client scenarios, $failed failed"
[ "$failed" = 0 ]
