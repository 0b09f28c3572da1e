#!/usr/bin/env bash
# Calibrates Chariot's playing levels against Stockfish 15.1's own UCI_Elo levels, with
# `chariot arena` (chess). Each row plays one Chariot setting against one Stockfish
# UCI_Elo anchor; the setting's Elo on Stockfish's scale is then
#     anchor + Elo difference measured in the match.
# The measured (level, Elo) points are what `CALIBRATION` in crates/search/src/strength.rs
# holds; `UCI_Elo` interpolates between them.
#
#   apt-get install -y stockfish
#   scripts/calibrate.sh > /tmp/calibration.md        # then paste into BENCHMARKS.md
#
# Rows (environment ROWS, space-separated):
#   L<level>@<anchor>   Chariot at "Skill Level" <level> against Stockfish UCI_Elo <anchor>
#   E<elo>@<anchor>     Chariot with UCI_LimitStrength, UCI_Elo <elo> (checks the mapping:
#                       with <elo> = <anchor> a calibrated engine scores about 50%)
# Other settings: GAMES per row (default 60, even), TC (default 3+0.03), CONCURRENCY
# (default 2: both engines are single-threaded and only one of them thinks at a time),
# OUT (PGN/JSON directory), HASH (MiB, default 16).
set -euo pipefail
cd "$(dirname "$0")/.."

ROWS=${ROWS:-"L3@1320 L6@1320 L9@1600 L12@2000 L15@2000"}
GAMES=${GAMES:-60}
TC=${TC:-3+0.03}
CONCURRENCY=${CONCURRENCY:-2}
HASH=${HASH:-16}
OUT=${OUT:-$(mktemp -d /tmp/chariot-calibrate.XXXXXX)}
SF=${SF:-/usr/games/stockfish}
mkdir -p "$OUT"

cargo build --release -p chariot --quiet
BIN=$PWD/target/release/chariot

commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- crates || echo "+changes")
echo "### Calibration against Stockfish UCI_Elo ($(date -u +%Y-%m-%d), commit $commit)"
echo
echo "Produced by \`ROWS=\"$ROWS\" GAMES=$GAMES TC=$TC CONCURRENCY=$CONCURRENCY scripts/calibrate.sh\`"
echo "on $(nproc) cores; chess, one thread and $HASH MiB each, openings of the shipped set with colours"
echo "swapped. \"Setting Elo\" = anchor + measured difference (95% interval)."
echo
echo "| Chariot setting | Stockfish UCI_Elo | Games | W/D/L | Score | Elo diff (95%) | Setting Elo |"
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
  echo "== Chariot $setting vs Stockfish UCI_Elo $anchor" >&2
  "$BIN" arena --game chess --tc "$TC" --games "$GAMES" --concurrency "$CONCURRENCY" \
    --engine "name=Chariot $setting,cmd=\"$BIN uci\",option.Hash=$HASH,$chariot_opts" \
    --engine "name=Stockfish $anchor,cmd=$SF,option.Hash=$HASH,option.UCI_LimitStrength=true,option.UCI_Elo=$anchor" \
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
python3 - "$OUT" <<'PY'
import glob, json, math, os, sys
pools = {}
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    p = json.load(open(path))["pairs"][0]
    anchor = int(p["b"].split()[-1])
    pools.setdefault(p["a"], []).append((anchor, p["wins"] + 0.5 * p["draws"], p["games"]))
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
PY
echo "PGN and JSON of these matches: $OUT" >&2
