#!/usr/bin/env bash
# The context hub (`lode serve --expose …`) driven end to end by the official SDK clients: the
# TypeScript SDK (hub-client.mjs, the handshake era) and the Python SDK (hub_client.py, the
# 2026-07-28 era), each over stdio and over Streamable HTTP. Each run has its own data folder
# exposing the built-in Demo and "Changing" (tests/servers/changing-list-server.mjs), and its
# own hub process; the clients print each step's time, and this script each run's.
#   bash tests/context-hub/run.sh [PATH/TO/lode]   (default target/debug/lode; lode-demo-server beside it)
# It runs itself inside .ci/with-keychain: the HTTP server's token lives in the keychain.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/tests/context-hub
if [ "${LODE_CONTEXT_HUB_KEYCHAIN:-}" != 1 ]; then
  LODE_CONTEXT_HUB_KEYCHAIN=1 exec bash "$root/.ci/with-keychain" bash "$0" "$@"
fi
lode=$(realpath "${1:-$root/target/debug/lode}")
[ -x "$lode" ] || { echo "run.sh: no lode binary at $lode (build it: cargo build -p lode-cli -p lode-demo-server)" >&2; exit 2; }
[ -x "$(dirname "$lode")/lode-demo-server" ] || { echo "run.sh: lode-demo-server is not beside $lode" >&2; exit 2; }
python=$root/tests/servers/.venv-modern/bin/python
[ -x "$python" ] || { echo "run.sh: $python is missing: run bash .ci/setup test" >&2; exit 2; }
[ -d "$root/tests/servers/node_modules/@modelcontextprotocol/sdk" ] ||
  { echo "run.sh: tests/servers/node_modules is missing: run bash .ci/setup test" >&2; exit 2; }

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# A data folder for run NAME: the Demo (saved by the first command) and Changing, whose command
# line carries the run's tag so the client finds that one process.
prepare() {
  export LODE_DATA_DIR=$work/$1
  tag=hubtest-$$-$1
  "$lode" connections add Changing --stdio "node $root/tests/servers/changing-list-server.mjs $tag" >/dev/null
}

# Starts the hub over HTTP for the current data folder and sets $url and $token.
serve_http() {
  local out=$work/serve-$1.out
  "$lode" serve --expose Demo Changing --http 127.0.0.1:0 >"$out" 2>"$out.err" &
  pids+=($!)
  url=
  for _ in $(seq 1 100); do
    if [ -s "$out" ]; then url=$(head -n1 "$out"); break; fi
    sleep 0.1
  done
  [ -n "$url" ] || { echo "run.sh: lode serve --http printed no URL:" >&2; cat "$out.err" >&2; exit 1; }
  token=$("$lode" serve --show-token)
}

names=() seconds=()
run() {
  local name=$1 started=$SECONDS
  shift
  printf '\n==> %s\n' "$name"
  "$@"
  names+=("$name")
  seconds+=($((SECONDS - started)))
}

hub=("$lode" serve --expose Demo Changing)
prepare ts-stdio
run "TypeScript SDK over stdio" node "$here/hub-client.mjs" --stdio "${hub[*]}" --tag "$tag"
prepare ts-http
serve_http ts-http
run "TypeScript SDK over Streamable HTTP" node "$here/hub-client.mjs" --http "$url" --token "$token" --tag "$tag"
prepare py-stdio
run "Python SDK over stdio" "$python" "$here/hub_client.py" --stdio "${hub[*]}" --tag "$tag"
prepare py-http
serve_http py-http
run "Python SDK over Streamable HTTP" "$python" "$here/hub_client.py" --http "$url" --token "$token" --tag "$tag"

printf '\n==> Time per run (s)\n'
for i in "${!names[@]}"; do printf '%6d  %s\n' "${seconds[$i]}" "${names[$i]}"; done
printf '%6d  in all\n' "$SECONDS"
