#!/usr/bin/env bash
# OpenBench's interface to the engine (docs/openbench.md): `make EXE=…` puts the release
# binary where it is asked to; `EXE bench` ends with the bench signature in a form
# OpenBench's client reads; `--version` names the commit; and a network file that cannot
# be built in (EVALFILE=, XQ_EVALFILE=) stops the build with the reason. The make reuses the workspace's
# target folder, so after the main build it only copies the binary.
set -euo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

make --no-print-directory EXE="$tmp/chariot-ob"
test -x "$tmp/chariot-ob" || { echo "42-openbench: make did not write EXE" >&2; exit 1; }

expected=$(tr -d '[:space:]' < crates/chariot/data/bench.signature)
(cd "$tmp" && ./chariot-ob bench) > "$tmp/bench.out"
cat "$tmp/bench.out"
# Read the output as OpenBench's client does (Client/bench.py): from the last line up,
# each line with everything but letters, digits and spaces made a space; the first
# "N nodes", "nodes N" or "nodes searched N" is the signature, the first "N nps",
# "nps N" or "nodes second N" the speed; both must be found.
python3 - "$expected" "$tmp/bench.out" <<'PY'
import re
import sys

expected, path = int(sys.argv[1]), sys.argv[2]
signature = speed = None
for line in reversed(open(path).read().strip().split("\n")):
    words = re.sub(r"[^a-zA-Z0-9 ]+", " ", line)
    found = re.search(r"\d+\s+nodes|nodes\s+\d+|nodes searched\s+\d+", words, re.I)
    if found and signature is None:
        signature = int(re.search(r"\d+", found.group()).group())
    found = re.search(r"\d+\s+nps|nps\s+\d+|nodes second\s+\d+", words, re.I)
    if found and speed is None:
        speed = int(re.search(r"\d+", found.group()).group())
if signature is None or speed is None:
    sys.exit(f"42-openbench: OpenBench would not read the bench (nodes {signature}, nps {speed})")
if signature != expected:
    sys.exit(f"42-openbench: OpenBench would read {signature} nodes, the signature is {expected}")
print(f"42-openbench: OpenBench reads {signature} nodes at {speed} nps")
PY

version=$("$tmp/chariot-ob" --version)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ "$version" != "chariot $(cargo pkgid -p chariot | sed 's/.*[#@]//') ($commit)" ]; then
  echo "42-openbench: --version says '$version', expected the version and commit $commit" >&2
  exit 1
fi
echo "42-openbench: $version"

# A network file that does not exist is refused by make itself, before any build.
if make --no-print-directory EXE="$tmp/none" EVALFILE="$tmp/missing.nnue" > "$tmp/make.out" 2>&1 \
  || ! grep -q "no such file" "$tmp/make.out"; then
  cat "$tmp/make.out"
  echo "42-openbench: make EVALFILE=<missing file> did not fail with the reason" >&2
  exit 1
fi
# A file that is not a Chariot network fails the compilation of the chess crate, with the
# reason. Checked (not built) in a target folder of its own, so the ordinary build keeps
# its default network and stays fresh.
printf 'NNUE of another engine, not ours\n' > "$tmp/other.nnue"
if CHARIOT_EVALFILE="$tmp/other.nnue" cargo check --quiet -p chess --target-dir target/evalfile-check \
  > "$tmp/check.out" 2>&1 || ! grep -q "bad magic" "$tmp/check.out"; then
  cat "$tmp/check.out"
  echo "42-openbench: a bad built-in network did not fail the build with the reason" >&2
  exit 1
fi
# The same for xiangqi's built-in network (XQ_EVALFILE=): chess's network is refused.
if CHARIOT_XQ_EVALFILE="$PWD/crates/chess/nets/chess-gen2-8m.nnue" cargo check --quiet -p xiangqi \
  --target-dir target/evalfile-check > "$tmp/check.out" 2>&1 \
  || ! grep -q "this is a chess network, not xiangqi" "$tmp/check.out"; then
  cat "$tmp/check.out"
  echo "42-openbench: a chess network as xiangqi's built-in did not fail the build with the reason" >&2
  exit 1
fi
echo "42-openbench: bad network files stop the build with the reason"
