#!/usr/bin/env bash
# Search speed of two Chariot binaries side by side: the CPU seconds each spends on the same
# fixed-node search, runs alternating so that both see the same load, and the median of each.
# CPU time (not wall time) and alternation keep the comparison usable on a loaded machine;
# a change that keeps the tree (same bench signature) should be compared this way.
#
#   scripts/bench_search_cpu.sh OLD NEW [GAME] [NODES] [RUNS]
#   (defaults: xiangqi, 1500000 nodes, 6 runs each)
set -euo pipefail
old=${1:?usage: bench_search_cpu.sh OLD NEW [GAME] [NODES] [RUNS]}
new=${2:?usage: bench_search_cpu.sh OLD NEW [GAME] [NODES] [RUNS]}
game=${3:-xiangqi}
nodes=${4:-1500000}
runs=${5:-6}
case "$game" in
  xiangqi) fen="r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1" ;;
  chess) fen="r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4" ;;
  *) echo "unknown game $game (chess or xiangqi)" >&2; exit 2 ;;
esac

# CPU seconds (user) of one search; the session quits once the search has printed bestmove.
cpu() {
  local out
  out=$(mktemp)
  {
    echo "setoption name UCI_Variant value $game"
    echo "position fen $fen"
    echo "go nodes $nodes"
    while ! grep -q '^bestmove' "$out"; do sleep 0.2; done
    echo quit
  } | /usr/bin/time -f '%U' -o "$out.time" "$1" uci >"$out"
  cat "$out.time"
  rm -f "$out" "$out.time"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

a=()
b=()
for _ in $(seq "$runs"); do
  a+=("$(cpu "$old")")
  b+=("$(cpu "$new")")
done
ma=$(printf '%s\n' "${a[@]}" | median)
mb=$(printf '%s\n' "${b[@]}" | median)
echo "old: ${a[*]} (median $ma s)"
echo "new: ${b[*]} (median $mb s)"
awk -v a="$ma" -v b="$mb" 'BEGIN { printf "new - old: %+.1f%% CPU time for the same %s nodes\n", 100 * (b - a) / a, "'"$nodes"'" }'
