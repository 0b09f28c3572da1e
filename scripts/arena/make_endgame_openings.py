#!/usr/bin/env python3
"""Openings at the way into the endgame, taken from played games: for an A/B of endgame
knowledge, where the engines decide what to trade and what to keep.

Usage: make_endgame_openings.py [--material 26] [--max-score 1.5] [--count 200] [--seed 1]
                                FILE.pgn[.gz] ... > endgames.epd

From each game, the first position whose non-pawn material (N, B = 3, R = 5, Q = 9, both
sides together) is at most --material, with the side to move not in check and the last
reported score (the arena's `{+0.31/14 0.523s}` comments) within --max-score pawns. One
position per game, duplicates dropped, --count of them drawn at random (--seed); EPD lines
with an id, as the arena's --openings reads them.
"""
import argparse
import random
import re

from replay_drops import games, non_pawn_material

# the size of the score only: the limit is on either side's edge
SCORE = re.compile(r"[+-](M?)([\d.]+)/\d+")


def entry(game, limit, max_score):
    board = game.board()
    score = 0.0
    for node in game.mainline():
        board.push(node.move)
        m = SCORE.search(node.comment or "")
        if m:
            score = 99.0 if m.group(1) else float(m.group(2))
        if non_pawn_material(board) <= limit:
            if board.is_check() or score > max_score or board.is_game_over():
                return None
            return board
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--material", type=int, default=26)
    ap.add_argument("--max-score", type=float, default=1.5)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    seen, found = set(), []
    for _, game in games(args.pgn):
        board = entry(game, args.material, args.max_score)
        if board is None:
            continue
        key = board.epd()
        if key not in seen:
            seen.add(key)
            found.append(key)
    random.Random(args.seed).shuffle(found)
    print(f"# {min(args.count, len(found))} of {len(found)} positions at non-pawn material"
          f" <= {args.material}, score within {args.max_score} (make_endgame_openings.py"
          f" --seed {args.seed})")
    for i, epd in enumerate(found[: args.count]):
        print(f'{epd} id "eg{i + 1}";')


if __name__ == "__main__":
    main()
