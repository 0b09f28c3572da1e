#!/usr/bin/env bash
# Xiangqi perft speed against Fairy-Stockfish (see scripts/bench_perft_xiangqi.py).
# Usage: bash scripts/bench_perft_xiangqi.sh [--reps N] [--quick]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p chariot
exec python3 scripts/bench_perft_xiangqi.py "$@"
