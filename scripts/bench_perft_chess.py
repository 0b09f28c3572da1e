#!/usr/bin/env python3
"""Chess perft speed: Chariot's release binary against Stockfish's `go perft`, same run.

Runs each standard perft position with both engines, alternating, several times, and
prints nodes/second per run, the medians and the ratio Chariot / Stockfish.
Both are timed without start-up: Chariot reports its own perft time; Stockfish is
timed from sending `go perft` to reading `Nodes searched`, after `isready`.

Usage: python3 scripts/bench_perft_chess.py [--reps 3] [--quick]
(builds target/release/chariot first if it is missing; needs /usr/games/stockfish)
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHARIOT = os.path.join(ROOT, "target", "release", "chariot")
STOCKFISH = "/usr/games/stockfish"

# (name, FEN, depth, expected nodes) -- positions 1-6 of the chessprogramming perft suite
POSITIONS = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690),
    ("pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11030083),
    ("pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292),
    ("pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89941194),
    ("pos6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3894594),
]


def chariot_perft(fen, depth):
    out = subprocess.run(
        [CHARIOT, "perft", "--fen", fen, "--depth", str(depth)],
        check=True, capture_output=True, text=True,
    ).stdout
    nodes = int(re.search(r"Nodes searched: (\d+)", out).group(1))
    secs = float(re.search(r"Time: ([\d.]+) s", out).group(1))
    return nodes, secs


class Stockfish:
    def __init__(self):
        self.p = subprocess.Popen([STOCKFISH], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name Threads value 1")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            if line.startswith(prefix):
                return line

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send("isready")
        self.wait("readyok")
        start = time.perf_counter()
        self.send(f"go perft {depth}")
        line = self.wait("Nodes searched")
        secs = time.perf_counter() - start
        return int(line.split(":")[1]), secs

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="one ply less everywhere")
    args = ap.parse_args()
    if not os.path.exists(CHARIOT):
        subprocess.run(["cargo", "build", "--release", "-p", "chariot"], cwd=ROOT, check=True)
    if not os.path.exists(STOCKFISH):
        sys.exit("stockfish missing: apt-get install -y stockfish")
    sf = Stockfish()
    totals = {"chariot": [], "stockfish": []}
    print(f"{'position':<10}{'depth':>6}{'nodes':>12}  {'chariot Mnps (runs)':<30}{'stockfish Mnps (runs)':<30}{'ratio':>6}")
    for name, fen, depth, expected in POSITIONS:
        if args.quick:
            depth -= 1
            expected = None
        runs = {"chariot": [], "stockfish": []}
        for _ in range(args.reps):
            for engine, fn in (("chariot", chariot_perft), ("stockfish", sf.perft)):
                nodes, secs = fn(fen, depth)
                if expected is not None and nodes != expected:
                    sys.exit(f"{engine} {name} depth {depth}: {nodes} nodes, expected {expected}")
                runs[engine].append((nodes, secs))
        meds = {}
        for engine in runs:
            nps = [n / s / 1e6 for n, s in runs[engine]]
            meds[engine] = statistics.median(nps)
            totals[engine].append(runs[engine])
        fmt = lambda e: f"{meds[e]:7.1f} ({', '.join(f'{n / s / 1e6:.1f}' for n, s in runs[e])})"
        nodes = runs["chariot"][0][0]
        print(f"{name:<10}{depth:>6}{nodes:>12}  {fmt('chariot'):<30}{fmt('stockfish'):<30}{meds['chariot'] / meds['stockfish']:6.2f}")
    sf.close()
    # Overall: per repetition, all nodes over all time, then the median of the repetitions.
    overall = {}
    for engine, per_pos in totals.items():
        reps = []
        for r in range(args.reps):
            nodes = sum(p[r][0] for p in per_pos)
            secs = sum(p[r][1] for p in per_pos)
            reps.append(nodes / secs / 1e6)
        overall[engine] = statistics.median(reps)
    print(f"\noverall median Mnps: chariot {overall['chariot']:.1f}, stockfish {overall['stockfish']:.1f}, "
          f"ratio chariot/stockfish {overall['chariot'] / overall['stockfish']:.2f}")


if __name__ == "__main__":
    main()
