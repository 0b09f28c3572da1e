#!/usr/bin/env python3
"""Regenerates san.txt: SAN examples verified by python-chess (chess==1.11.2).

Each line: FEN | UCI move | SAN. Random games from a few positions; every move that
needs disambiguation, promotes, castles, captures en passant or gives check/mate is
kept, plus a sample of the rest. Deterministic (fixed seed).
"""
import random
import chess

STARTS = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "1k6/8/8/8/8/8/8/RN2K1NR w - - 0 1",
    "7k/1P6/8/8/8/8/Q7/1Q2K1Q1 w - - 0 1",
]

rng = random.Random(2026)
rows = []
for game in range(120):
    board = chess.Board(STARTS[game % len(STARTS)])
    for _ in range(120):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            break
        mv = rng.choice(moves)
        san = board.san(mv)
        special = any(c in san for c in "+#=O") or board.is_en_passant(mv) or (
            san[0] in "NBRQK" and len(san.replace("x", "").rstrip("+#")) > 3)
        if special or rng.random() < 0.05:
            rows.append(f"{board.fen()} | {mv.uci()} | {san}")
        board.push(mv)

with open(__file__.replace("gen_san.py", "san.txt"), "w") as f:
    f.write("# FEN | UCI | SAN, verified by python-chess; regenerate with gen_san.py\n")
    f.write("\n".join(dict.fromkeys(rows)) + "\n")
print(len(rows))
