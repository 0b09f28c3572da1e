#!/usr/bin/env bash
# The web page's browser test: Debian's Chromium driven by playwright-core (no browser
# download), and fonts with the chess glyphs and the Chinese characters of xiangqi.
set -euo pipefail
cd "$(dirname "$0")/../.."
# No `grep -q` here: under pipefail its early exit makes fc-list die of SIGPIPE.
have_font() { command -v fc-list >/dev/null && fc-list | grep -i "$1" >/dev/null; }
missing=()
command -v chromium >/dev/null || missing+=(chromium)
have_font wenquanyi || missing+=(fonts-wqy-microhei)
have_font dejavu || missing+=(fonts-dejavu-core)
# The machine image ships Node.js with npm (NodeSource); Debian's npm package would
# conflict with it, so it is only installed where no npm exists at all.
command -v npm >/dev/null || missing+=(nodejs npm)
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ ! -f tests/web/node_modules/playwright-core/package.json ]; then
  (cd tests/web && npm ci --no-audit --no-fund --silent)
fi
