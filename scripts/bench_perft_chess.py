#!/usr/bin/env python3
"""Chess perft speed: Chariot's release binary against Stockfish's `go perft`, same run.

Runs each standard perft position with both engines, alternating, several times, and
prints nodes/second per run, the medians and the ratio Chariot / Stockfish.
Both are timed without start-up: Chariot reports its own perft time; Stockfish is
timed from sending `go perft` to reading `Nodes searched`, after `isready`.
On a shared, overloaded machine wall time mostly measures the scheduler, so CPU time
(user + system) is reported as well: Chariot's from the child's rusage (start-up
included, which is tiny), Stockfish's from /proc/PID/stat around the command.

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
    p = subprocess.Popen([CHARIOT, "perft", "--fen", fen, "--depth", str(depth)],
                         stdout=subprocess.PIPE, text=True)
    out = p.stdout.read()
    _, status, usage = os.wait4(p.pid, 0)
    if status != 0:
        sys.exit(f"chariot perft failed: {out}")
    nodes = int(re.search(r"Nodes searched: (\d+)", out).group(1))
    secs = float(re.search(r"Time: ([\d.]+) s", out).group(1))
    return nodes, secs, usage.ru_utime + usage.ru_stime


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

    def cpu(self):
        fields = open(f"/proc/{self.p.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send("isready")
        self.wait("readyok")
        cpu0 = self.cpu()
        start = time.perf_counter()
        self.send(f"go perft {depth}")
        line = self.wait("Nodes searched")
        secs = time.perf_counter() - start
        return int(line.split(":")[1]), secs, self.cpu() - cpu0

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
    print(f"{'position':<10}{'depth':>6}{'nodes':>12}  {'chariot Mnps wall (runs)':<28}"
          f"{'stockfish Mnps wall (runs)':<28}{'ratio':>6}  {'CPU-time Mnps C / SF':<20}{'ratio':>6}")
    for name, fen, depth, expected in POSITIONS:
        if args.quick:
            depth -= 1
            expected = None
        runs = {"chariot": [], "stockfish": []}
        for _ in range(args.reps):
            for engine, fn in (("chariot", chariot_perft), ("stockfish", sf.perft)):
                nodes, secs, cpu = fn(fen, depth)
                if expected is not None and nodes != expected:
                    sys.exit(f"{engine} {name} depth {depth}: {nodes} nodes, expected {expected}")
                runs[engine].append((nodes, secs, max(cpu, 1e-3)))
        wall = {e: statistics.median(n / s / 1e6 for n, s, _ in r) for e, r in runs.items()}
        cpu = {e: statistics.median(n / c / 1e6 for n, _, c in r) for e, r in runs.items()}
        for engine in runs:
            totals[engine].append(runs[engine])
        fmt = lambda e: f"{wall[e]:7.1f} ({', '.join(f'{n / s / 1e6:.1f}' for n, s, _ in runs[e])})"
        nodes = runs["chariot"][0][0]
        print(f"{name:<10}{depth:>6}{nodes:>12}  {fmt('chariot'):<28}{fmt('stockfish'):<28}"
              f"{wall['chariot'] / wall['stockfish']:6.2f}  "
              f"{cpu['chariot']:7.1f} / {cpu['stockfish']:<9.1f}{cpu['chariot'] / cpu['stockfish']:6.2f}")
    sf.close()
    # Overall: per repetition, all nodes over all time, then the median of the repetitions.
    for label, idx in (("wall", 1), ("CPU", 2)):
        overall = {}
        for engine, per_pos in totals.items():
            reps = []
            for r in range(args.reps):
                nodes = sum(p[r][0] for p in per_pos)
                secs = sum(p[r][idx] for p in per_pos)
                reps.append(nodes / secs / 1e6)
            overall[engine] = statistics.median(reps)
        print(f"overall median Mnps ({label} time): chariot {overall['chariot']:.1f}, "
              f"stockfish {overall['stockfish']:.1f}, ratio chariot/stockfish "
              f"{overall['chariot'] / overall['stockfish']:.2f}")


if __name__ == "__main__":
    main()
