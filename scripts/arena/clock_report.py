#!/usr/bin/env python3
"""How each engine of an arena match spent its clock, and where the lost games turned.

Usage: clock_report.py [--engine NAME] FILE.pgn[.gz] ...

Reads the per-move comments arena writes (`{+0.31/14 0.523s}`, as cutechess does) and prints:
- for every engine, its mean thinking time per move in buckets of ten moves of the game
  (moves counted from the first move played, so openings that start with Black line up);
- for --engine NAME, the move at which each lost game turned: the first of its own moves
  from which its reported score stayed at or below -1.00 (a score back above -0.50 resets it),
  counted in buckets of ten moves, so a report tells an early collapse from a long slide.
Nothing here needs an engine; it is quick on a whole match.
"""
import argparse
import collections
import re

import chess.pgn

from replay_drops import games

COMMENT = re.compile(r"([+-])(M?)([\d.]+)/\d+\s+([\d.]+)s")
BUCKET = 10
LAST_BUCKET = 8
TURNED = -1.0
RECOVERED = -0.5


def moves(game):
    """(engine name, move number from 1, score in pawns, seconds) for every commented move."""
    names = {chess.WHITE: game.headers.get("White"), chess.BLACK: game.headers.get("Black")}
    node, ply = game, 0
    while node.variations:
        mover = node.board().turn
        node = node.variations[0]
        ply += 1
        match = COMMENT.search(node.comment or "")
        if not match:
            continue
        sign = 1 if match.group(1) == "+" else -1
        score = sign * (100.0 if match.group(2) else float(match.group(3)))
        yield names[mover], (ply + 1) // 2, score, float(match.group(4))


def lost(game, name):
    result = game.headers.get("Result")
    return (game.headers.get("White") == name and result == "0-1") or (
        game.headers.get("Black") == name and result == "1-0")


def bucket_label(index):
    low = index * BUCKET + 1
    return f"{low}+" if index == LAST_BUCKET else f"{low}-{low + BUCKET - 1}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", help="report where this engine's lost games turned")
    parser.add_argument("pgn", nargs="+")
    args = parser.parse_args()
    spent = collections.defaultdict(lambda: collections.defaultdict(list))
    turned = collections.Counter()
    losses = 0
    for _, game in games(args.pgn):
        first_bad = None
        for name, move, score, seconds in moves(game):
            spent[name][min((move - 1) // BUCKET, LAST_BUCKET)].append(seconds)
            if name == args.engine:
                if score <= TURNED and first_bad is None:
                    first_bad = move
                elif score > RECOVERED:
                    first_bad = None
        if args.engine and lost(game, args.engine):
            losses += 1
            turned[None if first_bad is None else min((first_bad - 1) // BUCKET, LAST_BUCKET)] += 1
    for name in sorted(spent):
        buckets = spent[name]
        total = [t for times in buckets.values() for t in times]
        print(f"{name}: {sum(total) / max(1, len(total)):.3f} s a move over {len(total)} moves")
        for index in sorted(buckets):
            times = buckets[index]
            print(f"  moves {bucket_label(index):>6}: {sum(times) / len(times):.3f} s ({len(times)})")
    if args.engine:
        print(f"{args.engine} lost {losses}; the move its score stayed at or below {TURNED:+.2f}:")
        for index in sorted(turned, key=lambda k: LAST_BUCKET + 1 if k is None else k):
            label = "never" if index is None else bucket_label(index)
            print(f"  {label:>6}: {turned[index]}")


if __name__ == "__main__":
    main()
