#!/usr/bin/env python3
"""Independent reference for the arena's SPRT: fishtest's LLR_logistic (Van den Bergh's LLRcalc).

Solves the constrained maximum-likelihood problem with Newton's method (the Rust code uses
bisection) and prints the log-likelihood ratios used as known values in
crates/arena/src/stats.rs. Run: python3 scripts/arena/llr_reference.py
"""
import math


def score(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def pdf(counts, values):
    counts = [max(1e-3, c) for c in counts]
    n = sum(counts)
    return n, [(v, c / n) for v, c in zip(values, counts)]


def mle_expected(pdf, s):
    # Find theta with sum p (a - s) / (1 + theta (a - s)) = 0 by Newton from theta = 0.
    theta = 0.0
    for _ in range(100):
        f = sum(p * (a - s) / (1 + theta * (a - s)) for a, p in pdf)
        df = -sum(p * (a - s) ** 2 / (1 + theta * (a - s)) ** 2 for a, p in pdf)
        step = f / df
        theta -= step
        if abs(step) < 1e-15:
            break
    return [(a, p / (1 + theta * (a - s))) for a, p in pdf]


def llr_logistic(elo0, elo1, counts, values):
    n, p = pdf(counts, values)
    p0 = mle_expected(p, score(elo0))
    p1 = mle_expected(p, score(elo1))
    return n * sum(pi * math.log(q1 / q0) for (_, pi), (_, q0), (_, q1) in zip(p, p0, p1))


if __name__ == "__main__":
    print("TRI", repr(llr_logistic(0, 5, [2900, 4100, 3000], [0, 0.5, 1])))
    print("PENTA", repr(llr_logistic(0, 5, [150, 1100, 2300, 1250, 200], [0, 0.25, 0.5, 0.75, 1])))
