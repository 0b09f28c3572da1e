#!/usr/bin/env python3
"""A scripted xboard (CECP v2) chess engine for testing the arena. Usage: fake_xboard.py MODE [ARG]

Modes:
  legal [san]    keeps its own board (pyffish) from setboard and the moves it is sent and
                 plays the first legal move; with `san` it asks for SAN (feature san=1,
                 usermove=1) and answers in SAN. It checks the protocol as it goes: moves
                 must be legal on its board, and under a `level` the clocks (`time`,
                 `otim`) must come before every `go`; a breach is answered with an
                 illegal move (`move z9z9`) so that the arena's test sees it.
  fixed MOVE     always answers `move MOVE` (and claims a result, which must be ignored)
  illegal        answers `move z9z9`
  crash          exits when asked to move
  hang           never answers `go`
  resign         answers `resign`
  refuse         answers `Illegal move` to any move it is sent, and never moves after that
  nosetboard     like legal, but announces setboard=0 and no ping (a protocol-1 style engine)
"""
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else "legal"
arg = sys.argv[2] if len(sys.argv) > 2 else None
san = mode == "legal" and arg == "san"
fen = None
moves = []
level = False
clock_seen = {"time": False, "otim": False}
broken = None


def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def board():
    import pyffish
    return fen or pyffish.start_fen("chess")


def current():
    import pyffish
    return pyffish.get_fen("chess", board(), moves)


def accept_move(text):
    global broken
    import pyffish
    legal = pyffish.legal_moves("chess", board(), moves)
    if san:
        by_san = {pyffish.get_san("chess", current(), m): m for m in legal}
        text = by_san.get(text, text)
    if text not in legal:
        broken = f"move {text} is not legal on my board"
        return
    moves.append(text)


def my_move():
    import pyffish
    if broken:
        return "z9z9"
    if level and not all(clock_seen.values()):
        return "z9z9"
    legal = sorted(pyffish.legal_moves("chess", board(), moves))
    mv = legal[0]
    text = pyffish.get_san("chess", current(), mv) if san else mv
    moves.append(mv)
    return text


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    cmd = words[0]
    if cmd == "protover":
        if mode == "nosetboard":
            out('feature myname="fake-nosetboard" done=1')
            continue
        out('feature myname="fake-%s" ping=1 setboard=1 sigint=0 sigterm=0' % mode)
        if san:
            out("feature san=1 usermove=1")
        out("feature done=1")
    elif cmd == "ping":
        out("pong " + words[1])
    elif cmd == "new":
        fen, moves, level, broken = None, [], False, None
    elif cmd == "setboard":
        fen, moves = " ".join(words[1:]), []
    elif cmd == "level":
        level = True
    elif cmd in ("time", "otim"):
        clock_seen[cmd] = True
    elif cmd == "go":
        if mode == "crash":
            sys.exit(1)
        if mode in ("hang", "refuse"):
            continue
        if mode == "illegal":
            out("move z9z9")
        elif mode == "resign":
            out("resign")
        elif mode == "fixed":
            out("move " + arg)
            out("1-0 {claimed by fake-fixed}")
        else:
            out("  1     12      0       5 " + "x")
            out("move " + my_move())
        clock_seen = {"time": False, "otim": False}
    elif cmd == "quit":
        break
    elif cmd in ("xboard", "accepted", "rejected", "force", "easy", "post", "st", "sd",
                 "memory", "option", "random", "hard", "nopost", "computer"):
        continue
    else:
        text = words[1] if cmd == "usermove" and len(words) > 1 else cmd
        if mode == "refuse":
            out("Illegal move: " + text)
        elif mode in ("legal", "nosetboard"):
            accept_move(text)
