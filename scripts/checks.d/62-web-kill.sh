#!/usr/bin/env bash
# The web server killed with SIGKILL mid-game: a small kill campaign (6 games, 2 kills a
# fraction of a second apart, a fixed seed) must lose no acknowledged move and leave every
# game readable and playable; then a read-only and a full data directory must each keep the
# game going in memory and say why (needs root for its tmpfs mounts; skipped otherwise).
# About 10 s. The full campaign: python3 scripts/web_kill_campaign.py (200 games, kills every
# 2-6 s, about a minute).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release --quiet -p chariot
timeout 120 python3 scripts/web_kill_campaign.py --games 6 --kills 2 --clients 2 \
  --min-gap 0.3 --max-gap 1 --seed 7
timeout 120 python3 scripts/web_storage_faults.py
