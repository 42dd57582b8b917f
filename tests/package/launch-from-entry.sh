#!/usr/bin/env bash
# A benchmark, not a test: launches Lode from its desktop entry (`gio launch`, as a menu does)
# N times under the current X display and prints, as a Markdown table, each launch's cold start —
# from the process's exec to the first resource row painted, as the app itself logs it
# (`first resource row painted ms_since_exec=N`) — and its idle memory with the Demo connected,
# by proportional set size (PSS: pages shared between processes counted once) of each process:
# the app (and its anonymous memory: its heap), WebKit's web and network processes, and the demo
# servers. Saves a screenshot of the first launch. Nothing is asserted beyond the app reaching
# its first rows. LODE_SETTLE_SECS (default 5) is how long after the first rows memory is read.
#
#   launch-from-entry.sh [--new-user] DESKTOP_FILE DATA_DIR ARTIFACTS_DIR [N]
#
# --new-user: every launch is a new user's first: the data folder and WebKit's caches (under
# XDG_DATA_HOME and XDG_CACHE_HOME, which the caller points at a throwaway home) are removed
# before each. Without it, the first launch is the only first one.
set -euo pipefail
new_user=0
if [[ ${1:-} == --new-user ]]; then new_user=1; shift; fi
entry=$1 data_dir=$2 artifacts=$3 runs=${4:-5}
log_file="$data_dir/logs/lode.log"
mkdir -p "$artifacts"

# KiB of a field of /proc/PID/FILE, summed over the given pids.
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

settle=${LODE_SETTLE_SECS:-5}
starts=() total_pss=() app_pss=() app_anon=() web_pss=() network_pss=() demo_pss=()
for run in $(seq 1 "$runs"); do
  if [[ $new_user == 1 ]]; then
    # No data, no caches (WebKit's, Mesa's shaders, fontconfig's): a new account's first start.
    rm -rf "$data_dir" "${XDG_CACHE_HOME:?the caller sets a throwaway XDG_CACHE_HOME}"
  fi
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
  # The start's phases, for whoever wants to know where a slow launch spent its time.
  grep -E 'start phase=|first resource row painted' "$log_file" | sed "s/^/launch $run: /" >>"$artifacts/start-phases.log" || true
  # Idle: the Demo listed, nothing clicked. Let the page and the servers settle.
  sleep "$settle"
  if [[ $run == 1 ]]; then import -window root "$artifacts/launched-from-desktop-entry.png"; fi
  mapfile -t tree < <(descendants "$app")
  all=() web=() network=() demo=()
  for pid in "${tree[@]}"; do
    all+=("$pid")
    case "$(readlink "/proc/$pid/exe" 2>/dev/null)" in
      */lode-demo-server) demo+=("$pid") ;;
      */WebKitWebProcess) web+=("$pid") ;;
      */WebKitNetworkProcess) network+=("$pid") ;;
    esac
  done
  total_pss+=("$(sum_field smaps_rollup Pss "${all[@]}")")
  app_pss+=("$(sum_field smaps_rollup Pss "$app")")
  app_anon+=("$(sum_field smaps_rollup Anonymous "$app")")
  web_pss+=("$(sum_field smaps_rollup Pss "${web[@]}")")
  network_pss+=("$(sum_field smaps_rollup Pss "${network[@]}")")
  demo_pss+=("$(sum_field smaps_rollup Pss "${demo[@]}")")
  kill -TERM "$app"
  for _ in $(seq 1 100); do kill -0 "$app" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$app" 2>/dev/null || true
  for pid in "${tree[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  sleep 1
done

median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "| launch | exec → first resource row (ms) | all PSS (MB) | app | app anonymous | web process | network process | demo servers |"
echo "|---|--:|--:|--:|--:|--:|--:|--:|"
for i in "${!starts[@]}"; do
  echo "| $((i + 1)) | ${starts[$i]} | $(mb "${total_pss[$i]}") | $(mb "${app_pss[$i]}") | $(mb "${app_anon[$i]}") | $(mb "${web_pss[$i]}") | $(mb "${network_pss[$i]}") | $(mb "${demo_pss[$i]}") |"
done
m() { mb "$(median "$@")"; }
echo "| **median** | **$(median "${starts[@]}")** | **$(m "${total_pss[@]}")** | $(m "${app_pss[@]}") | $(m "${app_anon[@]}") | $(m "${web_pss[@]}") | $(m "${network_pss[@]}") | $(m "${demo_pss[@]}") |"
