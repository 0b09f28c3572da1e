#!/usr/bin/env bash
# The fuzz check (scripts/checks.d/70-fuzz.sh) builds libFuzzer from source through the
# libfuzzer-sys crate, which needs a C++ compiler. Nothing else: no cargo-fuzz, no nightly.
set -euo pipefail
if ! command -v c++ >/dev/null 2>&1; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y g++
fi
