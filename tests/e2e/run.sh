#!/usr/bin/env bash
# Real-window end-to-end test of Lode: builds the app through the Tauri CLI, copies it aside
# (cargo test/build overwrite target/debug/lode-desktop with a dev build), and drives the copy
# through tauri-driver + WebKitWebDriver under a private D-Bus session with an unlocked
# gnome-keyring (.ci/with-keychain: the app keeps secrets in the Secret Service) and Xvfb.
# Runs real-window.test.mjs (the browser over the Demo), connections.test.mjs (add, edit with a
# secret, delete and undo, import), browser-scale.test.mjs (100k resources: frame times and
# input-to-paint, also during a flood of 200,000 notifications from lode-hostile-server) and basket.test.mjs (add from two servers, totals, copy as Markdown, serve over
# HTTP and read it with the TypeScript SDK), feats.test.mjs (a progress bar, Cancel, the Log
# pane), asks.test.mjs (an elicitation and a sampling request answered), wire.test.mjs (the
# protocol history), roots.test.mjs (a connection's roots: a folder added, a bad path refused)
# and tools.test.mjs (a tool result checked against its output schema, _meta and icons) and
# asks-url.test.mjs (a page to visit: opened through the system opener on Accept, only http(s)),
# hub.test.mjs (the Hub pane listing what the TypeScript SDK searches and reads through
# `lode serve --profile work`, live), apps.test.mjs (MCP Apps: a real app from npm reviewed and
# run, its tool called through the bridge; a probe app kept to its CSP, refused a javascript: link
# and Lode's IPC), skills.test.mjs (skills' files in the tree with their badge, a file changed
# since listed flagged, a whole skill added to the basket), install.test.mjs (the Add server
# flow against a loopback registry: search, details, install through npx, connected),
# install-mcpb.test.mjs (Lode opened with an .mcpb built by the official mcpb CLI, as by a
# double-click: the bundle shown with its signer, installed, connected), update-mcpb.test.mjs
# (a bundle installed from the loopback registry updated from its row, then undone), one after
# the other, each launching the app on a fresh data folder.
#
#   bash tests/e2e/run.sh            from the repository root (or anywhere)
#
# Needs the Debian packages xvfb xauth webkit2gtk-driver imagemagick dbus-x11 gnome-keyring xclip,
# plus fonts-noto-cjk (without it the Chinese screenshot shows boxes; the test still passes),
# Node 20, Rust, ui/node_modules (npm ci in ui/) and tests/servers/node_modules (the MCP SDK
# client the basket test reads the served basket with; npm ci in tests/servers/).
# LODE_E2E_SKIP_BUILD=1 skips the builds and tests target/debug as it is (still copied aside).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
e2e="$root/tests/e2e"
cd "$root"

log() { printf '\n== %s\n' "$*" >&2; }
started=$SECONDS

for tool in xvfb-run dbus-run-session gnome-keyring-daemon import xclip /usr/bin/WebKitWebDriver node npm cargo; do
  command -v "$tool" >/dev/null || { echo "missing: $tool (see the header of tests/e2e/run.sh)" >&2; exit 1; }
done

export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
if ! command -v tauri-driver >/dev/null; then
  log "installing tauri-driver"
  cargo install tauri-driver --locked --version '^2'
fi

log "npm ci (tests/e2e)"
(cd "$e2e" && npm ci --no-audit --no-fund --ignore-scripts)
if [[ ! -d "$root/tests/servers/node_modules/@modelcontextprotocol/sdk" ]]; then
  log "npm ci (tests/servers: the MCP SDK client of the basket test)"
  (cd "$root/tests/servers" && npm ci --no-audit --no-fund --ignore-scripts)
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/lode-e2e.XXXXXX")"
cleanup() { rm -rf "$work"; }
trap cleanup EXIT
mkdir -p "$work/app"

# True when the copied app embeds the UI of ui/dist. A plain `cargo build` or `cargo test` links
# a dev binary instead, which loads the dev-server URL and embeds no asset.
bundled_ui() {
  local asset
  asset="$(grep -o 'index-[A-Za-z0-9_-]*\.js' ui/dist/index.html | head -n 1)"
  [[ -n "$asset" ]] && grep -q -F "$asset" "$work/app/lode-desktop"
}

if [[ "${LODE_E2E_SKIP_BUILD:-0}" != 1 ]]; then
  log "building the demo server, the hostile server and the CLI"
  cargo build -p lode-demo-server -p lode-hostile-server -p lode-cli
  cp target/debug/lode-demo-server target/debug/lode-hostile-server target/debug/lode "$work/app/"
  # Another cargo run on the same target/ can relink target/debug/lode-desktop as a dev binary
  # between the Tauri build and the copy: copy right after the build, check it, retry if needed.
  for attempt in 1 2 3; do
    log "building the app through the Tauri CLI (bundled UI, debug), attempt $attempt"
    npm --prefix ui exec -- tauri build --debug --no-bundle
    cp target/debug/lode-desktop "$work/app/"
    if bundled_ui; then break; fi
    echo "target/debug/lode-desktop was replaced by a dev build meanwhile" >&2
    if [[ $attempt == 3 ]]; then echo "no bundled-UI build of lode-desktop after 3 attempts" >&2; exit 1; fi
  done
else
  cp target/debug/lode-desktop target/debug/lode-demo-server target/debug/lode-hostile-server target/debug/lode "$work/app/"
  bundled_ui || { echo "target/debug/lode-desktop is not a Tauri CLI build (no bundled UI)" >&2; exit 1; }
fi

rm -rf "$e2e/artifacts"
mkdir -p "$e2e/artifacts"

log "running the real-window tests"
status=0
# No LODE_DATA_DIR: the harness gives each test file (each app launch) its own fresh data folder.
# One file at a time: both windows would share the X screen the screenshots capture.
env -u LODE_DATA_DIR \
LODE_E2E_APP="$work/app/lode-desktop" \
LODE_E2E_ARTIFACTS="$e2e/artifacts" \
  bash "$root/.ci/with-keychain" xvfb-run -a -s "-screen 0 1280x800x24" \
  node --test --test-concurrency=1 --test-reporter=spec \
  "$e2e/real-window.test.mjs" "$e2e/connections.test.mjs" "$e2e/browser-scale.test.mjs" \
  "$e2e/basket.test.mjs" "$e2e/feats.test.mjs" "$e2e/asks.test.mjs" "$e2e/wire.test.mjs" \
  "$e2e/roots.test.mjs" "$e2e/tools.test.mjs" "$e2e/asks-url.test.mjs" "$e2e/search.test.mjs" \
  "$e2e/finish.test.mjs" "$e2e/drag.test.mjs" "$e2e/annot.test.mjs" "$e2e/hub.test.mjs" \
  "$e2e/apps.test.mjs" "$e2e/skills.test.mjs" "$e2e/install.test.mjs" "$e2e/install-mcpb.test.mjs" \
  "$e2e/update-mcpb.test.mjs" || status=$?

log "done in $((SECONDS - started)) s (exit $status); screenshots and logs in tests/e2e/artifacts/"
ls -1 "$e2e/artifacts" >&2 || true
exit "$status"
