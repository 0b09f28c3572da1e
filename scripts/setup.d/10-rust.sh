#!/usr/bin/env bash
# Rust components the checks use (the machine's toolchain comes from rustup).
set -euo pipefail
if command -v rustup >/dev/null 2>&1; then
  rustup component list --installed 2>/dev/null | grep '^rustfmt' >/dev/null || rustup component add rustfmt
  rustup component list --installed 2>/dev/null | grep '^clippy' >/dev/null || rustup component add clippy
fi
