#!/usr/bin/env python3
"""Writes crates/chess/tests/data/chess960.perft: Chess960 and Double Fischer Random
positions with perft counts from python-chess (an independent implementation), for the
Rust test crates/chess/tests/all/perft960.rs.

Each line: FEN ;D<depth> <count> ...  The FEN's castling field is X-FEN as python-chess
writes it; a few lines repeat a position in Shredder-FEN so that both forms are read.
Depths are cut so the Rust test runs in well under ten seconds in release mode.

Usage: python3 scripts/chess/make_960_perft.py [OUTPUT]
"""

import sys

import chess

OUT = "crates/chess/tests/data/chess960.perft"

# Start positions by number: the standard array, the first and last, and a few with the
# king or rooks on unusual files (king on b, king on g, rooks side by side with the king).
STARTS = [518, 0, 959, 1, 21, 104, 226, 300, 455, 602, 777, 892]
# Double Fischer Random starts: (White's number, Black's number).
DFRC = [(0, 959), (518, 123), (300, 777)]
# Middlegame positions exercising Chess960 castling: king on its rook's destination, the
# king already on g1/c1, a rook shielding the king's destination from an enemy rook,
# inner rooks needing file letters, and rights of one side only.
MIDDLEGAMES = [
    "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
    "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
    "2r1k2r/8/8/8/8/8/8/R3K1R1 w GAhc - 0 1",
    "r5kr/8/8/8/8/8/8/R5KR w HAha - 0 1",
    "1rk4r/8/8/8/8/8/8/qRK4R w HB - 0 1",
    "rr2k2r/8/8/8/8/8/8/RR2K2R w BHbh - 0 1",
    "2rkr3/pppppppp/8/8/8/8/PPPPPPPP/2RKR3 w ECec - 0 1",
    "r2kr3/8/8/8/8/8/8/1rRK3R w HC - 0 1",
    "nrbbqkrn/pp1p1ppp/2p1p3/8/8/2P1P3/PP1P1PPP/NRBBQKRN w GBgb - 0 3",
    "b1rkrq1b/p1pppppp/1p1n4/5n2/2N5/1P1N4/P1PPPPPP/B1RKRQ1B w ECec - 0 4",
    "1rkr3b/pp1p2pp/2p1pp2/8/4n3/2N5/PPPPPPPP/1RKRB2B w DBdb - 0 8",
    "rk2r3/ppp1bppp/3p4/4p3/1q2P3/2N5/PPPP1PPP/RK1QR3 w EAea - 2 9",
]
# Leaf-count budget per position: no deeper depth once a count times a typical branching
# factor would pass it.
BUDGET = 3_000_000
BRANCHING = 35
MAX_DEPTH = 5


def perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total


def line(board, fen):
    parts = [fen]
    for depth in range(1, MAX_DEPTH + 1):
        count = perft(board, depth)
        parts.append(f"D{depth} {count}")
        if count * BRANCHING > BUDGET:
            break
    return " ;".join(parts)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else OUT
    boards = [chess.Board.from_chess960_pos(n) for n in STARTS]
    for white, black in DFRC:
        board = chess.Board.from_chess960_pos(white)
        mirror = chess.Board.from_chess960_pos(black)
        for sq in chess.SQUARES[56:64]:
            board.set_piece_at(sq, mirror.piece_at(sq))
        board.set_castling_fen("KQkq")
        boards.append(board)
    boards += [chess.Board(fen, chess960=True) for fen in MIDDLEGAMES]
    lines = [
        "# Chess960 perft suite: FEN ;D<depth> <leaf count> ...",
        "# Written by scripts/chess/make_960_perft.py with python-chess "
        + chess.__version__
        + "; read with Position::parse_fen_960.",
    ]
    for board in boards:
        assert board.is_valid(), board.fen()
        lines.append(line(board, board.fen()))
        if board.castling_rights:
            lines.append(line(board, board.fen(shredder=True)))
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
