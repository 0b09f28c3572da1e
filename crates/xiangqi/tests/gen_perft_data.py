#!/usr/bin/env python3
"""Regenerates tests/data/xiangqi.perft: perft counts from the Fairy-Stockfish binary.

Usage: python3 gen_perft_data.py > data/xiangqi.perft
Needs /usr/games/fairy-stockfish (apt-get install fairy-stockfish) and pyffish.
Each position gets every depth up to the deepest one whose count stays under BUDGET.
"""
import random
import subprocess

import pyffish as sf

V = "xiangqi"
BUDGET = 2_500_000
FSF = "/usr/games/fairy-stockfish"

# (comment, FEN): hand-picked features, then positions from seeded random games.
CRAFTED = [
    ("start position", sf.start_fen(V)),
    ("horse legs and cannons in the middlegame", "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"),
    ("cannon screens, advanced pieces", "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1"),
    ("chariot against general, check evasions", "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1"),
    ("cannon check through a screen", "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1"),
    ("elephant eyes blocked", "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1"),
    ("horse-leg blocks near the general", "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1"),
    ("soldiers across the river, cannon on the file", "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1"),
    ("black soldier deep in Red's camp", "2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1"),
    ("flying general: only piece between the generals is pinned", "4k4/9/9/9/4R4/9/9/9/9/3K5 b - - 0 1"),
    ("flying general restricts the general's file", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
    ("cannon pin: two screens between cannon and general", "4k4/4a4/9/9/9/4c4/4P4/4N4/9/4K4 w - - 0 1"),
    ("chariot pin on the rank", "9/4k4/9/9/9/9/9/9/r2N1K3/9 w - - 0 1"),
    ("double check by horse and chariot", "4k4/9/9/9/9/9/9/3n5/4r4/4K4 w - - 0 1"),
    ("chariots next to the general", "3k5/9/9/9/9/9/9/9/3r5/3RK4 w - - 0 1"),
    ("stalemate: Black has no move (a loss in xiangqi)", "9/9/5k3/6N2/9/9/9/9/4K4/9 b - - 13 92"),
    ("stalemate: Red has no move", "4kab2/9/9/9/8p/4p4/9/4r4/3K5/r8 w - - 0 39"),
]


def fsf_perft(fen, depth):
    p = subprocess.run(
        [FSF],
        input=f"setoption name UCI_Variant value xiangqi\nposition fen {fen}\ngo perft {depth}\nquit\n",
        capture_output=True,
        text=True,
        check=True,
    )
    for line in p.stdout.splitlines():
        if line.startswith("Nodes searched"):
            return int(line.split(":")[1])
    raise RuntimeError(p.stdout)


def random_positions(n, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        fen, moves = sf.start_fen(V), []
        plies = rng.randint(12, 70)
        for _ in range(plies):
            legal = sf.legal_moves(V, fen, moves)
            if not legal:
                break
            captures = [m for m in legal if sf.is_capture(V, fen, moves, m)]
            moves.append(rng.choice(captures if captures and rng.random() < 0.5 else legal))
        if sf.legal_moves(V, fen, moves):
            out.append((f"random game, seed {seed}, {len(moves)} plies", sf.get_fen(V, fen, moves)))
    return out


def main():
    positions = CRAFTED + random_positions(8, 2024)
    print("# Xiangqi perft counts from Fairy-Stockfish 11.1 (go perft N).")
    print("# Regenerate: python3 crates/xiangqi/tests/gen_perft_data.py")
    print("# Format: FEN ;D<depth> <nodes> ...   Lines starting with # are comments.")
    for comment, fen in positions:
        assert sf.validate_fen(fen, V) == 1, (comment, fen)
        counts = []
        depth = 1
        while depth <= 5:
            n = fsf_perft(fen, depth)
            if n > BUDGET and depth > 1:
                break
            counts.append((depth, n))
            if n == 0:
                break
            depth += 1
        print(f"# {comment}")
        print(fen + " " + " ".join(f";D{d} {n}" for d, n in counts))


if __name__ == "__main__":
    main()
