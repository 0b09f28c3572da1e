#!/usr/bin/env bash
# Builds the libFuzzer targets in fuzz/ and runs each for a fixed time.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     (default: 20 s, every target)
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
# this machine found (fuzz/corpus/<target>, not committed). A crash writes its input to
# fuzz/artifacts/<target>/ and makes this script fail; replay it with
#   fuzz/target/x86_64-unknown-linux-gnu/release/<target> fuzz/artifacts/<target>/crash-…
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

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
  set -- $(sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml | grep -v '^chariot-fuzz$')
fi

failed=()
for t in "$@"; do
  mkdir -p "corpus/$t" "artifacts/$t" "seeds/$t"
  echo "== fuzz $t for ${seconds}s"
  if ! "target/$triple/release/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -max_len=4096 -print_final_stats=1 -artifact_prefix="artifacts/$t/" \
      "corpus/$t" "seeds/$t" 2> "artifacts/$t/log.txt"; then
    failed+=("$t")
    tail -n 40 "artifacts/$t/log.txt"
  fi
  grep -E '^(#[0-9]+\s+DONE|stat::number_of_executed_units|stat::average_exec_per_sec)' \
    "artifacts/$t/log.txt" || true
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz targets that failed: ${failed[*]}" >&2
  exit 1
fi
echo "all fuzz targets ran clean"
