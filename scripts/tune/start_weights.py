#!/usr/bin/env python3
"""Writes the starting weights of a refit: CURRENT's layout (a `weights.rs` with new groups
added) with the values of OLD (an earlier `weights.rs`, e.g. `git show b683022:crates/chess/
src/eval/weights.rs`) where OLD has the group, zeros for new groups and new elements.

Usage: start_weights.py CURRENT.rs OLD.rs > START.rs
Build with START.rs as the weights, then `chariot tune` fits from there (sessions 22-24).
"""
import re
import sys

CONST = re.compile(r"pub const (\w+): \[\(i32, i32\); (\d+)\] = \[(.*?)\];", re.S)


def parse(path):
    """The file's text and its groups: name -> [(mg, eg)]."""
    text = open(path).read()
    groups = {}
    for m in CONST.finditer(text):
        pairs = re.findall(r"\((-?\d+), (-?\d+)\)", m.group(3))
        groups[m.group(1)] = [(int(a), int(b)) for a, b in pairs]
    return text, groups


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    text, _ = parse(sys.argv[1])
    _, old = parse(sys.argv[2])

    def start(m):
        name, n = m.group(1), int(m.group(2))
        values = old.get(name, [])
        if len(values) != n:
            print(f"{name}: {len(values)} old values, {n} weights (the rest start at zero)",
                  file=sys.stderr)
        values = (values + [(0, 0)] * n)[:n]
        body = ", ".join(f"({a}, {b})" for a, b in values)
        return f"pub const {name}: [(i32, i32); {n}] = [\n    {body},\n];"

    sys.stdout.write(CONST.sub(start, text))


if __name__ == "__main__":
    main()
