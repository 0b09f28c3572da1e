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
#   L<a>vL<b>           a ladder match: Chariot at level <a> against Chariot at level <b>,
#                       for levels the reference cannot tell apart (every game won against
#                       its strongest setting); the joint fit chains them to the anchored ones
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
  [[ $row =~ ^L[0-9]+vL[0-9]+$ ]] && continue
  if [[ ! $row =~ ^[LE][0-9]+@([0-9]+)$ ]]; then
    echo "calibrate.sh: bad row '$row' (want L<level>@<anchor>, E<elo>@<anchor> or L<a>vL<b>)" >&2
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
# One match between two `--engine` specs, its PGN and JSON written under $OUT/$1.
play_match() {
  "$BIN" arena --game "$GAME" --tc "$TC" --games "$GAMES" --concurrency "$CONCURRENCY" \
    --engine "$2" --engine "$3" --pgn "$OUT/$1.pgn" --json "$OUT/$1.json" >&2
}
# Chariot at a setting (`option.NAME=VALUE` list) as an `--engine` spec.
chariot() {
  printf 'name=Chariot %s,cmd="%s uci",option.Hash=%s,%s' "$1" "$BIN" "$HASH" "$2"
}
for row in $ROWS; do
  # Each match gets its own files: a row played again (more games) adds to the pool.
  tag=$(printf %s "$row" | tr -c 'A-Za-z0-9' '_')
  n=1
  while [[ -e $OUT/$tag-$n.json ]]; do n=$((n + 1)); done
  tag=$tag-$n
  if [[ $row =~ ^L([0-9]+)vL([0-9]+)$ ]]; then
    a=${BASH_REMATCH[1]} b=${BASH_REMATCH[2]}
    echo "== Chariot Skill Level $a vs Chariot Skill Level $b ($GAME, ladder)" >&2
    play_match "$tag" "$(chariot "Skill Level $a" "option.Skill Level=$a")" \
      "$(chariot "Skill Level $b" "option.Skill Level=$b")"
    python3 - "$OUT/$tag.json" "$a" "$b" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))["pairs"][0]
diff = "n/a" if p["elo"] is None else f"{p['elo']:+.0f} (ladder)"
print(f"| Skill Level {sys.argv[2]} | Chariot level {sys.argv[3]} | {p['games']} "
      f"| {p['wins']}/{p['draws']}/{p['losses']} | {100 * p['score']:.1f}% | {diff} | — |")
PY
    continue
  fi
  if [[ $row =~ ^L([0-9]+)@([0-9]+)$ ]]; then
    setting="Skill Level ${BASH_REMATCH[1]}"
    chariot_opts="option.Skill Level=${BASH_REMATCH[1]}"
  elif [[ $row =~ ^E([0-9]+)@([0-9]+)$ ]]; then
    setting="UCI_Elo ${BASH_REMATCH[1]}"
    chariot_opts="option.UCI_LimitStrength=true,option.UCI_Elo=${BASH_REMATCH[1]}"
  else
    echo "calibrate.sh: bad row '$row' (want L<level>@<anchor>, E<elo>@<anchor> or L<a>vL<b>)" >&2
    exit 2
  fi
  anchor=${BASH_REMATCH[2]}
  echo "== Chariot $setting vs $REF_NAME UCI_Elo $anchor ($GAME)" >&2
  play_match "$tag" "$(chariot "$setting" "$chariot_opts")" \
    "name=$REF_NAME $anchor,cmd=$REF$REF_OPTS,option.Hash=$HASH,option.UCI_LimitStrength=true,option.UCI_Elo=$anchor"
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
# Every match in $OUT (this run's and earlier runs' with the same OUT) rated together:
# anchors at their nominal UCI_Elo, ladder matches chaining levels (scripts/calibrate_fit.py).
echo
echo "All settings rated together over every match in \`$OUT\` (maximum likelihood, anchors at"
echo "their nominal UCI_Elo, ladder games between levels; 95% likelihood interval):"
echo
python3 scripts/calibrate_fit.py "$OUT" "$CONST"
echo "PGN and JSON of these matches: $OUT" >&2
