#!/usr/bin/env python3
"""Network training data from a teacher engine's fast self-play, for `chariot nnue-train`.

Usage: teacher_selfplay.py --out OUT.txt [--positions 1000000] [--depth 1] [--processes 2]
                           [--engine /usr/games/stockfish] [--openings FILE.epd]
                           [--random-plies 2] [--seed 1]

Labelling `chariot datagen` positions at `go nodes 1500` (label_stockfish.py) gives about
840 positions a second on two cores: too few for a network. Here the teacher plays itself
at a shallow depth and each move's search score is the label, so one search both makes the
game and labels its position; at depth 1 (the teacher's static evaluation through its
quiescence search) that is about 6 500 positions a second on the same two cores.

Each game starts from a random line of `--openings` (EPD, as the shipped sets) and
`--random-plies` uniformly random legal moves, then the teacher plays both sides. A
position is written when the side to move is not in check, the teacher's move is not a
capture or promotion (so the label is a quiet position's value, as the evaluation sees it
in search), and the score is not a mate. Games end on mate, stalemate, threefold
repetition, the 50-move rule, 400 plies, or a score beyond 2000 cp for 8 plies in a row
(a win for that side).

OUT is datagen's format, `FEN | teacher cp (White's view) | result for White`, games kept
together (the trainer holds out blocks of consecutive positions). Train with
`nnue-train --lambda 1`: the teacher's centipawns are the target.
"""
import argparse
import multiprocessing
import os
import random
import subprocess
import sys
import time

import chess

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "arena"))
from make_wide_openings import read_epd  # noqa: E402

MAX_PLIES = 400
WIN_CP = 2000
WIN_PLIES = 8


def engine(path):
    """Starts the teacher (one thread, 16 MiB hash) and returns (send, stdout)."""
    proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            bufsize=1)

    def send(text):
        proc.stdin.write(text + "\n")
        proc.stdin.flush()

    send("uci")
    send("setoption name Hash value 16")
    send("setoption name Threads value 1")
    send("isready")
    for line in proc.stdout:
        if line.startswith("readyok"):
            break
    return send, proc.stdout


def search(send, stdout, fen, go):
    """The teacher's ((score kind, value), best move) for `fen` searched by the `go`
    command (e.g. `go depth 1`), side to move's view; the score is None if none came."""
    send("position fen " + fen)
    send(go)
    score, best = None, None
    for reply in stdout:
        if reply.startswith("info") and " score " in reply:
            words = reply.split()
            at = words.index("score")
            score = (words[at + 1], int(words[at + 2]))
        elif reply.startswith("bestmove"):
            best = reply.split()[1]
            break
    return score, best


def play_game(send, stdout, rng, openings, args):
    """One game: returns ([(fen, cp White's view)], result for White as text)."""
    board = chess.Board(rng.choice(openings))
    for _ in range(args.random_plies):
        if board.is_game_over():
            return [], "0.5"
        board.push(rng.choice(list(board.legal_moves)))
    if board.is_game_over():
        return [], "0.5"
    samples, seen, winning, last = [], {}, 0, 0
    for _ in range(MAX_PLIES):
        fen = board.fen()
        key = fen.rsplit(" ", 2)[0]
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= 3 or board.halfmove_clock >= 100:
            return samples, "0.5"
        score, best = search(send, stdout, fen, f"go depth {args.depth}")
        white = board.turn == chess.WHITE
        if best in (None, "(none)"):
            if board.is_check():
                return samples, "0" if white else "1"
            return samples, "0.5"
        if score is None:
            return samples, "0.5"
        if score[0] == "mate":
            # The side to move mates (positive) or is mated.
            mover_wins = score[1] > 0
            return samples, "1" if mover_wins == white else "0"
        cp = score[1] if white else -score[1]
        move = chess.Move.from_uci(best)
        if not board.is_check() and not board.is_capture(move) and move.promotion is None:
            samples.append((fen, cp))
        # Plies in a row beyond WIN_CP for the same side.
        if abs(cp) < WIN_CP:
            winning = 0
        elif winning > 0 and (cp > 0) == (last > 0):
            winning += 1
        else:
            winning = 1
        last = cp
        if winning >= WIN_PLIES:
            return samples, "1" if cp > 0 else "0"
        board.push(move)
    return samples, "0.5"


def worker(index, args, openings, queue):
    """Plays games until its share of positions is written; sends text chunks, then None."""
    rng = random.Random(args.seed * 1000 + index)
    send, stdout = engine(args.engine)
    share = args.positions // args.processes + (index < args.positions % args.processes)
    written, chunk = 0, []
    while written < share:
        samples, result = play_game(send, stdout, rng, openings, args)
        for fen, cp in samples:
            chunk.append(f"{fen} | {cp} | {result}\n")
        written += len(samples)
        if len(chunk) >= 5000 or written >= share:
            queue.put((index, "".join(chunk), len(chunk)))
            chunk = []
    queue.put((index, None, 0))
    send("quit")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--positions", type=int, default=1_000_000)
    parser.add_argument("--depth", type=int, default=1)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--engine", default="/usr/games/stockfish")
    parser.add_argument("--openings", default="crates/arena/data/openings/chess-wide.epd")
    parser.add_argument("--random-plies", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.positions < 1 or args.processes < 1 or args.depth < 1:
        sys.exit("--positions, --processes and --depth must be at least 1")
    openings = [fen for fen, _ in read_epd(args.openings)]
    if not openings:
        sys.exit(f"no positions in {args.openings}")

    queue = multiprocessing.Queue()
    workers = [multiprocessing.Process(target=worker, args=(i, args, openings, queue))
               for i in range(args.processes)]
    for process in workers:
        process.start()
    done, count, start = 0, 0, time.time()
    with open(args.out, "w") as out:
        out.write(f"# teacher self-play: {args.engine} at depth {args.depth}, openings "
                  f"{args.openings} + {args.random_plies} random plies, seed {args.seed}\n")
        out.write("# FEN | teacher score (cp, White's view) | result for White\n")
        while done < len(workers):
            _, text, n = queue.get()
            if text is None:
                done += 1
                continue
            out.write(text)
            count += n
            rate = count / max(time.time() - start, 1e-9)
            print(f"\r{count} / {args.positions} positions, {rate:.0f}/s", end="",
                  file=sys.stderr)
    for process in workers:
        process.join()
    print(file=sys.stderr)


if __name__ == "__main__":
    main()
