#!/usr/bin/env bash
# Reference engines the arena's checks play real games with (Debian packages).
set -euo pipefail
if [ -x /usr/games/stockfish ] && [ -x /usr/games/fairy-stockfish ] && [ -x /usr/games/phalanx ]; then
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq stockfish fairy-stockfish phalanx >/dev/null
