#!/usr/bin/env bash
# `chariot arena` end to end: short matches in both games between real engines
# (Stockfish, Fairy-Stockfish at a few hundred nodes per move) and scripted test engines
# (a random mover, one speaking Pikafish's 0-9 ranks, an illegal-moving one); then an
# independent referee (python-chess, pyffish) replays every PGN game and checks each move
# and each stated ending. Takes well under a minute.
set -euo pipefail
cd "$(dirname "$0")/../.."

cargo build --release -p chariot --quiet
BIN=target/release/chariot
FAKE=crates/arena/tests/engines/fake_uci.py
SF=/usr/games/stockfish
FSF=/usr/games/fairy-stockfish
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

run() { echo "+ chariot arena $*"; "$BIN" arena --quiet --concurrency 2 "$@"; }

run --game chess --engine name=sf,cmd=$SF,option.Hash=8 \
  --engine name=random,cmd="python3 $FAKE legal 1" \
  --nodes 300 --games 4 --pgn "$OUT/chess-random.pgn"
run --game chess --engine name=sf-a,cmd=$SF,option.Hash=8 --engine name=sf-b,cmd=$SF,option.Hash=8 \
  --nodes 200 --games 2 --seed 3 --pgn "$OUT/chess-sf.pgn"
run --game xiangqi --engine name=fsf,cmd=$FSF,option.Hash=8 \
  --engine name=random-pika,cmd="python3 $FAKE legal 2",proto=uci-pika,option.Ranks=0 \
  --nodes 300 --games 4 --pgn "$OUT/xiangqi-random.pgn" --json "$OUT/pika.json"
run --game xiangqi --engine name=fsf-a,cmd=$FSF,option.Hash=8 --engine name=fsf-b,cmd=$FSF,option.Hash=8 \
  --nodes 200 --games 2 --seed 5 --max-moves 150 --pgn "$OUT/xiangqi-fsf.pgn"

# Chariot against itself limited to plain fixed-depth alpha-beta (issue 4's baseline), in
# both games: full games to the end, no faults, every move checked by the referee below.
for game in chess xiangqi; do
  run --game $game --engine name=full,cmd="$BIN uci",option.Hash=8 \
    --engine name=plain-ab2,cmd="$BIN uci","option.Search=alphabeta","option.AlphaBeta Depth=2" \
    --nodes 2000 --games 2 --json "$OUT/plain-$game.json" --pgn "$OUT/plain-$game.pgn"
  python3 - "$OUT/plain-$game.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
bad = [f for f in r["faults"] if f["illegal"] or f["crash"] or f["hang"] or f["time"]]
assert not bad and r["games"] == 2, r
PY
done

# An xboard engine (phalanx) against Chariot: two short games, no faults on either side.
run --game chess --engine name=phalanx,cmd=/usr/games/phalanx,proto=xboard \
  --engine name=chariot,cmd="$BIN uci",option.Hash=8 \
  --tc 1+0.05 --games 2 --json "$OUT/xboard.json" --pgn "$OUT/xboard.pgn"
python3 - "$OUT/xboard.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
bad = [f for f in r["faults"] if f["illegal"] or f["crash"] or f["hang"] or f["time"]]
assert not bad and r["games"] == 2, r
PY
# Its per-move comments read back as a clock report that counts Chariot's moves.
python3 scripts/arena/clock_report.py --engine chariot "$OUT/xboard.pgn" | tee "$OUT/clock.txt"
grep -q "^chariot: [0-9.]* s a move over [1-9]" "$OUT/clock.txt"

# Openings at the way into the endgame, cut from committed games: every line a legal
# position within the material limit, not in check, and the arena plays from them.
python3 scripts/arena/make_endgame_openings.py --count 20 --seed 1 \
  benchmarks/games/session41-sf2600-net41m-avx-10+0.1-vm.pgn.gz > "$OUT/endgames.epd"
python3 - "$OUT/endgames.epd" <<'PY'
import sys, chess
lines = [l for l in open(sys.argv[1]) if not l.startswith("#")]
assert len(lines) == 20, len(lines)
values = {chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
for line in lines:
    board, ops = chess.Board.from_epd(line)
    assert board.is_valid() and not board.is_check() and ops["id"].startswith("eg"), line
    assert sum(len(board.pieces(k, c)) * v for k, v in values.items() for c in chess.COLORS) <= 26, line
PY
run --game chess --engine name=sf-a,cmd=$SF,option.Hash=8 --engine name=sf-b,cmd=$SF,option.Hash=8 \
  --nodes 200 --games 2 --openings "$OUT/endgames.epd" --json "$OUT/endgames.json"
python3 - "$OUT/endgames.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["games"] == 2 and not any(f["illegal"] or f["crash"] for f in r["faults"]), r
PY

# An illegal-moving engine loses both games (as White and as Black), counted as illegal.
run --game xiangqi --engine name=fsf,cmd=$FSF --engine name=cheat,cmd="python3 $FAKE illegal" \
  --depth 1 --games 2 --json "$OUT/faults.json" --pgn "$OUT/faults.pgn"
python3 - "$OUT/faults.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
pair = r["pairs"][0]
faults = {f["engine"]: f for f in r["faults"]}
assert (pair["wins"], pair["draws"], pair["losses"]) == (2, 0, 0), pair
assert faults["cheat"]["illegal"] == 2 and faults["fsf"]["illegal"] == 0, faults
print("faults counted:", faults["cheat"])
PY
# The random mover speaking 0-9 ranks was understood: no faults on either side.
python3 - "$OUT/pika.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
bad = [f for f in r["faults"] if f["illegal"] or f["crash"] or f["hang"] or f["time"]]
assert not bad and r["games"] == 4, r
PY

python3 scripts/arena/verify_pgn.py "$OUT"/*.pgn
