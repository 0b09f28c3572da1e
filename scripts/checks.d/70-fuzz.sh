#!/usr/bin/env bash
# Every fuzz target (9) runs 15 s from the committed seeds; any crash fails. The build
# (libFuzzer from source plus the instrumented crates) takes about 3 CPU-minutes.
# A longer campaign: scripts/fuzz.sh 300 (seconds per target).
set -euo pipefail
cd "$(dirname "$0")/../.."
exec scripts/fuzz.sh "${FUZZ_SECONDS:-15}"
