#!/usr/bin/env python3
"""Re-label `chariot datagen` positions with a teacher engine's scores, for `chariot tune`
and `chariot nnue-train` (`--lambda 1`).

Usage: label_stockfish.py --data IN.txt --out OUT.txt [--engine /usr/games/stockfish]
                          [--nodes 1500] [--processes 2] [--chariot target/release/chariot]

Each position of IN (datagen format: `FEN | score | result`, White's view) is searched by the
teacher (a UCI engine, one thread, 16 MiB hash) to `--nodes` nodes; positions it scores as
a mate are dropped. The teacher's centipawns are then put on Chariot's scale, so that the
target win probability is the teacher's own, calibrated on these games' results:

    score = teacher_cp * K_teacher / K_chariot

where K_teacher is the logistic scale that best predicts the game results from the teacher's
scores (fitted here) and K_chariot the one for Chariot's static evaluation (read from
`chariot tune --epochs 0 --lambda 0` on the same positions). OUT keeps IN's results and
format, so `chariot tune --data OUT.txt --lambda 1` fits the evaluation to the teacher.
OUT.raw keeps the teacher's own centipawns (the input of that `chariot tune` call).
"""
import argparse
import multiprocessing
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from teacher_selfplay import engine as start_engine, search as teacher_search  # noqa: E402


def search(worker, engine, nodes, lines, queue):
    """Labels `lines` (datagen lines); puts (worker, [(fen, teacher cp White's view,
    result text)]) parts, then (worker, None)."""
    send, stdout = start_engine(engine)
    out = []
    for line in lines:
        fen, _, result = [part.strip() for part in line.split("|")]
        score, _ = teacher_search(send, stdout, fen, f"go nodes {nodes}")
        if score is None or score[0] != "cp":
            continue
        white = score[1] if fen.split()[1] == "w" else -score[1]
        out.append((fen, white, result))
        if len(out) % 20000 == 0:
            queue.put((worker, out))
            out = []
    queue.put((worker, out))
    queue.put((worker, None))
    send("quit")


def well_formed(line):
    """Whether `line` is a whole datagen line: `FEN | score | result`, the result 0, 0.5 or 1."""
    parts = [part.strip() for part in line.split("|")]
    if len(parts) != 3 or len(parts[0].split()) != 6:
        return False
    try:
        int(parts[1])
        return float(parts[2]) in (0.0, 0.5, 1.0)
    except ValueError:
        return False


def mse(k, labelled):
    return sum((1 / (1 + 10 ** (-k * cp / 400)) - float(r)) ** 2
               for _, cp, r in labelled) / len(labelled)


def fit_k(labelled):
    """Ternary search for the logistic scale that best predicts the results (as the tuner)."""
    low, high = 0.1, 3.0
    for _ in range(40):
        a, b = low + (high - low) / 3, high - (high - low) / 3
        if mse(a, labelled) < mse(b, labelled):
            high = b
        else:
            low = a
    return (low + high) / 2


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--engine", default="/usr/games/stockfish")
    parser.add_argument("--nodes", type=int, default=1500)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--chariot", default="target/release/chariot")
    args = parser.parse_args()

    with open(args.data) as handle:
        lines = [line for line in handle if line.strip() and not line.startswith("#")]
    # A datagen run stopped by `timeout` can end in a half-written line: drop such lines
    # (and say how many) rather than fail after hours of labelling.
    whole = [line for line in lines if well_formed(line)]
    if len(whole) < len(lines):
        print(f"{len(lines) - len(whole)} malformed lines dropped", file=sys.stderr)
    lines = whole
    # Contiguous shares keep games together and the file in its order (the network
    # trainer holds out blocks of consecutive positions).
    queue, n = multiprocessing.Queue(), args.processes
    shares = [lines[i * len(lines) // n:(i + 1) * len(lines) // n] for i in range(n)]
    workers = [multiprocessing.Process(target=search, args=(
        i, args.engine, args.nodes, share, queue)) for i, share in enumerate(shares)]
    for worker in workers:
        worker.start()
    parts, done, count = [[] for _ in workers], 0, 0
    while done < len(workers):
        worker, part = queue.get()
        if part is None:
            done += 1
            continue
        parts[worker].extend(part)
        count += len(part)
        print(f"\r{count} / {len(lines)} positions labelled", end="", file=sys.stderr)
    for worker in workers:
        worker.join()
    print(file=sys.stderr)
    labelled = [entry for part in parts for entry in part]

    k_teacher = fit_k(labelled)
    raw = args.out + ".raw"
    with open(raw, "w") as handle:
        for fen, cp, result in labelled:
            handle.write(f"{fen} | {cp} | {result}\n")
    report = subprocess.run([args.chariot, "tune", "--data", raw, "--epochs", "0", "--lambda",
                             "0", "--out", "/dev/null"], capture_output=True, text=True)
    found = re.search(r"K = ([0-9.]+)", report.stderr)
    if not found:
        sys.exit(f"no K in chariot tune's output:\n{report.stderr}")
    k_chariot = float(found.group(1))
    scale = k_teacher / k_chariot
    with open(args.out, "w") as handle:
        handle.write(f"# {args.data} labelled by {args.engine} at {args.nodes} nodes; "
                     f"score = teacher cp x {scale:.4f} (K teacher {k_teacher:.3f}, "
                     f"K chariot {k_chariot:.3f})\n")
        handle.write("# FEN | search score (cp, White's view) | result for White\n")
        for fen, cp, result in labelled:
            handle.write(f"{fen} | {round(cp * scale)} | {result}\n")
    print(f"{len(labelled)} positions ({len(lines) - len(labelled)} mates dropped), "
          f"K teacher {k_teacher:.3f}, K chariot {k_chariot:.3f}, scale {scale:.4f}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
