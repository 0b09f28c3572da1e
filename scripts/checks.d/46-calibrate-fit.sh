#!/usr/bin/env bash
# The level calibration's joint fit (scripts/calibrate_fit.py) on made-up match results whose
# answer is known: a setting level with its anchor rates at the anchor, a ladder match chains
# a setting no anchor could rate, and a setting that won every game is reported as a bound.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 - "$dir" <<'PY'
import importlib.util, json, os, sys
spec = importlib.util.spec_from_file_location("fit", "scripts/calibrate_fit.py")
fit = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fit)
d = sys.argv[1]
def match(name, a, b, wins, draws, losses):
    pair = {"a": a, "b": b, "wins": wins, "draws": draws, "losses": losses,
            "games": wins + draws + losses}
    json.dump({"pairs": [pair]}, open(os.path.join(d, name + ".json"), "w"))
# Level 3 scores 50% against the 1500 anchor; level 9 76% (about +200) against level 3 in a
# ladder match; level 20 81% (about +250) against level 9 and every game against 1500.
match("a", "Chariot Skill Level 3", "Reference 1500", 40, 20, 40)
match("b", "Chariot Skill Level 9", "Chariot Skill Level 3", 70, 12, 18)
match("c", "Chariot Skill Level 20", "Chariot Skill Level 9", 76, 10, 14)
rated = fit.fit(fit.read_matches(d))
r3, r9, r20 = (rated[f"Chariot Skill Level {l}"][0] for l in (3, 9, 20))
assert abs(r3 - 1500) <= 25, rated
assert abs(r9 - r3 - 200) <= 25, rated
assert abs(r20 - r9 - 250) <= 25, rated
low, high = rated["Chariot Skill Level 9"][1:]
assert low < r9 < high and high - low < 400, rated
text = "\n".join(fit.report(fit.read_matches(d), "TEST_LEVELS"))
assert "(FULL_LEVEL, " in text and "Not ready" not in text, text
# A sweep has no finite maximum: the fit says so instead of offering it as a point.
match("d", "Chariot Skill Level 19", "Reference 1500", 30, 0, 0)
text = "\n".join(fit.report(fit.read_matches(d), "TEST_LEVELS"))
assert "Skill Level 19 won or lost every game" in text, text
print("46-calibrate-fit: joint fit ok", {k[len("Chariot "):]: v for k, v in rated.items()})
PY
