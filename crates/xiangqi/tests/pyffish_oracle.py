#!/usr/bin/env python3
"""Fairy-Stockfish's rules as an oracle for differential.rs, over stdin/stdout.

Two independent views of Fairy-Stockfish are used: the `fairy-stockfish` binary (kept
running: legal moves from `go perft 1`, check and FEN from `d`) for the per-ply questions,
and pyffish for game-end verdicts and WXF. pyffish re-initialises its tables on every
call (milliseconds each), so it is asked only where it can matter: when the test asks,
when the position repeats one since the last capture, and on a random sample of plies.

Requests (tab-separated), one per line:
  N                                    new game
  P <root FEN> <moves> <ask 0/1>       a ply; moves use ranks 1-10, space-separated
  E <start FEN> <all moves> <no-move 0/1>  end of game
Answers:
  P -> legal (sorted) | in check 0/1 | FEN | verdict: "-" (not asked), "0", or "1 <value>"
  E -> WXF of every move (space-separated) | insufficient material "a b" | game_result or "-"
"""
import random
import shutil
import subprocess
import sys

try:
    import pyffish as sf
except ImportError:
    print("ERROR pyffish missing", flush=True)
    sys.exit(3)

V = "xiangqi"
BINARY = shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"
SAMPLE = 0.05


class Engine:
    def __init__(self):
        self.p = subprocess.Popen(
            [BINARY], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.until(lambda l: l == "uciok")
        self.send("setoption name UCI_Variant value xiangqi")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, stop):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish exited")
            line = line.rstrip("\n")
            lines.append(line)
            if stop(line):
                return lines

    def query(self, fen, moves):
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        self.send("d")
        info = self.until(lambda l: l.startswith("Checkers:"))
        fen_now = next(l[5:] for l in info if l.startswith("Fen: "))
        check = int(info[-1].strip() != "Checkers:")
        self.send("go perft 1")
        out = self.until(lambda l: l.startswith("Nodes searched"))
        legal = sorted(l.split(":")[0] for l in out if l.endswith(": 1") and not l.startswith("Nodes"))
        return legal, check, fen_now


def main():
    try:
        engine = Engine()
    except OSError as e:
        print(f"ERROR cannot start {BINARY}: {e}", flush=True)
        sys.exit(3)
    rng = random.Random(1)
    seen = set()
    print("READY", sf.version(), flush=True)
    for request in sys.stdin:
        parts = request.rstrip("\n").split("\t")
        try:
            if parts[0] == "N":
                seen = set()
                print("OK", flush=True)
            elif parts[0] == "P":
                fen, moves, ask = parts[1], parts[2].split(), parts[3] == "1"
                legal, check, fen_now = engine.query(fen, moves)
                fields = fen_now.split()
                if fields[4] == "0":
                    seen = set()
                key = " ".join(fields[:2])
                verdict = "-"
                if ask or key in seen or rng.random() < SAMPLE:
                    end, value = sf.is_optional_game_end(V, fen, moves)
                    verdict = f"1 {value}" if end else "0"
                seen.add(key)
                print("\t".join([" ".join(legal), str(check), fen_now, verdict]), flush=True)
            elif parts[0] == "E":
                fen, moves, no_move = parts[1], parts[2].split(), parts[3] == "1"
                wxf = sf.get_san_moves(V, fen, moves, False, sf.NOTATION_XIANGQI_WXF) if moves else []
                red, black = sf.has_insufficient_material(V, fen, moves)
                result = str(sf.game_result(V, fen, moves)) if no_move else "-"
                print("\t".join([" ".join(wxf), f"{int(red)} {int(black)}", result]), flush=True)
            else:
                print(f"ERROR bad request {parts[0]!r}", flush=True)
        except Exception as e:  # report, never die mid-test
            print(f"ERROR {e!r}", flush=True)


if __name__ == "__main__":
    main()
