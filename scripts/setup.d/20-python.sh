#!/usr/bin/env bash
# Independent referees for differential tests: python-chess and pyffish (Fairy-Stockfish rules).
set -euo pipefail
python3 - <<'PY' 2>/dev/null && exit 0
import chess, pyffish  # noqa: F401
PY
python3 -m pip install --quiet --disable-pip-version-check -r scripts/requirements.txt
