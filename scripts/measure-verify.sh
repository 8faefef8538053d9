#!/usr/bin/env bash
# Times the check of every committed certificate: `minip-check --quiet proofs` (and
# `minip verify proofs`, which also matches the VIPR exports, when that binary is built) RUNS
# times each, printing the wall and CPU seconds of every run and their medians, with the machine
# and the load average before each run (on a loaded machine a wall time is an upper bound; CPU
# seconds vary less). A benchmark, not a test: it never fails on a figure, but it stops when a
# command fails (a refusal is not a time). Usage (from the repository root):
#   cargo build --release -p minip-check && bash scripts/measure-verify.sh
#   RUNS=5 bash scripts/measure-verify.sh
#   BIN=/other/target/release bash scripts/measure-verify.sh
#   bash scripts/measure-verify.sh --folders   # also CPU seconds per folder of proofs/, one thread
# Figures go to docs/measurements.md with the machine and the load.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release}
RUNS=${RUNS:-3}
[ -x "$BIN/minip-check" ] || { echo "measure-verify.sh: build first: cargo build --release -p minip-check (or set BIN)" >&2; exit 2; }

cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
mem=$(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)
echo "machine: $(nproc) cores ($cpu), $mem; commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'); $(date -u +%Y-%m-%d)"

# One run of a command: prints "wall cpu" in seconds (CPU = user + system, every thread); a
# command that fails stops the script with its exit status and its last lines.
one() {
  local t rc=0 err
  err=$(mktemp)
  TIMEFORMAT='%R %U %S'
  t=$( { time "$@" > /dev/null 2> "$err"; } 2>&1 ) || rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "measure-verify.sh: '$*' failed (exit $rc):" >&2
    tail -3 "$err" >&2
    rm -f "$err"
    exit 1
  fi
  rm -f "$err"
  t=$(tail -1 <<< "$t")
  read -r wall user sys <<< "$t"
  awk -v w="$wall" -v u="$user" -v s="$sys" 'BEGIN {printf "%.2f %.2f\n", w, u + s}'
}

median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

measure() {
  local label=$1; shift
  local walls=() cpus=()
  for i in $(seq "$RUNS"); do
    load=$(cut -d' ' -f1-3 /proc/loadavg)
    r=$(one "$@") || exit 1
    read -r wall cpu_s <<< "$r"
    walls+=("$wall"); cpus+=("$cpu_s")
    printf '%s, run %d: %s s wall, %s s CPU (load average before: %s)\n' "$label" "$i" "$wall" "$cpu_s" "$load"
  done
  printf '%s: median %s s wall, %s s CPU over %d runs\n' "$label" \
    "$(printf '%s\n' "${walls[@]}" | median)" "$(printf '%s\n' "${cpus[@]}" | median)" "$RUNS"
}

measure "minip-check --quiet proofs" "$BIN/minip-check" --quiet proofs
if [ -x "$BIN/minip" ]; then
  measure "minip verify proofs" "$BIN/minip" verify proofs
fi

if [ "${1:-}" = "--folders" ]; then
  echo "CPU seconds by folder (minip-check --quiet --jobs 1 FOLDER; work shared between the files of a folder counts once):"
  for d in proofs/*/; do
    [ -n "$(find "$d" -name '*.json' -print -quit)" ] || continue
    r=$(one "$BIN/minip-check" --quiet --jobs 1 "$d") || exit 1
    read -r wall cpu_s <<< "$r"
    printf '  %-24s %6s s CPU  %6s s wall  %5d files\n' "$d" "$cpu_s" "$wall" "$(find "$d" -name '*.json' | wc -l)"
  done
fi
