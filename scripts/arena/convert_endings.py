#!/usr/bin/env python3
"""Conversion test: can an engine win the pawnless endings material decides?

The engine under test plays the strong side of random positions (king, bishop and knight
against a bare king; a queen against a lone rook, bishop or knight) against Stockfish at
full strength, both at a fixed time per move, from a half-move clock of zero. A game is won
by mate; it is lost for the test on the 50-move rule, a threefold repetition, stalemate or
material that can no longer mate (the defender won a piece). Positions come from `--seed`,
so two engines (or two builds) meet the same ones.

    python3 scripts/arena/convert_endings.py --engine "target/release/chariot uci" \
        --kinds BN,QN,QB,QR --n 12 --ms 100 --seed 1

Prints one line per game and the wins per kind. Needs python-chess and a UCI Stockfish
(`--defender`, default /usr/games/stockfish).
"""
import argparse
import concurrent.futures as cf
import random
from collections import defaultdict

import chess
import chess.engine

PIECES = {"B": chess.BISHOP, "N": chess.KNIGHT, "Q": chess.QUEEN, "R": chess.ROOK}
VALUE = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}


def random_ending(kind, rng):
    """A legal position of `kind` ("BN": K+B+N vs K, "QR": K+Q vs K+R, ...) with nothing
    capturable at once, the strong side White or Black at random, either side to move."""
    strong = [PIECES[c] for c in kind] if kind == "BN" else [PIECES[kind[0]]]
    weak = [] if kind == "BN" else [PIECES[kind[1]]]
    while True:
        board = chess.Board(None)
        squares = list(range(64))
        rng.shuffle(squares)
        placed = [(chess.KING, chess.WHITE), (chess.KING, chess.BLACK)]
        placed += [(p, chess.WHITE) for p in strong] + [(p, chess.BLACK) for p in weak]
        for square, (piece, colour) in zip(squares, placed):
            board.set_piece_at(square, chess.Piece(piece, colour))
        board.turn = rng.random() < 0.5
        if not board.is_valid() or board.is_game_over():
            continue
        if any(board.is_capture(m) for m in board.legal_moves):
            continue
        return board.mirror() if rng.random() < 0.5 else board


def strong_side(board):
    return max(chess.COLORS, key=lambda c: sum(VALUE[p.piece_type] for p in board.piece_map().values() if p.color == c))


def play(args, kind, fen):
    board = chess.Board(fen)
    strong = strong_side(board)
    engine = chess.engine.SimpleEngine.popen_uci(args.engine.split())
    for option in args.option:
        name, value = option.split("=", 1)
        engine.configure({name: value})
    defender = chess.engine.SimpleEngine.popen_uci(args.defender)
    defender.configure({"Hash": 16})
    limit = chess.engine.Limit(time=args.ms / 1000)
    try:
        # python-chess's claim_draw would also end a game where a draw *could* be claimed
        # by the side to move; only the rules' own ends count here
        while not (board.is_game_over() or board.is_repetition(3) or board.halfmove_clock >= 100):
            mover = engine if board.turn == strong else defender
            board.push(mover.play(board, limit, game=fen).move)
    finally:
        engine.quit()
        defender.quit()
    if board.is_checkmate():
        end = "mate" if board.turn != strong else "mated"
    elif board.is_repetition(3):
        end = "repetition"
    elif board.halfmove_clock >= 100:
        end = "fifty-move"
    else:
        end = "stalemate" if board.is_stalemate() else "insufficient"
    return kind, end == "mate", len(board.move_stack), end, fen


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="command line of the UCI engine under test")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE, a UCI option")
    parser.add_argument("--defender", default="/usr/games/stockfish")
    parser.add_argument("--kinds", default="BN,QN,QB,QR")
    parser.add_argument("--n", type=int, default=12, help="positions per kind")
    parser.add_argument("--ms", type=int, default=100, help="milliseconds per move, both sides")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--concurrency", type=int, default=2)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    jobs = [(kind, random_ending(kind, rng).fen()) for kind in args.kinds.split(",") for _ in range(args.n)]
    wins = defaultdict(lambda: [0, 0])
    with cf.ThreadPoolExecutor(args.concurrency) as pool:
        for kind, won, plies, end, fen in pool.map(lambda job: play(args, *job), jobs):
            wins[kind][0] += won
            wins[kind][1] += 1
            print(f"{kind} {end:12} {plies:3} plies  {fen}", flush=True)
    for kind, (won, total) in wins.items():
        print(f"{kind}: {won}/{total} won")
    print(f"total: {sum(w for w, _ in wins.values())}/{sum(t for _, t in wins.values())} won")


if __name__ == "__main__":
    main()
