#!/usr/bin/env bash
# The speed of the first-order head search (`minip head search`, docs/math.md §14.2), per m:
# one restart on one core (--restarts 1 --jobs 1), its wall-clock and CPU time, its peak memory
# (max RSS), the steps it ran and the time per step, and whether it found a head. Prints a
# Markdown table with the machine and its load (before and after) for docs/frontier.md.
# Usage (from the repository root, after `cargo build --release`):
#   bash scripts/search-bench.sh                 # m = 5..8 at the ranks of proofs/search
#   SEARCH_BENCH='6:4 8:8' bash scripts/search-bench.sh   # m:rank pairs of your choice
#   SEARCH_BENCH_STEPS=2000 bash scripts/search-bench.sh  # a step limit per restart
# A restart ends at the first certified head, at its step limit (20,000 unless
# SEARCH_BENCH_STEPS) or when it stalls, so "time per step" is the figure to compare across m.
# Figures depend on the machine and its load (the header says both); this is a benchmark, not a
# test: nothing fails when it is slow.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=target/release/minip
[ -x "$BIN" ] || { echo "search-bench.sh: build first: cargo build --release" >&2; exit 2; }
command -v /usr/bin/time > /dev/null || { echo "search-bench.sh: needs /usr/bin/time (Debian: time)" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
PAIRS=${SEARCH_BENCH:-"5:3 6:4 7:5 8:8"}
STEPS=${SEARCH_BENCH_STEPS:-}

cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
cores=$(nproc)
mem=$(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)
load0=$(cut -d' ' -f1-3 /proc/loadavg)
rows="$TMP/rows"
: > "$rows"
for pair in $PAIRS; do
  m=${pair%%:*}
  r=${pair##*:}
  args=(head search --m "$m" --rank "$r" --restarts 1 --jobs 1 --json)
  [ -n "$STEPS" ] && args+=(--iterations "$STEPS")
  echo "search-bench.sh: minip ${args[*]}" >&2
  rc=0
  /usr/bin/time -f '%e %U %S %M' -o "$TMP/time" "$BIN" "${args[@]}" > "$TMP/out" 2> /dev/null || rc=$?
  read -r wall user sys rss < "$TMP/time"
  steps=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["runs"][0]["steps"])' "$TMP/out")
  verdict=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["verdict"])' "$TMP/out")
  per=$(awk -v w="$wall" -v s="$steps" 'BEGIN {printf "%.1f", 1000 * w / s}')
  cpu_s=$(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.1f", u + s}')
  mib=$(awk -v k="$rss" 'BEGIN {printf "%.0f", k / 1024}')
  echo "| $m | $r | \`minip ${args[*]}\` | $steps | $wall s | $cpu_s s | $per ms | $mib MiB | $verdict (exit $rc) |" >> "$rows"
done
load1=$(cut -d' ' -f1-3 /proc/loadavg)
echo "$cpu, $cores cores, $mem; load average $load0 before, $load1 after; $(date -u +%F)"
echo
echo "| m | rank | command | steps | wall | CPU | per step | max RSS | verdict |"
echo "|---|---|---|---|---|---|---|---|---|"
cat "$rows"
