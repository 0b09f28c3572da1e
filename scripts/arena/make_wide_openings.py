#!/usr/bin/env python3
"""Writes a wide opening set (chess or xiangqi) for fixed-node matches.

Why: Chariot is deterministic at a fixed node count, so a match that plays an opening a
second time (colours as before) replays the same game move for move. With the 40 default
openings a 600-game match held only 40 distinct game pairs, each counted about 7.5 times,
and its error bars were about 2.7 times too narrow (docs/benchmarks-history.md, session
16). This set gives every game pair of a 600-game match its own opening.

How: from each default opening (crates/arena/data/openings/<game>.epd) play a few uniformly
random legal plies (python-chess for chess, pyffish for xiangqi), then keep the position when
a short search of the engine given scores it within --max-cp of equality (so games are not
decided by the random moves) and it is new.

Run: python3 scripts/arena/make_wide_openings.py --engine target/release/chariot
     python3 scripts/arena/make_wide_openings.py --game xiangqi --seed 17 --engine target/release/chariot
     (write crates/arena/data/openings/<game>-wide.epd; same seed, same file)
"""
import argparse
import os
import random
import subprocess

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
OPENINGS = os.path.join(ROOT, "crates", "arena", "data", "openings")


def read_epd(path):
    """(FEN, name) of each EPD line with an id."""
    out = []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields, _, rest = line.partition(" id ")
        name = rest.strip().rstrip(";").strip('"')
        out.append((fields.strip() + " 0 1", name))
    return out


def read_fen_comments(path):
    """(FEN, name) of each `FEN # name` line (the xiangqi set's format)."""
    out = []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fen, _, name = line.partition("#")
        out.append((fen.strip(), name.strip()))
    return out


class ChessRules:
    """Random plies and output lines for chess (python-chess)."""

    name = "chess"
    format = "EPD with an id per line"

    def bases(self):
        return read_epd(os.path.join(OPENINGS, "chess.epd"))

    def random_walk(self, rng, fen, plies):
        """The position after `plies` random legal moves as (fen, key), or None when the
        walk ends the game or leaves the side to move in check."""
        import chess

        board = chess.Board(fen)
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                return None
            board.push(rng.choice(moves))
        if board.is_game_over() or board.is_check():
            return None
        return board.fen(), board.epd()

    def line(self, fen, key, name, plies, cp):
        return '%s id "%s + %d random plies, %+d cp";' % (key, name, plies, cp)


class XiangqiRules:
    """Random plies and output lines for xiangqi (pyffish, Fairy-Stockfish's rules)."""

    name = "xiangqi"
    format = "FEN and a # comment per line"

    def bases(self):
        return read_fen_comments(os.path.join(OPENINGS, "xiangqi.epd"))

    def random_walk(self, rng, fen, plies):
        """As ChessRules.random_walk."""
        import pyffish

        moves = []
        for _ in range(plies):
            legal = pyffish.legal_moves("xiangqi", fen, moves)
            if not legal:
                return None
            moves.append(rng.choice(legal))
        if not pyffish.legal_moves("xiangqi", fen, moves):
            return None
        if pyffish.gives_check("xiangqi", fen, moves):
            return None
        end = pyffish.get_fen("xiangqi", fen, moves)
        # The board and side to move identify a position; the counters do not.
        return end, " ".join(end.split()[:2])

    def line(self, fen, key, name, plies, cp):
        return "%s # %s + %d random plies, %+d cp" % (fen, name, plies, cp)


class Engine:
    """A UCI engine that scores positions with a fixed node count."""

    def __init__(self, cmd, nodes, game):
        self.proc = subprocess.Popen(
            [cmd, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.nodes = nodes
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name Hash value 16")
        if game != "chess":
            self.send("setoption name UCI_Variant value " + game)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait(self, token):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            lines.append(line)
            if line.startswith(token):
                return lines

    def score(self, fen):
        """Centipawns for the side to move, or None for a mate score."""
        self.send("ucinewgame")
        self.send("position fen " + fen)
        self.send("go nodes %d" % self.nodes)
        score = None
        for line in self.wait("bestmove"):
            words = line.split()
            if "score" in words:
                i = words.index("score")
                score = int(words[i + 2]) if words[i + 1] == "cp" else None
        return score

    def close(self):
        self.send("quit")
        self.proc.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", required=True, help="UCI engine that scores the candidates")
    ap.add_argument("--game", choices=["chess", "xiangqi"], default="chess")
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--plies", type=int, default=4, help="random plies after each opening")
    ap.add_argument("--nodes", type=int, default=5000)
    ap.add_argument("--max-cp", type=int, default=100)
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--out", help="default: crates/arena/data/openings/<game>-wide.epd")
    args = ap.parse_args()
    rules = ChessRules() if args.game == "chess" else XiangqiRules()
    out = args.out or os.path.join(OPENINGS, "%s-wide.epd" % rules.name)

    rng = random.Random(args.seed)
    bases = rules.bases()
    engine = Engine(args.engine, args.nodes, rules.name)
    seen = set()
    kept = []
    tries = 0
    while len(kept) < args.count:
        tries += 1
        if tries > 50 * args.count:
            raise SystemExit("too few positions pass the filter")
        fen, name = rng.choice(bases)
        walked = rules.random_walk(rng, fen, args.plies)
        if walked is None:
            continue
        end, key = walked
        if key in seen:
            continue
        seen.add(key)
        cp = engine.score(end)
        if cp is None or abs(cp) > args.max_cp:
            continue
        kept.append(rules.line(end, key, name, args.plies, cp))
        if len(kept) % 200 == 0:
            print("%d kept of %d tried" % (len(kept), tries), flush=True)
    engine.close()
    with open(out, "w", encoding="utf-8") as f:
        f.write("# Wide %s openings for fixed-node matches: each default opening plus %d\n" % (rules.name, args.plies))
        f.write("# uniformly random plies, kept within %d cp at %d nodes (seed %d).\n" % (args.max_cp, args.nodes, args.seed))
        f.write("# Generated by scripts/arena/make_wide_openings.py; %s.\n" % rules.format)
        for line in kept:
            f.write(line + "\n")
    print("wrote %d openings (%d tried) to %s" % (len(kept), tries, out))


if __name__ == "__main__":
    main()
