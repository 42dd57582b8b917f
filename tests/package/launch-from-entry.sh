#!/usr/bin/env bash
# A benchmark, not a test: launches Lode from its desktop entry (`gio launch`, as a menu does)
# N times under the current X display and prints, as a Markdown table, each launch's cold start —
# from the process's exec to the first resource row painted, as the app itself logs it
# (`first resource row painted ms_since_exec=N`) — and its idle memory with the Demo connected:
# the app with its WebKit processes (resident and proportional set sizes, PSS counting shared
# pages once), and the demo server. Saves a screenshot of the first launch. Nothing is asserted
# beyond the app reaching its first rows.
#
#   launch-from-entry.sh DESKTOP_FILE DATA_DIR ARTIFACTS_DIR [N]
set -euo pipefail
entry=$1 data_dir=$2 artifacts=$3 runs=${4:-5}
log_file="$data_dir/logs/lode.log"
mkdir -p "$artifacts"

# KiB of VmRSS / Pss over the given pids.
sum_field() {
  local file=$1 field=$2 total=0 pid value
  shift 2
  for pid in "$@"; do
    value=$(awk -v f="$field:" '$1 == f { print $2 }' "/proc/$pid/$file" 2>/dev/null || true)
    total=$((total + ${value:-0}))
  done
  echo "$total"
}
descendants() {
  local pid=$1 child
  echo "$pid"
  for child in $(pgrep -P "$pid" || true); do descendants "$child"; done
}
mb() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }

starts=() app_rss=() app_pss=() demo_rss=()
for run in $(seq 1 "$runs"); do
  rm -f "$log_file"
  gio launch "$entry" >/dev/null 2>&1
  app=""
  for _ in $(seq 1 100); do app=$(pgrep -n -x lode-desktop || true); [[ -n $app ]] && break; sleep 0.1; done
  [[ -n $app ]] || { echo "launch $run: no lode-desktop process after 10 s" >&2; exit 1; }
  line=""
  for _ in $(seq 1 600); do
    line=$(grep -o 'first resource row painted ms_since_exec=[0-9]*' "$log_file" 2>/dev/null | head -n 1 || true)
    [[ -n $line ]] && break
    sleep 0.1
  done
  [[ -n $line ]] || { echo "launch $run: no first resource row within 60 s (see $log_file)" >&2; cp "$log_file" "$artifacts/" 2>/dev/null || true; exit 1; }
  starts+=("${line##*=}")
  # Idle: the Demo listed, nothing clicked. Let the page and the servers settle.
  sleep 5
  if [[ $run == 1 ]]; then import -window root "$artifacts/launched-from-desktop-entry.png"; fi
  mapfile -t tree < <(descendants "$app")
  demo=() rest=()
  for pid in "${tree[@]}"; do
    if [[ "$(readlink "/proc/$pid/exe" 2>/dev/null)" == */lode-demo-server ]]; then demo+=("$pid"); else rest+=("$pid"); fi
  done
  app_rss+=("$(sum_field status VmRSS "${rest[@]}")")
  app_pss+=("$(sum_field smaps_rollup Pss "${rest[@]}")")
  demo_rss+=("$(sum_field status VmRSS "${demo[@]}")")
  kill -TERM "$app"
  for _ in $(seq 1 100); do kill -0 "$app" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$app" 2>/dev/null || true
  for pid in "${tree[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  sleep 1
done

median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "| launch | exec → first resource row (ms) | app + WebKit RSS (MB) | app + WebKit PSS (MB) | demo server RSS (MB) |"
echo "|---|---|---|---|---|"
for i in "${!starts[@]}"; do
  echo "| $((i + 1)) | ${starts[$i]} | $(mb "${app_rss[$i]}") | $(mb "${app_pss[$i]}") | $(mb "${demo_rss[$i]}") |"
done
echo "| **median** | **$(median "${starts[@]}")** | **$(mb "$(median "${app_rss[@]}")")** | **$(mb "$(median "${app_pss[@]}")")** | **$(mb "$(median "${demo_rss[@]}")")** |"
