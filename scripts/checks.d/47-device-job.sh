#!/usr/bin/env bash
# scripts/device.sh, the prepared job for a lent many-core machine, run here for a few
# seconds on two cores: a datagen shard and a resumed copy of an SPSA session must come back
# under $OUT, the shard must validate, the state must keep the session's settings, and the
# state given to it must be left as it was. A finished or missing session is skipped.
set -euo pipefail
cd "$(dirname "$0")/../.."

cargo build --release -p chariot --quiet
BIN=target/release/chariot
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

# The committed session, set back to an iteration before its end, is one to resume.
state=$OUT/unfinished/chess.state
mkdir -p "$(dirname "$state")"
sed 's/^iteration .*/iteration 990/' benchmarks/spsa/chess.state > "$state"
before=$(sha256sum "$state")

chess_args="--game chess --params benchmarks/spsa/chess.params --iterations 1000 --pairs 4"
chess_args="$chess_args --nodes 10000 --openings crates/arena/data/openings/chess-wide.epd"
OUT=$OUT DATAGEN_THREADS=1 SPSA_CONCURRENCY=1 DATAGEN_SEED=47 SPSA_STATE=$state \
  SPSA_ARGS=$chess_args bash scripts/device.sh 8

shard=$OUT/chess-classic-seed47.data
[ -s "$shard" ] || { echo "device job: no shard at $shard" >&2; exit 1; }
"$BIN" data validate "$shard"
[ -s "$OUT/spsa/chess.state" ] || { echo "device job: no SPSA state came back" >&2; exit 1; }
grep -q '^seed 5401$' "$OUT/spsa/chess.state" || { echo "device job: wrong SPSA state" >&2; exit 1; }
[ "$(sha256sum "$state")" = "$before" ] || { echo "device job: it changed $state" >&2; exit 1; }

# A finished session (the committed one) and a missing one are skipped; a missing binary
# is refused.
for skipped in benchmarks/spsa/chess.state /nonexistent; do
  OUT=$OUT DATAGEN_THREADS=1 DATAGEN_SEED=48 SPSA_STATE=$skipped bash scripts/device.sh 2 \
    > "$OUT/skipped.txt"
  grep -q 'SPSA skipped' "$OUT/skipped.txt" || { echo "device job: ran $skipped" >&2; exit 1; }
done
if OUT=$OUT BIN=/nonexistent bash scripts/device.sh 2 2>/dev/null; then
  echo "device job: ran without a binary" >&2
  exit 1
fi
echo "device job: shard and SPSA state came back"
