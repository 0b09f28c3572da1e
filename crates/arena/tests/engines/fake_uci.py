#!/usr/bin/env python3
"""A scripted UCI engine for testing the arena. Usage: fake_uci.py MODE [ARG]

Modes:
  legal [SEED]   plays a legal move (pyffish's move list; the first one with no SEED,
                 else a seeded pseudo-random one), reports `info score cp 0`
  fixed MOVE     always answers `bestmove MOVE`, reports `info score cp $FAKE_SCORE`
  crash          handshakes, then exits when asked to move
  crash-start    exits before answering `uci`
  illegal        answers `bestmove z9z9` (no such square in either game)
  hang           never answers `go`
  slow MS [MOVE] sleeps MS milliseconds before every move, then plays MOVE or like `legal`

With `--960` anywhere in its arguments it announces the option UCI_Chess960.
Speaks UCI; `setoption name UCI_Variant value xiangqi` switches to xiangqi, and the option
`Ranks` = `0` makes it write xiangqi ranks 0-9 as Pikafish does (default 1-10, Fairy-Stockfish).
"""
import os
import random
import sys
import time

announce_960 = "--960" in sys.argv
sys.argv = [a for a in sys.argv if a != "--960"]
mode = sys.argv[1] if len(sys.argv) > 1 else "legal"
arg = sys.argv[2] if len(sys.argv) > 2 else None
variant = "chess"
zero_based = False
fen = None
moves = []


def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def to_fsf(m):
    # Pikafish 0-9 ranks -> Fairy-Stockfish 1-10 ranks.
    return m if not zero_based else (m[0] + str(int(m[1]) + 1) + m[2] + str(int(m[3:]) + 1))


def from_fsf(m):
    if not zero_based:
        return m
    import re
    a, r1, b, r2 = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", m).groups()
    return f"{a}{int(r1) - 1}{b}{int(r2) - 1}"


def legal_move():
    import pyffish
    start = fen or pyffish.start_fen(variant)
    legal = pyffish.legal_moves(variant, start, [to_fsf(m) for m in moves])
    if not legal:
        return "(none)"
    legal.sort()
    if arg is None or mode == "slow":
        return from_fsf(legal[0])
    rng = random.Random(f"{arg} {start} {' '.join(moves)}")
    return from_fsf(rng.choice(legal))


if mode == "crash-start":
    sys.exit(3)

for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    cmd = words[0]
    if cmd == "uci":
        out("id name fake-" + mode)
        out("option name UCI_Variant type combo default chess var chess var xiangqi")
        out("option name Ranks type spin default 1 min 0 max 1")
        if announce_960:
            out("option name UCI_Chess960 type check default false")
        out("uciok")
    elif cmd == "isready":
        out("readyok")
    elif cmd == "setoption" and len(words) >= 5:
        name, value = words[2], words[4]
        if name == "UCI_Variant":
            variant = value
        elif name == "Ranks":
            zero_based = value == "0"
    elif cmd == "position":
        rest = words[1:]
        fen, moves = None, []
        if rest and rest[0] == "fen":
            end = rest.index("moves") if "moves" in rest else len(rest)
            fen = " ".join(rest[1:end])
            # Pikafish-style engines get no UCI_Variant: a 10-rank board means xiangqi.
            if fen.split()[0].count("/") == 9:
                variant = "xiangqi"
            rest = rest[end:]
        elif rest and rest[0] == "startpos":
            rest = rest[1:]
        if rest and rest[0] == "moves":
            moves = rest[1:]
    elif cmd == "go":
        if mode == "crash":
            sys.exit(1)
        if mode == "hang":
            continue
        if mode == "illegal":
            out("bestmove z9z9")
            continue
        if mode == "slow":
            time.sleep(int(arg) / 1000)
            if len(sys.argv) > 3:
                out("bestmove " + sys.argv[3])
                continue
        if mode == "fixed":
            out("info depth 1 score cp %s" % os.environ.get("FAKE_SCORE", "0"))
            out("bestmove " + arg)
            continue
        out("info depth 1 score cp 0")
        out("bestmove " + legal_move())
    elif cmd == "quit":
        break
