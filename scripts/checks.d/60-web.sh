#!/usr/bin/env bash
# The web game in a real headless Chromium: builds the release binary, serves it on a free
# loopback port, and runs the Playwright scripts: a few moves of each game (play), the other
# controls (promotion, flip, resign, draw, pasted records), the comforts (typed moves, opening
# names, sounds, screen-reader labels) and a complete game of chess and of
# xiangqi won by clicking the hinted moves (fullgame). The server is stopped on every exit path.
# The newer features (a game surviving a kill -9 of its server, clocks, review, analysis, the
# phone layout, saved games) run against servers that features.test.js starts and kills itself.
# The think cap (150 ms) also bounds the hints the complete games are played from.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release --quiet -p chariot
out=$(mktemp -d)
log="$out/server.log"
./target/release/chariot web --port 0 --max-think-ms 150 --data "$out/data" >"$log" 2>&1 &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$out"
}
trap cleanup EXIT
url=""
for _ in $(seq 100); do
  url=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$log" | head -n1 || true)
  [ -n "$url" ] && break
  kill -0 "$server" 2>/dev/null || { cat "$log"; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { echo "the server did not start"; cat "$log"; exit 1; }
echo "server at $url"
export CHARIOT_URL="$url" SHOTS_DIR="${SHOTS_DIR:-$out}"
timeout 120 node tests/web/play.test.js
timeout 120 node tests/web/controls.test.js
timeout 120 node tests/web/comfort.test.js
timeout 300 node tests/web/fullgame.test.js
CHARIOT_BIN=./target/release/chariot timeout 300 node tests/web/features.test.js
