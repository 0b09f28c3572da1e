#!/usr/bin/env bash
# Fairy-Stockfish binary: the xiangqi differential test (crates/xiangqi/tests/differential.rs)
# and the perft benchmark (scripts/bench_perft_xiangqi.sh) compare against it.
set -euo pipefail
if command -v fairy-stockfish >/dev/null 2>&1 || [ -x /usr/games/fairy-stockfish ]; then
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq fairy-stockfish
