#!/usr/bin/env bash
# Every fuzz target runs for a short fixed time from the committed seeds; any crash fails.
# A longer campaign: scripts/fuzz.sh 300 (seconds per target).
set -euo pipefail
cd "$(dirname "$0")/../.."
exec scripts/fuzz.sh "${FUZZ_SECONDS:-20}"
