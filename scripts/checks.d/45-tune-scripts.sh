#!/usr/bin/env bash
# The tuning scripts' helpers: `start_weights.py` keeps a weights file it is given as both
# the layout and the old values, and `label_stockfish.py` tells whole datagen lines from the
# half-written last line of a run stopped by `timeout`; `term_calibration.py` reads every
# term `chariot eval` prints (they add up to its total) and its solver solves;
# `teacher_selfplay.py` writes only quiet positions with the teacher's score turned to
# White's view, and the result of the game. None needs Stockfish (a scripted teacher here).
set -euo pipefail
cd "$(dirname "$0")/../.."

weights=crates/chess/src/eval/weights.rs
start=$(mktemp)
trap 'rm -f "$start"' EXIT
python3 scripts/tune/start_weights.py "$weights" "$weights" > "$start"

python3 - "$weights" "$start" <<'PY'
import importlib.util
import sys
spec = importlib.util.spec_from_file_location("start", "scripts/tune/start_weights.py")
start = importlib.util.module_from_spec(spec)
spec.loader.exec_module(start)
_, before = start.parse(sys.argv[1])
_, after = start.parse(sys.argv[2])
if len(before) < 20 or before != after:
    changed = [g for g in before if before[g] != after.get(g)]
    raise SystemExit(f"45-tune-scripts: start_weights.py changed the groups {changed} "
                     f"of a weights file fitted to its own layout ({len(before)} groups)")
PY

python3 - <<'PY'
import importlib.util
spec = importlib.util.spec_from_file_location("label", "scripts/tune/label_stockfish.py")
label = importlib.util.module_from_spec(spec)
spec.loader.exec_module(label)
fen = "7k/4q1pp/p7/P7/2P1pQ2/1r2P3/5KP1/8 w - - 0 40"
cases = {
    f"{fen} | -644 | 0.0": True,
    f"{fen} | 12 | 0.5\n": True,
    f"{fen} | 12 | 1.0": True,
    f"{fen} | -6": False,
    f"{fen} | 12 | 0.7": False,
    f"{fen} | x | 1.0": False,
    "7k/4q1pp/p7/P7/2P1pQ2/1r2": False,
}
wrong = [line for line, whole in cases.items() if label.well_formed(line) != whole]
if wrong:
    raise SystemExit(f"45-tune-scripts: well_formed is wrong on {wrong}")
PY
python3 - <<'PY'
import importlib.util
import subprocess
spec = importlib.util.spec_from_file_location("calib", "scripts/tune/term_calibration.py")
calib = importlib.util.module_from_spec(spec)
spec.loader.exec_module(calib)
chariot = "target/release/chariot"
for fen in ["1b1r1kr1/1b3p2/1Pp1pn2/p4p2/P2P1q1p/1Q2NN1P/1PB2PP1/3RR2K w - - 0 30",
            "r1bq1rk1/pp1n1ppp/3bp3/3n4/2BP4/P2Q1N2/1P3PPP/RNB1K2R b KQ - 4 7"]:
    out = subprocess.run([chariot, "eval", "--game", "chess", "--classic", "--fen", fen],
                         capture_output=True, text=True, check=True).stdout
    total = int(out.split("total:")[1].split()[0])
    terms = calib.terms(chariot, fen)
    if abs(sum(terms) - total) > len(terms) or not any(terms[1:]):
        raise SystemExit(f"45-tune-scripts: term_calibration read {terms} (sum "
                         f"{sum(terms)}) where chariot eval's total is {total}: {fen}")
x = calib.solve([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0])
if abs(x[0] - 0.8) > 1e-9 or abs(x[1] - 1.4) > 1e-9:
    raise SystemExit(f"45-tune-scripts: solve gave {x}, not [0.8, 1.4]")
PY
python3 - <<'PY'
import importlib.util
import random
import chess
spec = importlib.util.spec_from_file_location("selfplay", "scripts/tune/teacher_selfplay.py")
selfplay = importlib.util.module_from_spec(spec)
spec.loader.exec_module(selfplay)
VALUES = {chess.PAWN: 100, chess.KNIGHT: 300, chess.BISHOP: 300, chess.ROOK: 500,
          chess.QUEEN: 900, chess.KING: 0}


def material(board):
    """Material balance for the side to move."""
    return sum(VALUES[p.piece_type] * (1 if p.color == board.turn else -1)
               for p in board.piece_map().values())


def teacher_move(board):
    """The scripted teacher: the first capture, else the first move (UCI order)."""
    moves = sorted(board.legal_moves, key=lambda m: m.uci())
    captures = [m for m in moves if board.is_capture(m)]
    return (captures or moves)[0]


class Teacher:
    """Answers `position fen` + `go` as a UCI engine would, scored by material."""
    def __init__(self):
        self.fen = None
        self.stdout = self.replies()

    def send(self, text):
        if text.startswith("position fen "):
            self.fen = text[len("position fen "):]

    def replies(self):
        while True:
            board = chess.Board(self.fen)
            if board.is_checkmate() or board.is_stalemate():
                yield "info depth 0 score cp 0\n"
                yield "bestmove (none)\n"
                continue
            yield f"info depth 1 seldepth 1 score cp {material(board)} pv x\n"
            yield f"bestmove {teacher_move(board).uci()}\n"


class Args:
    depth, random_plies = 1, 2


teacher = Teacher()
rng = random.Random(5)
openings = [fen for fen, _ in selfplay.read_epd("crates/arena/data/openings/chess.epd")]
written = 0
for _ in range(6):
    samples, result = selfplay.play_game(teacher.send, teacher.stdout, rng, openings, Args)
    if result not in ("0", "0.5", "1"):
        raise SystemExit(f"45-tune-scripts: teacher_selfplay result {result!r}")
    for fen, cp in samples:
        board = chess.Board(fen)
        white = material(board) if board.turn == chess.WHITE else -material(board)
        if board.is_check() or board.is_capture(teacher_move(board)) or cp != white:
            raise SystemExit(f"45-tune-scripts: teacher_selfplay wrote {fen} | {cp}")
    written += len(samples)
if written < 50:
    raise SystemExit(f"45-tune-scripts: teacher_selfplay wrote only {written} positions")
PY
echo "45-tune-scripts: OK"
