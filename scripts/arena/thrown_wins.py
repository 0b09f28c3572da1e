#!/usr/bin/env python3
"""Drawn games an engine should have won: the final position, scored by Stockfish.

For every drawn game of the named engine in the arena PGN files, the final position is
searched by Stockfish (its half-move clock reset, so the 50-move rule that ended the game
does not decide the score) and listed when Stockfish gives the engine at least `--margin`
centipawns (a mate counts as 10000):

    python3 scripts/arena/thrown_wins.py --engine Chariot benchmarks/games/session43-sf2600-*.pgn.gz

Prints file, round, Stockfish's score for the engine, the final FEN and how the game ended.
Needs python-chess and a UCI Stockfish (`--stockfish`, default /usr/games/stockfish).
"""
import argparse
import gzip

import chess
import chess.engine
import chess.pgn


def open_pgn(path):
    return gzip.open(path, "rt") if path.endswith(".gz") else open(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", nargs="+")
    parser.add_argument("--engine", default="Chariot", help="player name in the PGN")
    parser.add_argument("--margin", type=int, default=300, help="centipawns for the engine")
    parser.add_argument("--depth", type=int, default=18)
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    args = parser.parse_args()
    judge = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    draws = thrown = 0
    try:
        for path in args.pgn:
            with open_pgn(path) as handle:
                while (game := chess.pgn.read_game(handle)) is not None:
                    if game.headers.get("Result") != "1/2-1/2":
                        continue
                    if args.engine not in (game.headers.get("White"), game.headers.get("Black")):
                        continue
                    draws += 1
                    us = chess.WHITE if game.headers["White"] == args.engine else chess.BLACK
                    end = game.end().board()
                    fields = end.fen().split()
                    fields[4] = "0"
                    fresh = chess.Board(" ".join(fields))
                    if fresh.is_game_over():
                        continue
                    info = judge.analyse(fresh, chess.engine.Limit(depth=args.depth))
                    score = info["score"].pov(us).score(mate_score=10000)
                    if score >= args.margin:
                        thrown += 1
                        how = game.end().comment.split("s ", 1)[-1].strip()
                        print(f"{path.split('/')[-1]} round {game.headers.get('Round')}: "
                              f"{score:+} for {args.engine}  {end.fen()}  ({how})", flush=True)
    finally:
        judge.quit()
    print(f"{thrown} of {draws} draws of {args.engine} end where Stockfish gives it {args.margin:+} cp or more")


if __name__ == "__main__":
    main()
