#!/usr/bin/env bash
# Builds the libFuzzer targets in fuzz/ and runs each for a fixed time.
#
#   scripts/fuzz.sh [--record] [SECONDS_PER_TARGET] [TARGET...]  (default: 20 s, every target)
#   scripts/fuzz.sh --summary                                     (the campaign so far)
#
# The nine targets (fuzz/fuzz_targets/): chess_fen, xiangqi_fen, moves, record_import (game
# records), uci_session and ucci_session (whole engine-protocol sessions), web_api (the web
# router), store (the saved-game database file and imports into it) and network (chess
# network files).
#
# Works on stable Rust without cargo-fuzz: the coverage instrumentation libFuzzer needs
# (SanitizerCoverage) is plain LLVM, switched on with stable -C flags, and libfuzzer-sys
# builds libFuzzer itself from source. What cargo-fuzz adds on nightly — AddressSanitizer —
# matters little for a crate with no `unsafe` of its own; debug assertions and overflow
# checks stay on (see fuzz/Cargo.toml), so arithmetic bugs still stop the run.
#
# Each run starts from the committed seeds (fuzz/seeds/<target>) plus what earlier runs on
# this machine found (fuzz/corpus/<target>, not committed; new finds are written there, so
# runs accumulate). A crash writes its input to fuzz/artifacts/<target>/ and makes this
# script fail; replay it with
#   fuzz/target/x86_64-unknown-linux-gnu/release/<target> fuzz/artifacts/<target>/crash-…
#
# The campaign ledger (issue 60: every target is to reach 10 million executions in all):
# with --record (or FUZZ_RECORD=1) each run appends one line per target to the committed
# fuzz/campaign.tsv — UTC date, commit, target, seconds, executions (libFuzzer's final
# "Done N runs"), crashes. CI's short runs leave it alone. --summary adds the ledger up.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

ledger=campaign.tsv
goal=10000000

# The target names, from the [[bin]] sections of fuzz/Cargo.toml.
targets() {
  sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml | grep -v '^chariot-fuzz$'
}

# Prints, per target, the executions so far and what is left to the goal, with the time
# that would take at the rate the ledger shows.
summary() {
  if [ ! -f "$ledger" ]; then
    echo "no campaign recorded yet ($PWD/$ledger)"
    return
  fi
  targets | awk -F'\t' -v goal="$goal" '
    FNR == NR { order[++n] = $1; next }
    FNR == 1 { next }                       # the header
    { runs[$3]++; secs[$3] += $4; execs[$3] += $5; crashes[$3] += $6 }
    END {
      printf "%-14s %5s %8s %12s %7s %12s %8s %7s\n",
        "target", "runs", "seconds", "executions", "of 10M", "left", "exec/s", "crashes"
      for (i = 1; i <= n; i++) {
        t = order[i]
        left = goal - execs[t]; if (left < 0) left = 0
        rate = secs[t] > 0 ? execs[t] / secs[t] : 0
        printf "%-14s %5d %8d %12d %6.1f%% %12d %8d %7d", t, runs[t], secs[t], execs[t],
          100 * execs[t] / goal, left, rate, crashes[t]
        if (left > 0 && rate > 0) printf "  (%.1f h more at this rate)", left / rate / 3600
        printf "\n"
      }
    }' - "$ledger"
}

record=${FUZZ_RECORD:-0}
case "${1:-}" in
  --summary) summary; exit 0 ;;
  --record) record=1; shift ;;
esac

seconds=${1:-20}
shift || true
triple=$(rustc -vV | sed -n 's/^host: //p')
export RUSTFLAGS="-Cpasses=sancov-module \
 -Cllvm-args=-sanitizer-coverage-level=4 \
 -Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
 -Cllvm-args=-sanitizer-coverage-pc-table \
 -Cllvm-args=-sanitizer-coverage-trace-compares \
 --cfg fuzzing"
# --target keeps RUSTFLAGS off build scripts and proc-macros, which must not be instrumented.
cargo build --release --locked --target "$triple" --bins

if [ $# -eq 0 ]; then
  set -- $(targets)
fi

# The commit the binaries were built from; "+dirty" when the sources differed from it.
# The ledger itself is left out: a run that just appended its line would otherwise mark
# every later run of the same tree dirty (session 69).
commit=$(git rev-parse --short=12 HEAD)
if ! git diff --quiet HEAD -- ../crates ../fuzz ":(exclude)$ledger" 2>/dev/null; then
  commit="$commit+dirty"
fi
if [ "$record" = 1 ] && [ ! -f "$ledger" ]; then
  printf 'date\tcommit\ttarget\tseconds\texecutions\tcrashes\n' > "$ledger"
fi

# Large zeroed allocations straight from mmap: glibc otherwise raises its mmap threshold
# after the first free and then memsets every engine session's ~8 MiB of search tables
# (history, continuation history, table) from the heap, half of a short session's time;
# fresh pages cost only when touched. Measured on uci_session, a session of one `isready`:
# 0.5-0.8 ms -> 0.3-0.4 ms. Only for the session targets: web_api, network and store,
# which allocate and free large buffers often, lost a quarter to a third of their speed.
session_malloc=(env "MALLOC_MMAP_THRESHOLD_=${MALLOC_MMAP_THRESHOLD_:-131072}")

failed=()
for t in "$@"; do
  mkdir -p "corpus/$t" "artifacts/$t" "seeds/$t"
  echo "== fuzz $t for ${seconds}s"
  started=$(date +%s)
  crashes=0
  run=()
  case $t in *_session) run=("${session_malloc[@]}") ;; esac
  if ! "${run[@]}" "target/$triple/release/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -max_len=4096 -print_final_stats=1 -artifact_prefix="artifacts/$t/" \
      "corpus/$t" "seeds/$t" 2> "artifacts/$t/log.txt"; then
    failed+=("$t")
    crashes=1
    tail -n 40 "artifacts/$t/log.txt"
  fi
  grep -E '^(#[0-9]+\s+DONE|Done [0-9]+ runs|stat::number_of_executed_units|stat::average_exec_per_sec)' \
    "artifacts/$t/log.txt" || true
  if [ "$record" = 1 ]; then
    # "Done N runs in S second(s)" ends a clean run; a crashed one has only the final stats.
    runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "artifacts/$t/log.txt" | tail -n 1)
    if [ -z "$runs" ]; then
      runs=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' \
        "artifacts/$t/log.txt" | tail -n 1)
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$commit" "$t" \
      "$(( $(date +%s) - started ))" "${runs:-0}" "$crashes" >> "$ledger"
  fi
done

if [ "$record" = 1 ]; then
  summary
fi
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz targets that failed: ${failed[*]}" >&2
  exit 1
fi
echo "all fuzz targets ran clean"
