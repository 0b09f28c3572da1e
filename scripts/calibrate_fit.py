#!/usr/bin/env python3
"""Rates Chariot's playing levels from the arena matches of scripts/calibrate.sh.

Usage: calibrate_fit.py OUT_DIR CONST_NAME

Every `*.json` result in OUT_DIR is one match, either
  - Chariot at a setting against the reference engine at a nominal UCI_Elo (an *anchor*:
    its rating is fixed at that number), or
  - Chariot at one setting against Chariot at another (a *ladder* match: it says how far
    apart two settings are, which matters where the reference's scale ends or stops
    telling settings apart, as Fairy-Stockfish's does above xiangqi level 12).

All settings are rated together by maximum likelihood (the logistic Elo model, draws
counting half): each setting's rating is the one that best explains every match it played,
given the anchors and the other settings' ratings. Each rating's 95% interval holds the others
at their best values (so it is a little narrower than a full profile interval). Ladder
matches are self-play, which is known to stretch Elo differences; the printed table says
how many of each setting's games were ladder games.

Prints a Markdown table of the ratings and the points to paste into the game's table in
crates/engine/src/levels.rs (Skill Level settings only).
"""
import glob
import json
import math
import os
import sys

# Ratings are searched on this grid; a rating at either end is only a bound.
GRID = range(0, 4001)
CHARIOT = "Chariot "


def expected(r, s):
    """The logistic model's expected score of a player rated r against one rated s."""
    return 1 / (1 + 10 ** ((s - r) / 400))


def read_matches(directory):
    """(a, b, score of a, games) for every result file; b is an int for an anchor."""
    matches = []
    for path in sorted(glob.glob(os.path.join(directory, "*.json"))):
        p = json.load(open(path))["pairs"][0]
        b = p["b"]
        opponent = b if b.startswith(CHARIOT) else int(b.split()[-1])
        matches.append((p["a"], opponent, p["wins"] + 0.5 * p["draws"], p["games"]))
    return matches


def loglik(name, r, ratings, matches):
    """The log-likelihood of `name`'s matches with its rating set to r."""
    total = 0.0
    for a, b, score, games in matches:
        if a == name:
            other, mine = b, score
        elif b == name:
            other, mine = a, games - score
        else:
            continue
        s = other if isinstance(other, int) else ratings[other]
        e = min(max(expected(r, s), 1e-12), 1 - 1e-12)
        total += mine * math.log(e) + (games - mine) * math.log(1 - e)
    return total


def best_rating(name, ratings, matches):
    """The grid rating that maximises `name`'s likelihood (it is concave in the rating, so a
    coarse pass and a fine one around its best are exact)."""
    coarse = max(GRID[::16], key=lambda r: loglik(name, r, ratings, matches))
    fine = range(max(GRID[0], coarse - 16), min(GRID[-1], coarse + 16) + 1)
    return max(fine, key=lambda r: loglik(name, r, ratings, matches))


def fit(matches, rounds=200):
    """Every setting's rating and 95% interval: {name: (rating, low, high)}."""
    names = sorted({a for a, _, _, _ in matches} | {b for _, b, _, _ in matches if isinstance(b, str)})
    ratings = {n: 2000 for n in names}
    for _ in range(rounds):
        moved = False
        for n in names:
            best = best_rating(n, ratings, matches)
            moved |= best != ratings[n]
            ratings[n] = best
        if not moved:
            break
    result = {}
    for n in names:
        top = loglik(n, ratings[n], ratings, matches)
        inside = [r for r in GRID if loglik(n, r, ratings, matches) > top - 1.92]
        result[n] = (ratings[n], inside[0], inside[-1])
    return result


def level_of(name):
    """The Skill Level of a setting's name, or None for a UCI_Elo setting."""
    prefix = CHARIOT + "Skill Level "
    return int(name[len(prefix):]) if name.startswith(prefix) else None


def sort_key(name):
    return int(name.split()[-1])


def report(matches, const):
    """The Markdown table and the points, as lines."""
    rated = fit(matches)
    lines = ["| Chariot setting | Games (ladder) | Anchors | Elo (95%) |", "|---|---:|---|---|"]
    points, edges = {}, []
    for name in sorted(rated, key=sort_key):
        played = [(a, b, g) for a, b, _, g in matches if name in (a, b)]
        games = sum(g for _, _, g in played)
        ladder = sum(g for a, b, g in played if isinstance(b, str))
        anchors = ", ".join(str(b) for b in sorted({b for _, b, _ in played if isinstance(b, int)}))
        r, low, high = rated[name]
        lines.append(f"| {name[len(CHARIOT):]} | {games} ({ladder}) | {anchors or '—'} | {r} [{low}, {high}] |")
        level = level_of(name)
        if level is not None:
            points[level] = r
            if r in (GRID[0], GRID[-1]):
                edges.append(name[len(CHARIOT):])
    lines += ["", f"Points for `{const}` in crates/engine/src/levels.rs (set `measured: true`):", ""]
    lines += ["```rust", "    points: &["]
    for level in sorted(points):
        lines.append(f"        ({'FULL_LEVEL' if level == 20 else level}, {points[level]}),")
    lines += ["    ],", "```"]
    ascending = [points[level] for level in sorted(points)]
    if 20 not in points or len(points) < 2 or ascending != sorted(set(ascending)):
        lines.append("\nNot ready to paste: the points need full strength (L20), at least two levels,"
                     " and Elo rising with the level.")
    if edges:
        lines.append(f"\nNot ready to paste: {', '.join(edges)} won or lost every game, so its Elo is"
                     " only a bound; play it against a closer anchor.")
    return lines


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: calibrate_fit.py OUT_DIR CONST_NAME")
    print("\n".join(report(read_matches(sys.argv[1]), sys.argv[2])))
