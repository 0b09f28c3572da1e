#!/usr/bin/env bash
# One short, prepared job for a lent many-core machine: it splits the cores between
# chess self-play data (issue 57) and a resumed SPSA session (issue 56), stops both after
# SECONDS, and leaves everything that must come back under $OUT.
#
#   scripts/device.sh SECONDS
#
# Run it through the device tool with the release binary carried, and a timeout that
# leaves a minute for the transfers, for example
#   run(command="scripts/device.sh 480", carry=["target/release/chariot"], timeout_s=560)
# then merge what came back (see docs/networks.md "Compute plan" and docs/tuning.md):
#   chariot data validate <files_at>/*.data          # <game>-<player>-seed<S>.data
#   cp <files_at>/spsa/* benchmarks/spsa/        # the SPSA state and log, to commit
#
# Both jobs survive being stopped at any moment: datagen appends whole games and resumes
# its file, and the SPSA state file is rewritten after every iteration, so what the time
# limit cuts off is at most one game per thread and one iteration.
#
# Settings (environment):
#   DATAGEN_THREADS  self-play games at once (default: half the cores, all of them when
#                    there is no SPSA to resume)
#   DATAGEN_SEED     the shard's seed (default: from the UTC date and time, so shards differ)
#   DATAGEN_GAME     chess or xiangqi (default chess)
#   DATAGEN_EVAL     `--eval-file` of the self-play: a network file or a built-in network's
#                    name (default: none, the classic evaluation; xiangqi's next generation
#                    plays with its built-in network, `chariot eval --game xiangqi` names it)
#   SPSA_STATE       committed state file to resume (default benchmarks/spsa/xiangqi.state,
#                    the xiangqi session started in session 55);
#                    missing or finished (its iteration reached its iterations): the SPSA
#                    part is skipped
#   SPSA_CONCURRENCY games at once for the SPSA (default: the other cores)
#   SPSA_ARGS        the session's settings: they must match the ones it was started with
#                    (default: the xiangqi session's; the finished chess session of session
#                    54 was started with --game chess --params benchmarks/spsa/chess.params
#                    --iterations 1000 --pairs 4 --nodes 10000
#                    --openings crates/arena/data/openings/chess-wide.epd)
#   BIN              the binary (default target/release/chariot)
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:?usage: scripts/device.sh SECONDS}
OUT=${OUT:?set OUT to the folder whose files come back}
BIN=${BIN:-target/release/chariot}
[ -x "$BIN" ] || { echo "no binary at $BIN: build it and carry it" >&2; exit 1; }

cores=$(nproc)
SPSA_STATE=${SPSA_STATE:-benchmarks/spsa/xiangqi.state}
spsa=yes
if [ ! -f "$SPSA_STATE" ]; then
  spsa="no SPSA state at $SPSA_STATE"
elif [ "$(sed -n 's/^iteration //p' "$SPSA_STATE")" = "$(sed -n 's/^iterations //p' "$SPSA_STATE")" ]; then
  spsa="the SPSA session $SPSA_STATE is finished"
fi
if [ "$spsa" = yes ]; then
  DATAGEN_THREADS=${DATAGEN_THREADS:-$((cores / 2))}
else
  DATAGEN_THREADS=${DATAGEN_THREADS:-$cores}
fi
DATAGEN_SEED=${DATAGEN_SEED:-$(date -u +%y%m%d%H%M)}
DATAGEN_GAME=${DATAGEN_GAME:-chess}
eval_args=()
player=classic
if [ -n "${DATAGEN_EVAL:-}" ]; then
  eval_args=(--eval-file "$DATAGEN_EVAL")
  player=$(basename "$DATAGEN_EVAL" .nnue)
fi
SPSA_CONCURRENCY=${SPSA_CONCURRENCY:-$((cores - DATAGEN_THREADS))}
SPSA_ARGS=${SPSA_ARGS:---game xiangqi --params benchmarks/spsa/xiangqi.params --iterations 1500 --pairs 2 --nodes 10000 --openings crates/arena/data/openings/xiangqi-wide.epd}

echo "device: $cores cores; datagen $DATAGEN_GAME x$DATAGEN_THREADS (seed $DATAGEN_SEED), spsa x$SPSA_CONCURRENCY, ${seconds}s"
"$BIN" --version || true

pids=()
timeout --signal=INT "$seconds" "$BIN" datagen --game "$DATAGEN_GAME" --games 1000000 \
  --nodes 5000 --threads "$DATAGEN_THREADS" --seed "$DATAGEN_SEED" --quiet "${eval_args[@]}" \
  --out "$OUT/$DATAGEN_GAME-$player-seed$DATAGEN_SEED.data" > "$OUT/datagen.log" 2>&1 &
pids+=($!)

if [ "$spsa" = yes ] && [ "$SPSA_CONCURRENCY" -gt 0 ]; then
  mkdir -p "$OUT/spsa"
  name=$(basename "$SPSA_STATE" .state)
  cp "$SPSA_STATE" "$OUT/spsa/$name.state"
  log=${SPSA_STATE%.state}.log
  [ -f "$log" ] && cp "$log" "$OUT/spsa/$name.log"
  # shellcheck disable=SC2086 # SPSA_ARGS is a list of arguments
  timeout --signal=INT "$seconds" "$BIN" spsa $SPSA_ARGS --concurrency "$SPSA_CONCURRENCY" \
    --state "$OUT/spsa/$name.state" --log "$OUT/spsa/$name.log" > "$OUT/spsa/out.txt" 2>&1 &
  pids+=($!)
else
  echo "${spsa/#yes/no core left}: SPSA skipped"
fi

status=0
for pid in "${pids[@]}"; do
  # 124 is timeout's own "time is up": the planned end, not a failure.
  wait "$pid" || { rc=$?; [ "$rc" = 124 ] || [ "$rc" = 130 ] || status=$rc; }
done
tail -n 3 "$OUT/datagen.log" || true
[ -f "$OUT/spsa/out.txt" ] && tail -n 2 "$OUT/spsa/out.txt"
ls -la "$OUT"
exit "$status"
