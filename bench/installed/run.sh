#!/usr/bin/env bash
# The installed package's start and memory, as docs/packaging.md reports them: run it on a
# machine with Lode installed (`apt install ./Lode_*.deb`) and nothing else of Lode running. In a
# throwaway home, under its own session bus and X display (dbus-run-session, xvfb-run), it
# launches the app from its desktop entry, as a menu does, and prints Markdown tables:
#   1. a new user's first launch, N times (the data folder and every cache removed before each);
#   2. later launches, N times;
#   3. the app process alone, idle, with 1, 10 and 20 connected servers and with 100k resources
#      indexed (PSS, and its anonymous memory: its heap, the index's and the servers' state).
# Start times are the app's own `first resource row painted ms_since_exec=N` log line; memory is
# read 5 s after the first rows (15 s for 100k), nothing clicked. A benchmark: it prints figures
# and asserts nothing beyond the app reaching its first rows.
#
#   bash bench/installed/run.sh [N]          (default 5 launches a series; needs xvfb, dbus, gio)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
launch="$here/../../tests/package/launch-from-entry.sh"
runs=${1:-5}
entry=/usr/share/applications/Lode.desktop
[[ -f $entry ]] || { echo "no $entry: install Lode's package first" >&2; exit 1; }
for program in gio xvfb-run dbus-run-session import; do
  command -v "$program" >/dev/null || { echo "$program is missing (apt install libglib2.0-bin xvfb dbus imagemagick)" >&2; exit 1; }
done
if pgrep -x lode-desktop >/dev/null; then echo "Lode is running: close it first" >&2; exit 1; fi

if [[ -z ${LODE_BENCH_INSIDE:-} ]]; then
  # Once more, inside a session bus and an X display of its own.
  exec env LODE_BENCH_INSIDE=1 dbus-run-session -- xvfb-run -a -s "-screen 0 1280x800x24" bash "$0" "$@"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share" XDG_CONFIG_HOME="$work/home/.config" \
  XDG_CACHE_HOME="$work/home/.cache"
unset LODE_DATA_DIR LODE_LOG
data_dir="$XDG_DATA_HOME/dev.lode.desktop"
artifacts="${LODE_BENCH_ARTIFACTS:-$work/artifacts}"
mkdir -p "$HOME" "$artifacts"

echo "Lode $(dpkg-query -W -f='${Version}' lode 2>/dev/null || echo '?'), $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
echo
echo "**A new user's first launch** (data folder and caches removed before each)"
echo
bash "$launch" --new-user "$entry" "$data_dir" "$artifacts/new-user" "$runs"
echo
echo "**Later launches**"
echo
bash "$launch" "$entry" "$data_dir" "$artifacts/later" "$runs"

echo
echo "**The app process, idle, by what it holds** (one launch each)"
echo
echo "| connected | resources | app PSS (MB) | app anonymous (MB) | exec → first row (ms) |"
echo "|---|--:|--:|--:|--:|"
series() {
  local label=$1 resources=$2 settle=$3
  shift 3
  rm -rf "$data_dir" "$XDG_CACHE_HOME"
  local name
  for name in "$@"; do
    LODE_DATA_DIR="$data_dir" lode connections add "${name%%=*}" --stdio "${name#*=}" >/dev/null
  done
  LODE_SETTLE_SECS=$settle bash "$launch" "$entry" "$data_dir" "$artifacts/$label" 1 \
    | awk -F'|' -v label="$label" -v resources="$resources" '
        $2 ~ /median/ { gsub(/[* ]/, "", $3); gsub(/[* ]/, "", $5); gsub(/[* ]/, "", $6)
                        printf "| %s | %s | %s | %s | %s |\n", label, resources, $5, $6, $3 }'
}
demo=/usr/bin/lode-demo-server
servers() { local i; for i in $(seq 1 "$1"); do echo "Demo $i=$demo stdio"; done; }
mapfile -t one < <(servers 1); series "1 server" 60 5 "${one[@]}"
mapfile -t ten < <(servers 10); series "10 servers" 600 5 "${ten[@]}"
mapfile -t twenty < <(servers 20); series "20 servers" 1200 5 "${twenty[@]}"
series "1 server, 100k" 100060 15 "Big=$demo --n 100000 --page 1000 stdio"
