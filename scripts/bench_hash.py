#!/usr/bin/env python3
"""How long Chariot takes to resize and clear its hash table, seen from a UCI GUI.

Sets Hash (clamped by the engine to half the machine's memory), searches with GO to put
entries in the table, then times `ucinewgame` + `isready` and `Clear Hash` + `isready`
up to `readyok`, each followed by a short search (a stall pushed into the next search
shows there), and finally a resize back to 16 MiB. Prints seconds per step.

Usage: python3 scripts/bench_hash.py [ENGINE] [--hash MB] [--go "movetime 10000"] [--threads N]
(ENGINE defaults to target/release/chariot; build it first)
"""
import argparse
import subprocess
import time

FEN = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engine", nargs="?", default="target/release/chariot")
    ap.add_argument("--hash", default="1000000", help="Hash in MiB (default 1000000)")
    ap.add_argument("--go", default="depth 12", help="search that fills the table")
    ap.add_argument("--threads", default="1")
    args = ap.parse_args()
    engine = subprocess.Popen([args.engine, "uci"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, bufsize=1)

    def timed(label, commands, until="readyok"):
        start = time.monotonic()
        for command in commands:
            engine.stdin.write(command + "\n")
        engine.stdin.flush()
        while True:
            line = engine.stdout.readline()
            if not line:
                raise SystemExit("the engine exited")
            if line.startswith(until):
                break
        shown = line.strip() if until != "readyok" else ""
        print(f"{label:40s} {time.monotonic() - start:7.3f} s  {shown}")

    search = [f"position fen {FEN}", f"go {args.go}"]
    after = [f"position fen {FEN}", "go movetime 500"]
    timed("uci", ["uci", f"setoption name Threads value {args.threads}", "isready"])
    timed(f"setoption Hash {args.hash} + isready",
          [f"setoption name Hash value {args.hash}", "isready"])
    timed(f"go {args.go}", search, "bestmove")
    timed("ucinewgame + isready", ["ucinewgame", "isready"])
    timed("  then go movetime 500", after, "bestmove")
    timed(f"go {args.go}", search, "bestmove")
    timed("setoption Clear Hash + isready", ["setoption name Clear Hash", "isready"])
    timed("  then go movetime 500", after, "bestmove")
    timed("setoption Hash 16 + isready", ["setoption name Hash value 16", "isready"])
    timed("  then go movetime 500", after, "bestmove")
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    engine.wait()


if __name__ == "__main__":
    main()
