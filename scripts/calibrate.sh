#!/usr/bin/env bash
# Calibrates Chariot's playing levels in one game against a reference engine's own UCI_Elo
# levels, with `chariot arena`:
#   GAME=chess   (default) Stockfish 15.1 (/usr/games/stockfish)
#   GAME=xiangqi Fairy-Stockfish 11.1 (/usr/games/fairy-stockfish, UCI_Variant xiangqi,
#                its xiangqi coordinates: arena proto uci-fsf)
# Each row plays one Chariot setting against one reference UCI_Elo anchor
# (UCI_LimitStrength=true, UCI_Elo=<anchor>); the setting's Elo on the reference's scale is
# then     anchor + Elo difference measured in the match.
# The measured (level, Elo) points are what the game's table in crates/engine/src/levels.rs
# holds (CHESS_LEVELS, XIANGQI_LEVELS); `UCI_Elo` and the web page's level labels follow it.
# The last lines printed are that table's points, to paste there.
#
#   apt-get install -y stockfish fairy-stockfish
#   scripts/calibrate.sh > /tmp/calibration.md        # then paste into BENCHMARKS.md
#   GAME=xiangqi scripts/calibrate.sh > /tmp/calibration-xiangqi.md
#
# Rows (environment ROWS, space-separated):
#   L<level>@<anchor>   Chariot at "Skill Level" <level> against the reference at UCI_Elo <anchor>
#   E<elo>@<anchor>     Chariot with UCI_LimitStrength, UCI_Elo <elo> (checks the mapping:
#                       with <elo> = <anchor> a calibrated engine scores about 50%)
# An anchor below the reference's lowest UCI_Elo would be clamped by it silently, so it is
# refused. Other settings: GAMES per row (default 60, even), TC (default 3+0.03),
# CONCURRENCY (default 2: both engines are single-threaded and only one of them thinks at a
# time), OUT (PGN/JSON directory), HASH (MiB, default 16), REF (the reference's path).
set -euo pipefail
cd "$(dirname "$0")/.."

GAME=${GAME:-chess}
case $GAME in
  chess)
    REF=${REF:-${SF:-/usr/games/stockfish}}
    REF_NAME=Stockfish
    REF_OPTS=""
    SCALE="Stockfish 15.1 UCI_Elo"
    CONST=CHESS_LEVELS
    ;;
  xiangqi)
    REF=${REF:-/usr/games/fairy-stockfish}
    REF_NAME=Fairy-Stockfish
    REF_OPTS=",proto=uci-fsf,option.UCI_Variant=xiangqi"
    SCALE="Fairy-Stockfish 11.1 UCI_Elo (UCI_Variant xiangqi)"
    CONST=XIANGQI_LEVELS
    ;;
  *)
    echo "calibrate.sh: GAME must be chess or xiangqi, not '$GAME'" >&2
    exit 2
    ;;
esac
ROWS=${ROWS:-"L3@1350 L6@1350 L9@1600 L12@2000 L15@2000"}
GAMES=${GAMES:-60}
TC=${TC:-3+0.03}
CONCURRENCY=${CONCURRENCY:-2}
HASH=${HASH:-16}
OUT=${OUT:-$(mktemp -d /tmp/chariot-calibrate-$GAME.XXXXXX)}
if [[ ! -x $REF ]]; then
  echo "calibrate.sh: no reference engine at $REF (apt-get install stockfish fairy-stockfish, or REF=…)" >&2
  exit 2
fi
# The reference's UCI_Elo range, as it declares it.
read -r ELO_MIN ELO_MAX < <(printf 'uci\nquit\n' | "$REF" 2>/dev/null |
  sed -n 's/^option name UCI_Elo type spin .* min \([0-9]*\) max \([0-9]*\).*/\1 \2/p') || true
if [[ -z ${ELO_MIN:-} ]]; then
  echo "calibrate.sh: $REF declares no UCI_Elo option" >&2
  exit 2
fi
# Every row checked before any game is played.
for row in $ROWS; do
  if [[ ! $row =~ ^[LE][0-9]+@([0-9]+)$ ]]; then
    echo "calibrate.sh: bad row '$row' (want L<level>@<anchor> or E<elo>@<anchor>)" >&2
    exit 2
  fi
  anchor=${BASH_REMATCH[1]}
  if ((anchor < ELO_MIN || anchor > ELO_MAX)); then
    echo "calibrate.sh: anchor $anchor in '$row' is outside $REF_NAME's UCI_Elo range $ELO_MIN–$ELO_MAX" >&2
    exit 2
  fi
done
mkdir -p "$OUT"

cargo build --release -p chariot --quiet
BIN=$PWD/target/release/chariot

commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- crates || echo "+changes")
echo "### Calibration against $REF_NAME UCI_Elo, $GAME ($(date -u +%Y-%m-%d), commit $commit)"
echo
echo "Produced by \`GAME=$GAME ROWS=\"$ROWS\" GAMES=$GAMES TC=$TC CONCURRENCY=$CONCURRENCY scripts/calibrate.sh\`"
echo "on $(nproc) cores; $GAME, one thread and $HASH MiB each, openings of the shipped set with colours"
echo "swapped; scale: $SCALE. \"Setting Elo\" = anchor + measured difference (95% interval)."
echo
echo "| Chariot setting | $REF_NAME UCI_Elo | Games | W/D/L | Score | Elo diff (95%) | Setting Elo |"
echo "|---|---:|---:|---|---:|---|---:|"
for row in $ROWS; do
  if [[ $row =~ ^L([0-9]+)@([0-9]+)$ ]]; then
    setting="Skill Level ${BASH_REMATCH[1]}"
    chariot_opts="option.Skill Level=${BASH_REMATCH[1]}"
  elif [[ $row =~ ^E([0-9]+)@([0-9]+)$ ]]; then
    setting="UCI_Elo ${BASH_REMATCH[1]}"
    chariot_opts="option.UCI_LimitStrength=true,option.UCI_Elo=${BASH_REMATCH[1]}"
  else
    echo "calibrate.sh: bad row '$row' (want L<level>@<anchor> or E<elo>@<anchor>)" >&2
    exit 2
  fi
  anchor=${BASH_REMATCH[2]}
  tag=$(printf %s "$row" | tr -c 'A-Za-z0-9' '_')
  echo "== Chariot $setting vs $REF_NAME UCI_Elo $anchor ($GAME)" >&2
  "$BIN" arena --game "$GAME" --tc "$TC" --games "$GAMES" --concurrency "$CONCURRENCY" \
    --engine "name=Chariot $setting,cmd=\"$BIN uci\",option.Hash=$HASH,$chariot_opts" \
    --engine "name=$REF_NAME $anchor,cmd=$REF$REF_OPTS,option.Hash=$HASH,option.UCI_LimitStrength=true,option.UCI_Elo=$anchor" \
    --pgn "$OUT/$tag.pgn" --json "$OUT/$tag.json" >&2
  python3 - "$OUT/$tag.json" "$setting" "$anchor" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))["pairs"][0]
anchor = int(sys.argv[3])
def num(x, unbounded):
    return unbounded if x is None else f"{x:+.0f}"
if p["elo"] is None:
    diff, level = "n/a", "n/a"
else:
    diff = f"{p['elo']:+.0f} [{num(p['elo_low'], '-inf')}, {num(p['elo_high'], '+inf')}]"
    level = f"{anchor + p['elo']:.0f}"
print(f"| {sys.argv[2]} | {anchor} | {p['games']} | {p['wins']}/{p['draws']}/{p['losses']} "
      f"| {100 * p['score']:.1f}% | {diff} | {level} |")
PY
done
# Every match in $OUT (this run's and earlier runs' with the same OUT) pooled per setting:
# the maximum-likelihood Elo given each anchor at its nominal UCI_Elo (draws count half).
echo
echo "Pooled per setting over every match in \`$OUT\` (maximum likelihood, anchors at their"
echo "nominal UCI_Elo; 95% likelihood interval):"
echo
python3 - "$OUT" "$CONST" <<'PY'
import glob, json, math, os, sys
pools = {}
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    p = json.load(open(path))["pairs"][0]
    anchor = int(p["b"].split()[-1])
    pools.setdefault(p["a"], []).append((anchor, p["wins"] + 0.5 * p["draws"], p["games"]))
points = {}
edges = []  # settings that won or lost every game: their Elo is only a bound
def loglik(r, matches):
    total = 0.0
    for anchor, score, games in matches:
        e = 1 / (1 + 10 ** ((anchor - r) / 400))
        total += score * math.log(e) + (games - score) * math.log(1 - e)
    return total
print("| Chariot setting | Games | Anchors | Elo (95%) |")
print("|---|---:|---|---|")
for name in sorted(pools, key=lambda n: int(n.split()[-1])):
    m = pools[name]
    grid = range(0, 3600)
    best = max(grid, key=lambda r: loglik(r, m))
    top = loglik(best, m)
    inside = [r for r in grid if loglik(r, m) > top - 1.92]
    anchors = ", ".join(str(a) for a in sorted({a for a, _, _ in m}))
    print(f"| {name[len('Chariot '):]} | {sum(g for _, _, g in m)} | {anchors} | {best} [{inside[0]}, {inside[-1]}] |")
    if name.startswith("Chariot Skill Level "):
        points[int(name.split()[-1])] = best
        if best in (grid[0], grid[-1]):
            edges.append(name[len("Chariot "):])
# The game's table, to paste into crates/engine/src/levels.rs: Skill Level rows only (UCI_Elo
# rows check the mapping), ascending; the table needs at least two points, the last at 20.
print()
print(f"Points for `{sys.argv[2]}` in crates/engine/src/levels.rs (set `measured: true`):")
print()
print("```rust")
print("    points: &[")
for level in sorted(points):
    print(f"        ({'FULL_LEVEL' if level == 20 else level}, {points[level]}),")
print("    ],")
print("```")
ascending = [points[l] for l in sorted(points)]
if 20 not in points or len(points) < 2 or ascending != sorted(set(ascending)):
    print("\nNot ready to paste: the points need full strength (L20), at least two levels,"
          " and Elo rising with the level.")
if edges:
    print(f"\nNot ready to paste: {', '.join(edges)} won or lost every game, so its Elo is only"
          " a bound; play it against a closer anchor.")
PY
echo "PGN and JSON of these matches: $OUT" >&2
