#!/usr/bin/env bash
# Bench signature: `chariot bench` (fixed positions of both games, fixed depth, one thread)
# must visit exactly the committed number of nodes. A change that alters the search or the
# evaluation changes it; if intended, update crates/chariot/data/bench.signature in the same
# commit and give the new number in the commit message.
set -euo pipefail
cd "$(dirname "$0")/../.."

cargo build --release -p chariot --quiet
expected=$(tr -d '[:space:]' < crates/chariot/data/bench.signature)
output=$(target/release/chariot bench)
echo "$output"
actual=$(printf '%s\n' "$output" | awk '$2 == "nodes" && NF == 2 { n = $1 } END { print n }')
if [ -z "$actual" ]; then
  echo "40-bench: could not read the node count from \`chariot bench\`" >&2
  exit 1
fi
if [ "$actual" != "$expected" ]; then
  echo "40-bench: bench signature changed: $actual nodes, committed $expected" >&2
  echo "  (crates/chariot/data/bench.signature; update it only if the search change is intended)" >&2
  exit 1
fi
echo "40-bench: signature OK ($actual nodes)"
