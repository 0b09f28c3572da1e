#!/usr/bin/env bash
# The tuning scripts' helpers: `start_weights.py` keeps a weights file it is given as both
# the layout and the old values; `term_calibration.py` reads every term `chariot eval`
# prints (they add up to its total) and its solver solves.
set -euo pipefail
cd "$(dirname "$0")/../.."

weights=crates/chess/src/eval/weights.rs
start=$(mktemp)
trap 'rm -f "$start"' EXIT
python3 scripts/tune/start_weights.py "$weights" "$weights" > "$start"

python3 - "$weights" "$start" <<'PY'
import importlib.util
import sys
spec = importlib.util.spec_from_file_location("start", "scripts/tune/start_weights.py")
start = importlib.util.module_from_spec(spec)
spec.loader.exec_module(start)
_, before = start.parse(sys.argv[1])
_, after = start.parse(sys.argv[2])
if len(before) < 20 or before != after:
    changed = [g for g in before if before[g] != after.get(g)]
    raise SystemExit(f"45-tune-scripts: start_weights.py changed the groups {changed} "
                     f"of a weights file fitted to its own layout ({len(before)} groups)")
PY

python3 - <<'PY'
import importlib.util
import subprocess
spec = importlib.util.spec_from_file_location("calib", "scripts/tune/term_calibration.py")
calib = importlib.util.module_from_spec(spec)
spec.loader.exec_module(calib)
chariot = "target/release/chariot"
for fen in ["1b1r1kr1/1b3p2/1Pp1pn2/p4p2/P2P1q1p/1Q2NN1P/1PB2PP1/3RR2K w - - 0 30",
            "r1bq1rk1/pp1n1ppp/3bp3/3n4/2BP4/P2Q1N2/1P3PPP/RNB1K2R b KQ - 4 7"]:
    out = subprocess.run([chariot, "eval", "--game", "chess", "--classic", "--fen", fen],
                         capture_output=True, text=True, check=True).stdout
    total = int(out.split("total:")[1].split()[0])
    terms = calib.terms(chariot, fen)
    if abs(sum(terms) - total) > len(terms) or not any(terms[1:]):
        raise SystemExit(f"45-tune-scripts: term_calibration read {terms} (sum "
                         f"{sum(terms)}) where chariot eval's total is {total}: {fen}")
x = calib.solve([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0])
if abs(x[0] - 0.8) > 1e-9 or abs(x[1] - 1.4) > 1e-9:
    raise SystemExit(f"45-tune-scripts: solve gave {x}, not [0.8, 1.4]")
PY
echo "45-tune-scripts: OK"
