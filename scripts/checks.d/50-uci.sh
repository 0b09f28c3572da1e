#!/usr/bin/env bash
# UCI and the terminal game driven by independent clients against the release binary:
# python-chess (chess games, pondering, MultiPV), pyffish (xiangqi in both coordinate
# conventions), a pseudo-terminal (`chariot play`), and `stop` (its latency printed, never
# asserted).
# python-chess and pyffish come from scripts/setup.d/20-python.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release --quiet -p chariot
timeout 300 python3 tests/uci/run.py
