#!/usr/bin/env python3
"""How well each term of Chariot's chess evaluation predicts a teacher's scores, on a set of
labelled positions: a least-squares fit of the teacher's centipawns on the terms that
`chariot eval` prints. A term whose coefficient is near 1 means what the teacher means; one
near 0 (or below) carries no signal on these positions.

Usage: term_calibration.py --data LABELLED.txt [--chariot target/release/chariot]
                           [--sample 1500] [--seed 1]

LABELLED holds `FEN | teacher_cp | result` lines, White's view: the text format of older
`chariot datagen` versions, whose teacher is Chariot's own search (the Stockfish labelling
script that also wrote it left the repository in session 64: no other engine's scores are
used). Positions whose
teacher score or static evaluation is 800 cp or more away from zero are left out: the
relation saturates there.

On the positions the weights were fitted to, every coefficient comes out near 1; on
positions from Chariot's games against Stockfish (session 31) the positional terms fell far
below it (piece-square 0.30, pieces 0.29, space -0.49 with `--sample 2000`): the search steers into positions whose positional
score the teacher does not share.
"""
import argparse
import random
import statistics
import subprocess

TERMS = [
    "material", "piece-square", "passed pawns", "pawn structure", "mobility",
    "king safety", "king activity", "pieces", "threats", "space", "winnability", "tempo",
]
LIMIT = 800


def terms(chariot, fen):
    """The `diff` column of `chariot eval` (White's view) by term name; absent terms are 0."""
    out = subprocess.run([chariot, "eval", "--game", "chess", "--classic", "--fen", fen],
                         capture_output=True, text=True, check=True).stdout
    found = {}
    for line in out.splitlines():
        for name in TERMS:
            if line.startswith(name + " "):
                found[name] = int(line.split()[-1])
    return [found.get(name, 0) for name in TERMS]


def solve(a, b):
    """Solves a x = b by Gauss-Jordan elimination with partial pivoting."""
    n = len(a)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[p] = m[p], m[i]
        for r in range(n):
            if r != i and m[i][i] != 0:
                f = m[r][i] / m[i][i]
                m[r] = [x - f * y for x, y in zip(m[r], m[i])]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True)
    ap.add_argument("--chariot", default="target/release/chariot")
    ap.add_argument("--sample", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rows = []
    for line in open(args.data):
        parts = [p.strip() for p in line.split("|")]
        if len(parts) == 3:
            rows.append((parts[0], int(parts[1])))
    random.seed(args.seed)
    rows = random.sample(rows, min(args.sample, len(rows)))
    xs, ys = [], []
    for fen, cp in rows:
        x = terms(args.chariot, fen)
        if abs(cp) < LIMIT and abs(sum(x)) < LIMIT:
            xs.append(x)
            ys.append(cp)
    k = len(TERMS)
    # A small ridge keeps terms that are rarely non-zero from blowing up.
    a = [[sum(x[i] * x[j] for x in xs) + (1e3 if i == j else 0) for j in range(k)]
         for i in range(k)]
    b = [sum(x[i] * y for x, y in zip(xs, ys)) for i in range(k)]
    beta = solve(a, b)
    totals = [sum(x) for x in xs]
    scale = sum(t * y for t, y in zip(totals, ys)) / sum(t * t for t in totals)
    print(f"{len(xs)} positions; teacher ~ {scale:.3f} x total evaluation")
    print(f"{'term':16} {'coefficient':>11} {'sd (cp)':>8}")
    for i, name in enumerate(TERMS):
        sd = statistics.pstdev(x[i] for x in xs)
        print(f"{name:16} {beta[i]:11.2f} {sd:8.0f}")


if __name__ == "__main__":
    main()
