#!/usr/bin/env python3
"""Xiangqi perft speed: Chariot's release binary against Fairy-Stockfish's `go perft`.

Both engines count the same positions (from crates/xiangqi/tests/data/xiangqi.perft) in
one run, alternating, `--reps` times; the script prints nodes/second of every run, the
medians, and the ratio Chariot / Fairy-Stockfish. Start-up is excluded on both sides:
Chariot reports its own perft time; Fairy-Stockfish is timed from `go perft` to
`Nodes searched`, after `isready`. Each engine also gets its CPU time (user+system of
its process) so the ratio can be checked against the wall-clock one on a busy machine.

Usage: python3 scripts/bench_perft_xiangqi.py [--reps 5] [--quick]
(builds target/release/chariot if missing; needs fairy-stockfish: scripts/setup.d/30-xiangqi.sh)
"""
import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHARIOT = os.path.join(ROOT, "target", "release", "chariot")
FSF = shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"
DATA = os.path.join(ROOT, "crates", "xiangqi", "tests", "data", "xiangqi.perft")

# (name, index of the position in the data file, depth)
CHOSEN = [
    ("start", 0, 4),
    ("middlegame", 1, 4),
    ("random-28", 22, 4),
    ("horse-legs", 6, 5),
    ("random-42", 17, 5),
    ("soldier", 8, 5),
]


def load_positions():
    rows = []
    with open(DATA) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            fen, *counts = line.split(";")
            rows.append((fen.strip(), {int(c.split()[0][1:]): int(c.split()[1]) for c in counts}))
    return rows


def chariot_perft(fen, depth):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [CHARIOT, "perft", "--game", "xiangqi", "--fen", fen, "--depth", str(depth)],
        check=True, capture_output=True, text=True,
    ).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    nodes = int(re.search(r"Nodes searched: (\d+)", out).group(1))
    secs = float(re.search(r"Time: ([\d.]+) s", out).group(1))
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return nodes, secs, cpu


class FairyStockfish:
    def __init__(self):
        self.p = subprocess.Popen([FSF], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name UCI_Variant value xiangqi")
        self.send("setoption name Threads value 1")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish exited")
            if line.startswith(prefix):
                return line

    def cpu(self):
        with open(f"/proc/{self.p.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send("isready")
        self.wait("readyok")
        cpu0, start = self.cpu(), time.perf_counter()
        self.send(f"go perft {depth}")
        line = self.wait("Nodes searched")
        secs = time.perf_counter() - start
        return int(line.split(":")[1]), secs, self.cpu() - cpu0

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="one ply less everywhere")
    args = ap.parse_args()
    if not os.path.exists(CHARIOT):
        subprocess.run(["cargo", "build", "--release", "-p", "chariot"], cwd=ROOT, check=True)
    if not os.path.exists(FSF):
        sys.exit("fairy-stockfish missing: bash scripts/setup.d/30-xiangqi.sh")
    rows = load_positions()
    fsf = FairyStockfish()
    engines = (("chariot", chariot_perft), ("fairy-sf", fsf.perft))
    runs = {name: {e: [] for e, _ in engines} for name, _, _ in CHOSEN}
    print(f"{'position':<11}{'depth':>6}{'nodes':>11}  {'chariot Mnps (runs)':<36}{'fairy-sf Mnps (runs)':<30}{'ratio':>6}")
    for name, index, depth in CHOSEN:
        fen, counts = rows[index]
        if args.quick:
            depth -= 1
        for _ in range(args.reps):
            for engine, fn in engines:
                nodes, secs, cpu = fn(fen, depth)
                if nodes != counts[depth]:
                    sys.exit(f"{engine} {name} depth {depth}: {nodes} nodes, expected {counts[depth]}")
                runs[name][engine].append((nodes, secs, cpu))
        med = {e: statistics.median(n / s / 1e6 for n, s, _ in runs[name][e]) for e, _ in engines}
        show = lambda e: f"{med[e]:7.2f} ({', '.join(f'{n / s / 1e6:.1f}' for n, s, _ in runs[name][e])})"
        print(f"{name:<11}{depth:>6}{counts[depth]:>11}  {show('chariot'):<36}{show('fairy-sf'):<30}"
              f"{med['chariot'] / med['fairy-sf']:6.2f}")
    fsf.close()
    # Overall per repetition: all nodes over all time; then the median over repetitions.
    overall = {}
    for engine, _ in engines:
        for kind, col in (("wall", 1), ("cpu", 2)):
            reps = []
            for r in range(args.reps):
                nodes = sum(runs[name][engine][r][0] for name, _, _ in CHOSEN)
                secs = sum(runs[name][engine][r][col] for name, _, _ in CHOSEN)
                reps.append(nodes / max(secs, 1e-9) / 1e6)
            overall[engine, kind] = statistics.median(reps)
    for kind in ("wall", "cpu"):
        c, f = overall["chariot", kind], overall["fairy-sf", kind]
        print(f"overall median Mnps ({kind} time): chariot {c:.1f}, fairy-stockfish {f:.1f}, ratio {c / f:.2f}")


if __name__ == "__main__":
    main()
