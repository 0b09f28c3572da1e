#!/usr/bin/env bash
# The web page's browser test: Debian's Chromium driven by playwright-core (no browser
# download), and fonts with the chess glyphs and the Chinese characters of xiangqi.
set -euo pipefail
cd "$(dirname "$0")/../.."
have_font() { command -v fc-list >/dev/null && fc-list | grep -qi "$1"; }
if ! command -v chromium >/dev/null || ! command -v npm >/dev/null || ! have_font wenquanyi; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium nodejs npm fonts-dejavu-core fonts-wqy-microhei >/dev/null
fi
if [ ! -f tests/web/node_modules/playwright-core/package.json ]; then
  (cd tests/web && npm ci --no-audit --no-fund --silent)
fi
