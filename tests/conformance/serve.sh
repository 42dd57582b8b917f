#!/usr/bin/env bash
# The official conformance suite's server scenarios against `lode serve` over HTTP: a basket of
# three Demo resources (text, table, image) served on loopback, reached through
# bearer-proxy.mjs (the suite cannot send the bearer token `lode serve` requires). Scenarios that
# assume fixtures a basket cannot have are in serve-baseline.yml with their reasons; anything
# else that fails, fails this script.
#   bash .ci/with-keychain bash tests/conformance/serve.sh   (after the workspace is built)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/tests/conformance
bin=${LODE_BIN_DIR:-$root/target/debug}
cli=$(bash "$here/install.sh" "${CONFORMANCE_DIR:-$root/target/conformance}")
scenarios=(server-initialize ping resources-list resources-read-text resources-read-binary
  resources-subscribe resources-unsubscribe prompts-list prompts-get-simple prompts-get-with-args
  prompts-get-embedded-resource prompts-get-with-image completion-complete logging-set-level
  dns-rebinding-protection)

work=$(mktemp -d)
# The background programs' ids go to a file: `start` runs inside `$(…)`, a subshell, where an
# array would be lost and the cleanup would kill nothing.
cleanup() {
  if [ -f "$work/pids" ]; then
    while read -r pid; do kill "$pid" 2>/dev/null || true; done <"$work/pids"
  fi
  rm -rf "$work"
}
trap cleanup EXIT
export LODE_DATA_DIR=$work/data

# The first run of the CLI saves the Demo connection; the basket holds three of its resources.
"$bin/lode" basket new conformance >/dev/null
"$bin/lode" basket add conformance Demo file:///project/README.md table://user \
  file:///project/assets/logo.png >/dev/null
token=$("$bin/lode" serve --show-token)

# Starts a program in the background and reads the URL it prints first: `<words> <url>`.
start() {
  local out=$work/$1.out
  shift
  "$@" >"$out" 2>"$out.err" &
  echo $! >>"$work/pids"
  for _ in $(seq 1 100); do
    if [ -s "$out" ]; then
      head -n1 "$out" | awk '{print $NF}'
      return
    fi
    sleep 0.1
  done
  echo "serve.sh: $* printed no URL; stderr:" >&2
  cat "$out.err" >&2
  exit 1
}
served=$(start serve "$bin/lode" serve --basket conformance --http 127.0.0.1:0)
url=$(LODE_SERVE_TOKEN=$token start proxy node "$here/bearer-proxy.mjs" "$served")

failed=()
for scenario in "${scenarios[@]}"; do
  if node "$cli" server --url "$url" --scenario "$scenario" \
    --expected-failures "$here/serve-baseline.yml" >"$work/$scenario.log" 2>&1; then
    echo "ok   $scenario"
  else
    echo "FAIL $scenario"
    sed 's/^/    /' "$work/$scenario.log" | tail -n 30
    failed+=("$scenario")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "serve.sh: ${#failed[@]} scenario(s) failed: ${failed[*]}" >&2
  exit 1
fi
echo "serve.sh: ${#scenarios[@]} server scenarios as expected against lode serve"
