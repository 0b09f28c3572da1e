#!/usr/bin/env python3
"""Where an engine loses its games: replay arena PGN through a judge engine and measure how
much each move drops the judge's score, by mover and game phase.

Usage: replay_drops.py --engine NAME [--judge /usr/games/stockfish] [--nodes 50000]
                       [--max-games N] [--cache FILE.jsonl] FILE.pgn[.gz] ...

Only games the engine NAME did not win are replayed (the question is what loses games).
A move's drop is the judge's score for the mover before the move minus after it; positions
already beyond +-300 cp are left out, where a move changes little. Phases by non-pawn
material of both sides in pawns (N, B = 3, R = 5, Q = 9): opening >= 56, middlegame 30-55,
endgame < 30. The judge's scores go to --cache (one JSON line per game) so a stopped run
resumes, and the table can be re-read without replaying.
"""
import argparse
import collections
import gzip
import json
import os

import chess
import chess.engine
import chess.pgn

NON_PAWN = [(chess.KNIGHT, 3), (chess.BISHOP, 3), (chess.ROOK, 5), (chess.QUEEN, 9)]
WINDOW = 300
BLUNDER = 80


def non_pawn_material(board):
    """Both sides' knights, bishops, rooks and queens at 3, 3, 5 and 9."""
    return sum(len(board.pieces(kind, colour)) * value
               for kind, value in NON_PAWN for colour in chess.COLORS)


def phase(board):
    npm = non_pawn_material(board)
    return "opening" if npm >= 56 else "middlegame" if npm >= 30 else "endgame"


def games(paths):
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt") as handle:
            while (game := chess.pgn.read_game(handle)) is not None:
                yield path, game


def replay(args):
    done = set()
    if args.cache and os.path.exists(args.cache):
        with open(args.cache) as handle:
            done = {json.loads(line)["id"] for line in handle}
    judge = chess.engine.SimpleEngine.popen_uci(args.judge)
    judge.configure({"Hash": 64, "Threads": 1})
    out = open(args.cache, "a") if args.cache else None
    records = []
    count = 0
    for path, game in games(args.pgn):
        white = game.headers["White"] == args.engine
        if not white and game.headers["Black"] != args.engine:
            continue
        result = game.headers["Result"]
        if result == ("1-0" if white else "0-1"):
            continue
        count += 1
        if args.max_games and count > args.max_games:
            break
        gid = f"{os.path.basename(path)}#{count}"
        if gid in done:
            continue
        board = game.board()
        scores = []
        for move in game.mainline_moves():
            info = judge.analyse(board, chess.engine.Limit(nodes=args.nodes))
            scores.append([board.fen(), move.uci(),
                           info["score"].white().score(mate_score=3000)])
            board.push(move)
        record = {"id": gid, "engine_white": white, "scores": scores}
        records.append(record)
        if out:
            out.write(json.dumps(record) + "\n")
            out.flush()
    judge.quit()
    return records


def table(records):
    total = collections.Counter()
    moves = collections.Counter()
    blunders = collections.Counter()
    first = collections.Counter()
    for record in records:
        scores = record["scores"]
        first_found = False
        for i in range(len(scores) - 1):
            fen, _, before = scores[i]
            board = chess.Board(fen)
            engine_moves = board.turn == (chess.WHITE if record["engine_white"] else chess.BLACK)
            sign = 1 if board.turn == chess.WHITE else -1
            s0, s1 = before * sign, scores[i + 1][2] * sign
            if abs(s0) > WINDOW:
                continue
            key = ("engine" if engine_moves else "opponent", phase(board))
            drop = max(0, s0 - s1)
            total[key] += drop
            moves[key] += 1
            blunders[key] += drop >= BLUNDER
            if engine_moves and not first_found and s0 > -150 and drop >= BLUNDER:
                first[phase(board)] += 1
                first_found = True
    print("| mover | phase | moves | mean drop (cp) | drops >= 80 cp per 100 moves |")
    print("|---|---|---:|---:|---:|")
    for key in sorted(moves):
        print(f"| {key[0]} | {key[1]} | {moves[key]} | {total[key] / moves[key]:.1f} "
              f"| {100 * blunders[key] / moves[key]:.1f} |")
    print(f"games: {len(records)}; the engine's first drop >= 80 cp from within +-150 cp, "
          f"by phase: {dict(first)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True, help="the engine's name in the PGN")
    parser.add_argument("--judge", default="/usr/games/stockfish")
    parser.add_argument("--nodes", type=int, default=50000)
    parser.add_argument("--max-games", type=int, default=0)
    parser.add_argument("--cache", help="JSON-lines file of the judge's scores")
    parser.add_argument("pgn", nargs="+")
    args = parser.parse_args()
    records = replay(args)
    if args.cache:
        with open(args.cache) as handle:
            records = [json.loads(line) for line in handle]
    table(records)


if __name__ == "__main__":
    main()
