#!/usr/bin/env bash
# Installs the built .deb with apt for real and tests the installed files only (nothing from
# target/ is run): `lode --version`; `lode ls Demo --json` on the platform's data folder; the
# desktop entry (desktop-file-validate); the app launched from its desktop entry under Xvfb,
# five times, for the cold start and the idle memory (printed as a table, not asserted); the
# installed app in a real window through WebDriver (the browser test over the Demo, then
# installed-app.test.mjs: About, and updates from a loopback feed — refused, broken off, hung,
# then installed; apps-installed.test.mjs: an MCP App running in its frame under the packaged
# CSP); then removes the package and checks that no installed file is left behind
# while the person's data folder is kept. Removes the package and ends every process it started
# even when a step fails.
#
#   bash tests/package/run.sh [PACKAGE.deb]     default: the newest .deb under target/*/bundle/deb
#
# Needs root or sudo (apt), the packages of `.ci/setup test`, and the throwaway update-signing
# key the app under test was built to trust: .ci/test makes it (target/updater-test-key/) and
# builds with its public half (TAURI_CONFIG). Refuses to run when a `lode` package is installed
# already: it would remove it (on CI, where only an interrupted run can have left it, removes it).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
here="$root/tests/package"
package_name=lode
key_dir="${LODE_UPDATER_TEST_KEY_DIR:-$root/target/updater-test-key}"
artifacts="$here/artifacts"

as_root() { if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi; }
log() { printf '\n== %s\n' "$*" >&2; }
passed=0 failed=0
pass() { passed=$((passed + 1)); printf 'ok   %s\n' "$*"; }
fail() { failed=$((failed + 1)); printf 'FAIL %s\n' "$*"; }
# check NAME COMMAND...: runs COMMAND, counts it.
check() { local name=$1; shift; if "$@"; then pass "$name"; else fail "$name"; fi; }

deb="${1:-$(ls -t target/*/bundle/deb/*.deb 2>/dev/null | head -n 1 || true)}"
[[ -n "$deb" && -f "$deb" ]] || { echo "no .deb: run 'bash .ci/package' (or --debug) first" >&2; exit 1; }
deb="$(realpath "$deb")"
[[ -f "$key_dir/key" && -f "$key_dir/key.pub" ]] || {
  echo "no throwaway update key in $key_dir: .ci/test makes it and builds the app to trust it" >&2
  exit 1
}
if dpkg-query -W -f='${Status}' "$package_name" 2>/dev/null | grep -q "install ok installed"; then
  if [[ "${CI:-}" != true ]]; then
    echo "a '$package_name' package is installed already; this test installs and removes it — remove it first" >&2
    exit 1
  fi
  # On CI it can only be what an interrupted earlier run left.
  log "removing the '$package_name' package an earlier run left installed"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get remove -y -q "$package_name" >/dev/null
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/lode-package.XXXXXX")"
chmod 755 "$work"
started_pids=()
cleanup() {
  local status=$?
  for pid in "${started_pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
  # Anything still running from the installed files (the app, its demo servers).
  for pid in $(pgrep -f '^/usr/bin/lode(-desktop|-demo-server)?( |$)' || true); do kill -9 "$pid" 2>/dev/null || true; done
  if dpkg-query -W -f='${Status}' "$package_name" 2>/dev/null | grep -q "install ok installed"; then
    log "cleanup: removing the package"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get remove -y -q "$package_name" >/dev/null || true
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
rm -rf "$artifacts" && mkdir -p "$artifacts"

# The person's environment: a home of their own, the platform's data folder (no LODE_DATA_DIR).
export XDG_DATA_HOME="$work/home/.local/share" XDG_CONFIG_HOME="$work/home/.config" XDG_CACHE_HOME="$work/home/.cache"
unset LODE_DATA_DIR
data_dir="$XDG_DATA_HOME/dev.lode.desktop"
export LODE_UPDATE_FEED=off

log "installing $deb with apt"
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$deb" >"$artifacts/apt-install.log"
version="$(dpkg-query -W -f='${Version}' "$package_name")"
dpkg -L "$package_name" | sort >"$work/files-$version"
log "installed $package_name $version: $(grep -c . "$work/files-$version") paths"

log "the installed files"
for path in /usr/bin/lode-desktop /usr/bin/lode /usr/bin/lode-demo-server /usr/share/applications/Lode.desktop \
  /usr/share/doc/lode/copyright; do
  check "installs $path" grep -qx "$path" "$work/files-$version"
done
for size in 16x16 24x24 32x32 48x48 64x64 128x128 256x256 512x512; do
  check "installs the $size icon" grep -qx "/usr/share/icons/hicolor/$size/apps/lode-desktop.png" "$work/files-$version"
done
control="$(dpkg-query -W -f='${Maintainer}|${Homepage}|${Depends}|${Section}|${Description}' "$package_name")"
check "has a maintainer, a homepage and a description" \
  bash -c '[[ "$1" == *"<"*"@"*">|http"*"|"*"|devel|Browse MCP resources"* ]]' _ "$control"
check "depends on the WebKitGTK runtime, not its -dev package" \
  bash -c '[[ "$1" == *libwebkit2gtk-4.1-0* && "$1" != *-dev* ]]' _ "$(dpkg-query -W -f='${Depends}' "$package_name")"
check "declares its license (MIT) in its copyright file" grep -qx "License: MIT" /usr/share/doc/lode/copyright
check "every library of the app resolves" bash -c '! ldd /usr/bin/lode-desktop | grep -q "not found"'

rpm_file="$(ls "$(dirname "$deb")"/../rpm/*.rpm 2>/dev/null | head -n 1 || true)"
if [[ -n $rpm_file ]]; then
  log "the .rpm built beside it (inspected, not installed: this is a Debian machine)"
  rpm_files="$(rpm -qpl "$rpm_file" 2>/dev/null)"
  for path in /usr/bin/lode-desktop /usr/bin/lode /usr/bin/lode-demo-server /usr/share/applications/Lode.desktop; do
    check "the .rpm carries $path" grep -qx "$path" <<<"$rpm_files"
  done
  # RPM requires the runtime libraries by their sonames, which every distribution's package provides.
  check "the .rpm requires the WebKitGTK runtime library" grep -q "^libwebkit2gtk-4.1.so.0" <<<"$(rpm -qpR "$rpm_file" 2>/dev/null)"
fi

log "the installed CLI"
cd "$work"
# The data folder starts as an older version elsewhere left it: its Demo saved the path of a
# demo server that has since gone (a build from source, a moved prefix). A `lode` with no demo
# server beside it neither seeds nor migrates, so it saves that path as older versions did.
# The installed programs turn it into the built-in demo, which runs the installed demo server.
mkdir -p "$work/old-install"
cp /usr/bin/lode "$work/old-install/"
"$work/old-install/lode" connections add Demo --stdio "$work/old-install/lode-demo-server stdio" >/dev/null
"$work/old-install/lode" connections list --json >"$work/servers-before.json"
rm -rf "$work/old-install"
check "an older version's Demo saved the path of its demo server" grep -q "old-install/lode-demo-server" "$work/servers-before.json"
version_line="$(/usr/bin/lode --version)"
check "lode --version says $version ($version_line)" bash -c '[[ "$1" =~ ^lode\ ${2//./\\.}\ \(commit\ ([0-9a-f]{7,}|unknown)\)$ ]]' _ "$version_line" "$version"
/usr/bin/lode ls Demo --json >"$work/ls.json" 2>"$artifacts/lode-ls.stderr" || true
check "lode ls Demo --json lists the demo's 60 resources" \
  node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); process.exit(r.length === 60 && r.every((x) => x.server === "Demo") ? 0 : 1)' "$work/ls.json"
check "the data folder is the platform's ($data_dir)" test -f "$data_dir/lode.db"
/usr/bin/lode connections list --json >"$work/servers.json"
check "the Demo became the built-in demo (its command the bare name, no path)" \
  node -e 'const s = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); const d = s.find((c) => c.name === "Demo"); process.exit(d && d.transport.command === "lode-demo-server" ? 0 : 1)' "$work/servers.json"
cd "$root"

log "the desktop entry"
desktop-file-validate /usr/share/applications/Lode.desktop >"$work/validate.txt" 2>&1 || true
cat "$work/validate.txt"
# Not even a hint: a hint (two main categories, say) is a menu entry shown twice somewhere.
check "desktop-file-validate accepts Lode.desktop without a remark" test ! -s "$work/validate.txt"
check "the desktop entry opens lode:// links and .mcpb bundles (issue 33)" \
  grep -qx "MimeType=x-scheme-handler/lode;application/x-mcpb;" /usr/share/applications/Lode.desktop
# shared-mime-info's trigger read the package's type; desktop-file-utils' made Lode its handler.
printf 'PK\003\004' >"$work/double-click.mcpb"
check "an .mcpb file is an MCP bundle to the desktop (application/x-mcpb)" \
  bash -c 'gio info -a standard::content-type "$1" | grep -q "application/x-mcpb"' _ "$work/double-click.mcpb"
check "Lode opens .mcpb files on a double-click" \
  bash -c 'gio mime application/x-mcpb | grep -q "Lode.desktop"'

log "launched from the desktop entry: cold start and idle memory (5 launches)"
# A session bus as a desktop has, but not .ci/with-keychain: it points XDG_DATA_HOME at its
# keyring's folder, and these launches must use the person's data folder (the Demo needs no secret).
dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" \
  bash "$here/launch-from-entry.sh" /usr/share/applications/Lode.desktop "$data_dir" "$artifacts" 5 \
  | tee "$artifacts/cold-start.md" || fail "launching from the desktop entry"
check "the launch from the desktop entry was screenshotted" test -s "$artifacts/launched-from-desktop-entry.png"

log "the installed app in a real window (WebDriver)"
(cd tests/e2e && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
# The newer version: the same files as version $version+1 patch, signed with the throwaway key;
# a signature by the same key over other bytes, for the tampered feed; and the installed package
# itself, signed too, for a feed that offers a release that is not newer as the new version.
# gzip: the updater reads the version inside the package from control.tar.gz (as Tauri's bundler
# writes it; dpkg-deb's own default is xz or zstd).
IFS=. read -r major minor patch <<<"${version%%[-+~]*}"
new_version="$major.$minor.$((patch + 1))"
mkdir -p "$work/update"
dpkg-deb -R "$deb" "$work/update/tree"
sed -i "s/^Version: .*/Version: $new_version/" "$work/update/tree/DEBIAN/control"
dpkg-deb --root-owner-group -Zgzip -b "$work/update/tree" "$work/update/lode_${new_version}.deb" >/dev/null
rm -rf "$work/update/tree"  # its files are in the package now; the disk is small
printf 'not the package\n' >"$work/update/other"
cp "$deb" "$work/update/installed.deb"
sign() { TAURI_SIGNING_PRIVATE_KEY="$(cat "$key_dir/key")" TAURI_SIGNING_PRIVATE_KEY_PASSWORD="" \
  npm --prefix "$root/ui" exec --no -- tauri signer sign "$1" >/dev/null 2>&1; }
sign "$work/update/lode_${new_version}.deb"
sign "$work/update/other"
sign "$work/update/installed.deb"
LODE_E2E_APP=/usr/bin/lode-desktop \
LODE_E2E_ARTIFACTS="$artifacts" \
LODE_PACKAGE_NAME="$package_name" \
LODE_VERSION_LINE="$version_line" \
LODE_UPDATE_PACKAGE="$work/update/lode_${new_version}.deb" \
LODE_UPDATE_VERSION="$new_version" \
LODE_UPDATE_SIGNATURE="$work/update/lode_${new_version}.deb.sig" \
LODE_UPDATE_BAD_SIGNATURE="$work/update/other.sig" \
LODE_UPDATE_NOT_NEWER_PACKAGE="$work/update/installed.deb" \
LODE_UPDATE_NOT_NEWER_SIGNATURE="$work/update/installed.deb.sig" \
  bash .ci/with-keychain xvfb-run -a -s "-screen 0 1280x800x24" \
  node --test --test-concurrency=1 --test-reporter=spec \
  tests/e2e/real-window.test.mjs "$here/installed-app.test.mjs" "$here/apps-installed.test.mjs" \
  >"$artifacts/webdriver.log" 2>&1 \
  && pass "the installed app in a real window: the Demo, About, updates and an MCP App" \
  || { tail -n 60 "$artifacts/webdriver.log"; fail "the installed app in a real window (see $artifacts/webdriver.log)"; }
grep -E '^# (pass|fail) ' "$artifacts/webdriver.log" || true
installed_now="$(dpkg-query -W -f='${Version}' "$package_name")"
check "the update installed $new_version (dpkg has $installed_now)" test "$installed_now" = "$new_version"
dpkg -L "$package_name" | sort >"$work/files-$installed_now"

log "removing the package"
as_root env DEBIAN_FRONTEND=noninteractive apt-get remove -y -q "$package_name" >"$artifacts/apt-remove.log"
left=()
while IFS= read -r path; do
  # Directories shared with the system (/usr/bin, /usr/share/...) stay; files and links must go.
  if [[ -e "$path" || -L "$path" ]] && [[ ! -d "$path" ]]; then left+=("$path"); fi
done < <(sort -u "$work"/files-*)
check "no installed file is left behind${left:+ (left: ${left[*]})}" test ${#left[@]} -eq 0
check "the person's data folder is kept" test -f "$data_dir/lode.db"
check "no Lode process is left running" bash -c '! pgrep -f "^/usr/bin/lode(-desktop|-demo-server)?( |$)" >/dev/null'

printf '\n%d passed, %d failed\n' "$passed" "$failed"
[[ $failed -eq 0 ]]
