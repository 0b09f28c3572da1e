#!/usr/bin/env bash
# The project's test command (README): prepares a fresh machine, then runs every test.
#
# Set-up steps live in scripts/setup.d/*.sh (apt, pip, npm installs: idempotent),
# extra checks that are not `cargo test` live in scripts/checks.d/*.sh. Each part
# of the project adds its own file there, so nobody edits a shared list.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each section's heading also says how long the one before it took (CI's budget is tight on
# two cores; the totals show where the time goes).
last=$SECONDS
section() {
  printf '\n==== %s (previous section %d s, %d s in all) ====\n' "$*" $((SECONDS - last)) "$SECONDS"
  last=$SECONDS
}

for step in scripts/setup.d/*.sh; do
  [ -e "$step" ] || continue
  section "setup: $step"
  bash "$step"
done

section "cargo fmt --check"
cargo fmt --all -- --check

section "cargo clippy"
cargo clippy --workspace --all-targets --release -- -D warnings

section "cargo test --release"
cargo test --workspace --release

for check in scripts/checks.d/*.sh; do
  [ -e "$check" ] || continue
  section "check: $check"
  bash "$check"
done

section "all tests passed"
