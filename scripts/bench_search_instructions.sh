#!/usr/bin/env bash
# Instructions (callgrind's Ir) that one Chariot binary spends on a fixed-node search from
# the opening position of scripts/bench_search_cpu.sh. Unlike CPU time, the count does not
# depend on the machine's load, so two binaries can be compared on a busy VM.
#
#   scripts/bench_search_instructions.sh BIN [GAME] [NODES]   (defaults: xiangqi, 300000)
set -euo pipefail
bin=${1:?usage: bench_search_instructions.sh BIN [GAME] [NODES]}
game=${2:-xiangqi}
nodes=${3:-300000}
case "$game" in
  xiangqi) fen="r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1" ;;
  chess) fen="r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4" ;;
  *) echo "unknown game $game (chess or xiangqi)" >&2; exit 2 ;;
esac
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# The session quits once the search has printed bestmove.
{
  echo "setoption name UCI_Variant value $game"
  echo "position fen $fen"
  echo "go nodes $nodes"
  while ! grep -qs '^bestmove' "$dir/out"; do sleep 0.2; done
  echo quit
} | valgrind --tool=callgrind --callgrind-out-file="$dir/cg" "$bin" uci >"$dir/out" 2>"$dir/err"
grep -o 'Collected : [0-9]*' "$dir/err" | awk '{print $3}'
