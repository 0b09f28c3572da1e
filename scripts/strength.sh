#!/usr/bin/env bash
# Strength table for BENCHMARKS.md: Chariot against a ladder of Debian's engines, played by
# `chariot arena` from a fresh release build. Prints a Markdown section on stdout;
# progress and per-match summaries go to stderr; PGN and JSON stay in $OUT.
#
#   apt-get install -y gnuchess glaurung toga2 ethereal-chess stockfish fairy-stockfish phalanx sjeng
#   scripts/strength.sh > /tmp/strength.md        # then paste into BENCHMARKS.md
#
# Settings (environment): GAMES per row (default 20, an even number: each opening is
# played with both colours), TC (default 10+0.1), CONCURRENCY (default 1: one game at a
# time, so that each of the two engines has a core on a 2-core machine), GAME (chess,
# xiangqi or both; default both), ROWS (a regular expression selecting rows by label),
# OUT (where PGN/JSON go), HASH (MiB per engine, default 16).
#
# phalanx and sjeng speak only the xboard protocol (proto=xboard in their spec); for them
# the Hash option becomes `memory N`. Rows whose binary is missing are listed as "not installed".
set -euo pipefail
cd "$(dirname "$0")/.."

GAMES=${GAMES:-20}
TC=${TC:-10+0.1}
CONCURRENCY=${CONCURRENCY:-1}
GAME=${GAME:-both}
ROWS=${ROWS:-.}
HASH=${HASH:-16}
OUT=${OUT:-$(mktemp -d /tmp/chariot-strength.XXXXXX)}
mkdir -p "$OUT"

cargo build --release -p chariot --quiet
BIN=$PWD/target/release/chariot
CHARIOT=${CHARIOT:-$BIN uci}

# label | game | engine spec (without name=) ; Chariot plays every row.
ROW_LIST=(
  "stockfish Elo 1320|chess|cmd=/usr/games/stockfish,option.UCI_LimitStrength=true,option.UCI_Elo=1320"
  "stockfish Elo 1600|chess|cmd=/usr/games/stockfish,option.UCI_LimitStrength=true,option.UCI_Elo=1600"
  "stockfish Elo 2000|chess|cmd=/usr/games/stockfish,option.UCI_LimitStrength=true,option.UCI_Elo=2000"
  "stockfish Elo 2200|chess|cmd=/usr/games/stockfish,option.UCI_LimitStrength=true,option.UCI_Elo=2200"
  "stockfish Elo 2400|chess|cmd=/usr/games/stockfish,option.UCI_LimitStrength=true,option.UCI_Elo=2400"
  "phalanx|chess|cmd=/usr/games/phalanx,proto=xboard"
  "sjeng|chess|cmd=/usr/games/sjeng,proto=xboard"
  "gnuchess|chess|cmd=\"/usr/games/gnuchess --uci\""
  "glaurung|chess|cmd=/usr/games/glaurung"
  "toga2|chess|cmd=/usr/games/toga2"
  "ethereal|chess|cmd=/usr/games/ethereal-chess"
  "stockfish full|chess|cmd=/usr/games/stockfish"
  "fairy-stockfish Skill 0|xiangqi|cmd=/usr/games/fairy-stockfish,option.Skill Level=0"
  "fairy-stockfish Skill 5|xiangqi|cmd=/usr/games/fairy-stockfish,option.Skill Level=5"
  "fairy-stockfish Skill 10|xiangqi|cmd=/usr/games/fairy-stockfish,option.Skill Level=10"
  "fairy-stockfish Skill 15|xiangqi|cmd=/usr/games/fairy-stockfish,option.Skill Level=15"
  "fairy-stockfish full|xiangqi|cmd=/usr/games/fairy-stockfish"
)

commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- crates || echo "+changes")
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
echo "### Strength ($(date -u +%Y-%m-%d), commit $commit)"
echo
echo "Produced by \`GAMES=$GAMES TC=$TC CONCURRENCY=$CONCURRENCY scripts/strength.sh\` on"
echo "$(nproc) cores of $cpu (shared with other work). Time control $TC, $GAMES games per row"
echo "(each opening of the shipped set twice, colours swapped), Hash $HASH MiB each, one thread each."
echo "Elo is Chariot minus the opponent, logistic, with the 95% interval from game pairs"
echo "(pentanomial); with this few games the intervals are wide."
echo
echo "| Game | Opponent | Games | Chariot W/D/L | Score | Elo diff (95%) | Faults (Chariot / opponent) |"
echo "|---|---|---:|---|---:|---|---|"
for row in "${ROW_LIST[@]}"; do
  IFS='|' read -r label game spec <<<"$row"
  [[ $GAME == both || $GAME == "$game" ]] || continue
  [[ $label =~ $ROWS ]] || continue
  prog=$(sed -E 's/^cmd="?([^ ",]+).*/\1/' <<<"$spec")
  if [ ! -x "$prog" ]; then
    echo "| $game | $label | – | not installed | | | |"
    continue
  fi
  tag=$(printf %s "$label" | tr -c 'A-Za-z0-9' '_')
  echo "== $game: Chariot vs $label" >&2
  if ! "$BIN" arena --game "$game" --tc "$TC" --games "$GAMES" --concurrency "$CONCURRENCY" \
      --engine "name=Chariot,cmd=\"$CHARIOT\",option.Hash=$HASH" \
      --engine "name=$label,$spec,option.Hash=$HASH" \
      --pgn "$OUT/$tag.pgn" --json "$OUT/$tag.json" >&2; then
    echo "| $game | $label | – | arena failed | | | |"
    continue
  fi
  python3 - "$OUT/$tag.json" "$game" "$label" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
p = r["pairs"][0]
f = {x["engine"]: x for x in r["faults"]}
def faults(name):
    x = f[name]
    parts = [f"{k} {x[k]}" for k in ("illegal", "crash", "hang", "time") if x[k]]
    return ", ".join(parts) or "none"
def num(x, unbounded):
    return unbounded if x is None else f"{x:+.0f}"
elo = "n/a" if p["elo"] is None else f"{p['elo']:+.0f} [{num(p['elo_low'], '-inf')}, {num(p['elo_high'], '+inf')}]"
print(f"| {sys.argv[2]} | {sys.argv[3]} | {p['games']} | {p['wins']}/{p['draws']}/{p['losses']} "
      f"| {100 * p['score']:.1f}% | {elo} | {faults(p['a'])} / {faults(p['b'])} |")
PY
done
echo
echo "PGN and JSON of these matches: $OUT" >&2
