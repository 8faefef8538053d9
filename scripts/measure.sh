#!/usr/bin/env bash
# Regenerates the "Measured" table of README.md: runs every command of the table once, in
# order, on this machine, and rewrites the rows between the markers
#   <!-- measured:begin --> ... <!-- measured:end -->
# with the wall-clock and CPU seconds it measured, the machine, the load average before and
# after, the date and the commit. Usage (from the repository root, after `cargo build --release`):
#   bash scripts/measure.sh            # all rows (about 30 min on the 2-core development VM, most of it QSopt_ex)
#   bash scripts/measure.sh --print    # print the table instead of editing README.md
#   MEASURE_ONLY='verify' bash scripts/measure.sh --print   # only the rows whose command matches
# Figures depend on the machine and its load: the header line of the table says both.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=target/release
PATH="$PWD/$BIN:$PATH"
[ -x "$BIN/minip" ] && [ -x "$BIN/minip-check" ] || { echo "measure.sh: build first: cargo build --release --workspace" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# what | command (run as written, from the repository root) | target
ROWS=(
  "sweep of the regression grid (1344 configurations), certificates written and re-verified|minip bench|< 10 s"
  "verify of the gap certificates (1358 files)|minip verify proofs/regression proofs/settle|< 1 s"
  "verify of the ratio and rank certificates (amplify, rank; the largest file a 3.0 MB DRAT proof)|minip verify proofs/amplify proofs/rank|"
  "verify of the sharp bundles (19 152 configurations, both sides each)|minip verify proofs/sharp|"
  "verify of every committed certificate|minip verify proofs|≤ 5 s on 2 idle cores"
  "the same with the checker alone|minip-check proofs|≤ 5 s on 2 idle cores"
  "certified R(0, h; h), n = 3, ε = 1/2, h = 48..168 (minip alone)|minip amplify-bench --against none|h = 168 < 10 s"
  "the same side by side with QSopt_ex on the same LP (wall includes esolver)|minip amplify-bench --h 48,56,64,72,80,88,96,104,112,128,144,168 --against esolver|≥ 10× at every h"
  "certified R(0, 320; 320)|minip amplify --h 320|< 1 min"
  "full sharp sweep (17 472 configurations, both sides certified)|minip sharp --grid instances/sharp.toml --jobs 2|"
  "certified rank table, m = 4..=24 (m = 24: rank ≥ 21)|minip rank --m 4..=24|< 10 min"
  "certified rank frontier, m = 4..=64 even, every kernel class|minip frontier --m 4..=64 --kernel all|"
  "certified rank bounds from linear codes, every even m = 8..=256|minip rank --linear --m 8..=256|one m ≤ 10 min"
  "checking the linear-code certificates (58 files, m ≤ 1024, n ≤ 1024)|minip-check proofs/rank-linear|each ≤ 10 s"
  "a beyond-Min-IP table (tasks on distinct keys)|minip amplify --grid instances/beyond/tasks-ratios.toml|< 5 min"
  "exhaustive exact check, length 3, m = 8 (8.4 M sequence classes)|minip head verify softmax --m 8 --len 3 --no-symmetry|< 5 s"
)

cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
mem=$(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)
load0=$(cut -d' ' -f1-3 /proc/loadavg)
out="$TMP/table.md"
{
  echo "| what | command | wall | CPU | target |"
  echo "|---|---|---|---|---|"
} > "$out"
for row in "${ROWS[@]}"; do
  IFS='|' read -r what cmd target <<< "$row"
  if [ -n "${MEASURE_ONLY:-}" ] && ! [[ "$cmd" =~ $MEASURE_ONLY ]]; then continue; fi
  echo "measure.sh: $cmd" >&2
  TIMEFORMAT='%R %U %S'
  rc=0
  t=$( { time (cd "$PWD" && eval "$cmd" > "$TMP/out" 2> "$TMP/err"); } 2>&1 ) || rc=$?
  read -r wall user sys rest <<< "$t"
  cpu_s=$(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.1f", u + s}')
  # Exit 1 is a certified counterexample (sharp sweeps find kstar < K on purpose): say so.
  status=""; [ "$rc" -ne 0 ] && status=" (exit $rc)"
  # amplify-bench closes with its smallest speed-up against the yardstick: kept in the row.
  speedup=$(sed -n 's/^smallest speed-up against \([a-z]*\): \(.*\)$/\2 against \1/p' "$TMP/err" | tail -1)
  [ -n "$speedup" ] && target="$target (measured: smallest $speedup)"
  printf '| %s | `%s` | %.1f s%s | %s s | %s |\n' "$what" "$cmd" "$wall" "$status" "$cpu_s" "$target" >> "$out"
done
load1=$(cut -d' ' -f1-3 /proc/loadavg)
note="Measured by \`bash scripts/measure.sh\` on $(date -u +%Y-%m-%d) at commit $(git rev-parse --short HEAD): $(nproc) cores ($cpu), $mem, release build; load average $load0 before and $load1 after (the load average says how much else ran; on a loaded machine the figures are upper bounds)."
{
  echo "$note"
  echo
  cat "$out"
} > "$TMP/block.md"
if [ "${1:-}" = "--print" ] || [ -n "${MEASURE_ONLY:-}" ]; then
  cat "$TMP/block.md"
  exit 0
fi
python3 - "$TMP/block.md" <<'PY'
import sys, re
block = open(sys.argv[1]).read().rstrip("\n")
s = open("README.md").read()
a, b = "<!-- measured:begin -->", "<!-- measured:end -->"
i, j = s.index(a) + len(a), s.index(b)
open("README.md", "w").write(s[:i] + "\n" + block + "\n" + s[j:])
PY
echo "measure.sh: README.md updated" >&2
