#!/usr/bin/env python3
"""Storage faults of `chariot web` (issue 60, item 3): a read-only data directory and a full
disk must each give a clear reason (`saving: false`, `saving_reason`, which the page shows
as its "Games are not being saved" note) while play goes on in memory.

Both are made with real file systems, so this needs root (mount): a read-only tmpfs, and a
tiny tmpfs filled up mid-game (then emptied again: saving must come back). Without root it
says so and exits 0. Standard library only.

    sudo python3 scripts/web_storage_faults.py
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from web_kill_campaign import call, free_port  # noqa: E402

FAILURES = []


def expect(ok, text):
    print(("ok:   " if ok else "FAIL: ") + text)
    if not ok:
        FAILURES.append(text)


def serve(binary, data):
    port = free_port()
    proc = subprocess.Popen([binary, "web", "--port", str(port), "--max-think-ms", "50",
                             "--data", data], stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if call(port, "GET", "/api/info", timeout=2)[0] == 200:
            return proc, port
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the server never answered")


def idle(port, gid):
    while True:
        status, state = call(port, "GET", f"/api/games/{gid}")
        if status != 200 or state["thinking"] is None:
            return state
        time.sleep(0.05)


def move(port, gid):
    """Plays the person's first legal move; the answer's status and state."""
    state = idle(port, gid)
    return call(port, "POST", f"/api/games/{gid}/moves", {"move": state["legal"][0]})


def mount(where, options):
    os.makedirs(where, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", where], check=True)


def read_only(binary, root):
    where = os.path.join(root, "ro")
    mount(where, "size=1m,ro")
    try:
        proc, port = serve(binary, where)
        _, info = call(port, "GET", "/api/info")
        expect(info["saving"] is False and "memory" in (info["saving_reason"] or ""),
               f"read-only: /api/info says {info['saving']}: {info['saving_reason']}")
        status, state = call(port, "POST", "/api/games", {"game": "chess", "level": "beginner"})
        expect(status == 201 and state["saving"] is False, f"read-only: a game starts ({status})")
        status, state = move(port, state["id"])
        expect(status == 200 and state["saving"] is False,
               f"read-only: a move is played in memory ({status}), the state says why: "
               f"{state.get('saving_reason')}")
        proc.kill()
        proc.wait()
    finally:
        subprocess.run(["umount", where])


def full_disk(binary, root):
    where = os.path.join(root, "small")
    mount(where, "size=512k")
    try:
        data = os.path.join(where, "data")
        proc, port = serve(binary, data)
        try:
            full_disk_play(proc, port, where)
        finally:
            proc.kill()
            proc.wait()
    finally:
        subprocess.run(["umount", where])


def full_disk_play(proc, port, where):
    """Fills the disk mid-game: the game goes on and says why it is not saved; emptied
    again, the next move is saved."""
    status, state = call(port, "POST", "/api/games", {"game": "xiangqi", "level": "beginner"})
    gid = state["id"]
    status, state = move(port, gid)
    expect(status == 200 and state["saving"] is True, f"full disk: saving before ({status})")
    filler = os.path.join(where, "filler")
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError:
        pass  # the disk is full
    finally:
        os.close(fd)
    refused = []
    for _ in range(40):  # enough moves to outgrow the log's free pages
        status, state = move(port, gid)
        if status != 200:
            refused.append(status)
            break
        if state["saving"] is False:
            break
    expect(not refused and state["saving"] is False
           and "could not be saved" in (state["saving_reason"] or ""),
           f"full disk: play goes on, the state says why: {state.get('saving_reason')}")
    _, info = call(port, "GET", "/api/info")
    expect(info["saving"] is False, f"full disk: /api/info says {info['saving_reason']}")
    os.remove(filler)
    status, state = move(port, gid)
    expect(status == 200 and state["saving"] is True,
           f"full disk: with room again the next move is saved ({status}, {state.get('saving')})")
    expect(proc.poll() is None, "full disk: the server still runs")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default="target/release/chariot")
    args = parser.parse_args()
    if os.geteuid() != 0:
        print("storage faults: needs root to mount tmpfs; skipped")
        return 0
    binary = os.path.abspath(args.binary)
    root = tempfile.mkdtemp(prefix="chariot-faults-")
    # Root in a container may still be refused mounts (no CAP_SYS_ADMIN): probe once.
    probe = os.path.join(root, "probe")
    os.mkdir(probe)
    tried = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", probe],
                           capture_output=True, text=True)
    if tried.returncode != 0:
        os.rmdir(probe)
        os.rmdir(root)
        print("storage faults: this machine refuses tmpfs mounts "
              f"({tried.stderr.strip() or tried.returncode}); skipped")
        return 0
    subprocess.run(["umount", probe], check=True)
    os.rmdir(probe)
    read_only(binary, root)
    full_disk(binary, root)
    os.rmdir(os.path.join(root, "ro"))
    os.rmdir(os.path.join(root, "small"))
    os.rmdir(root)
    print("storage faults: " + ("all clear" if not FAILURES else f"{len(FAILURES)} failed"))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
