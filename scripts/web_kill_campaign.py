#!/usr/bin/env python3
"""Kill campaign of `chariot web` (issue 60, item 3): do saved games survive SIGKILL?

Starts `chariot web --data DIR` on a fresh data directory and a free loopback port, and has
`--clients` players play `--games` scripted games between them (chess and xiangqi
alternately, the fast `beginner` level, random legal moves) while a killer thread sends the
server SIGKILL at random moments (a seeded RNG, every 2-6 s) and starts it again on the same
data directory and port. Every state a player got with HTTP 200 holds moves the server has
acknowledged; the player keeps the longest such move list per game.

Checks, after every restart and at the end:
- lost: each game's acknowledged moves must be the first moves of the game the restarted
  server serves (`GET /api/games/{id}` replays it from the database);
- corrupt: every game reopens (200), the archive lists it with its length, and the PGN export
  of all games reads back: python-chess replays each chess record to the same moves (when
  python-chess is installed), each xiangqi record has as many moves as the game;
- continued: after a last kill and restart, every unfinished game accepts one more move.

Prints a summary line and exits 1 on any lost move, corrupt game or game that would not go on.
Standard library only (python-chess optional, for the chess PGN check).

    python3 scripts/web_kill_campaign.py --games 200 --clients 4 --seed 1
"""

import argparse
import http.client
import io
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

HOST = "127.0.0.1"

try:
    import chess.pgn  # python-chess, the chess referee

    HAVE_CHESS = True
except ImportError:
    HAVE_CHESS = False


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class Server:
    """The `chariot web` process, killed and started again by the killer thread."""

    def __init__(self, binary, data, max_think_ms):
        self.binary, self.data, self.max_think_ms = binary, data, max_think_ms
        self.port = free_port()
        self.proc = None
        self.kills = 0
        self.log = open(os.path.join(data, "..", "server.log"), "ab")

    def start(self):
        """Starts the server and waits until it answers; on a port still held, a fresh port."""
        for attempt in range(20):
            self.proc = subprocess.Popen(
                [self.binary, "web", "--port", str(self.port), "--max-think-ms",
                 str(self.max_think_ms), "--data", self.data],
                stdout=subprocess.DEVNULL, stderr=self.log)
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and self.proc.poll() is None:
                status, _ = call(self.port, "GET", "/api/info", timeout=2)
                if status == 200:
                    return
                time.sleep(0.05)
            if self.proc.poll() is None:
                raise RuntimeError("the server started but never answered /api/info")
            self.port = free_port()  # it exited: most likely the port was not free yet
        raise RuntimeError("the server would not start")

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.kills += 1

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)


def call(port, method, path, body=None, timeout=30):
    """One request on a fresh connection: (status, parsed JSON or raw text); status 0 when the
    connection failed (the server was killed or is starting)."""
    try:
        conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data else {}
        conn.request(method, path, body=data, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
    except (OSError, http.client.HTTPException):
        return 0, None
    try:
        return resp.status, json.loads(raw)
    except ValueError:
        return resp.status, raw.decode("utf-8", "replace")


def coords(state):
    return [m["coord"] for m in state.get("moves", [])]


class Ledger:
    """What the server acknowledged: per game id its kind and longest acknowledged moves."""

    def __init__(self):
        self.lock = threading.Lock()
        self.games = {}  # id -> {"game": kind, "moves": [...]}
        self.failures = []
        self.acked_posts = 0

    def note(self, gid, kind, state, sent_at):
        """Records a 200/201 state of a request sent at `sent_at` (time.monotonic()); a state
        that drops moves acknowledged before the request was sent is a loss. An answer to a
        request sent earlier (the checker's, racing a player) may predate newer moves: it
        can only extend the record, never count as a loss."""
        moves = coords(state)
        with self.lock:
            entry = self.games.setdefault(gid, {"game": kind, "moves": [], "acked_at": 0.0})
            known = entry["moves"]
            if moves[: len(known)] != known:
                if sent_at >= entry["acked_at"]:
                    self.failures.append(
                        f"lost: {gid} served {moves} after acknowledging {known}")
                return
            if len(moves) > len(known):
                entry["moves"] = moves
                entry["acked_at"] = time.monotonic()

    def fail(self, text):
        with self.lock:
            self.failures.append(text)

    def snapshot(self):
        with self.lock:
            return {gid: dict(e, moves=list(e["moves"])) for gid, e in self.games.items()}


class Player(threading.Thread):
    """Plays games one after another until the campaign has started `games` of them."""

    def __init__(self, server, ledger, counter, plies, rng_seed, stop):
        super().__init__(daemon=True)
        self.server, self.ledger, self.counter, self.plies = server, ledger, counter, plies
        self.rng = random.Random(rng_seed)
        self.stop_at = stop

    def retry(self, method, path, body=None, ok=(200, 201)):
        """Repeats a request through kills (status 0) and busy answers (409 while the engine
        thinks, 503) until it succeeds; other statuses are failures."""
        while time.monotonic() < self.stop_at:
            status, reply = call(self.server.port, method, path, body)
            if status in ok:
                return status, reply
            if status not in (0, 409, 503):
                return status, reply
            time.sleep(0.05 + self.rng.random() * 0.1)
        return 0, None

    def run(self):
        while True:
            with self.counter["lock"]:
                if self.counter["left"] == 0:
                    return
                self.counter["left"] -= 1
                n = self.counter["started"]
                self.counter["started"] += 1
            self.play("chess" if n % 2 == 0 else "xiangqi")

    def idle_state(self, gid, kind):
        """Polls the game until the engine is not thinking; the state, or None."""
        while time.monotonic() < self.stop_at:
            sent_at = time.monotonic()
            status, state = self.retry("GET", f"/api/games/{gid}")
            if status != 200:
                self.ledger.fail(f"GET {gid}: status {status} {state}")
                return None
            self.ledger.note(gid, kind, state, sent_at)
            if state["thinking"] is None:
                return state
            time.sleep(0.05)
        return None

    def play(self, kind):
        # A creation cut off by a kill may leave a game nobody knows: harmless, not counted.
        sent_at = time.monotonic()
        status, state = self.retry("POST", "/api/games", {"game": kind, "level": "beginner"})
        if status != 201:
            self.ledger.fail(f"create {kind}: status {status} {state}")
            return
        gid = state["id"]
        self.ledger.note(gid, kind, state, sent_at)
        for _ in range(self.plies):
            state = self.idle_state(gid, kind)
            if state is None or state["result"] is not None or not state["legal"]:
                return
            move = self.rng.choice(state["legal"])
            sent_at = time.monotonic()
            status, reply = call(self.server.port, "POST", f"/api/games/{gid}/moves", {"move": move})
            if status == 200:
                self.ledger.note(gid, kind, reply, sent_at)
                with self.ledger.lock:
                    self.ledger.acked_posts += 1
            elif status not in (0, 409, 503):
                self.ledger.fail(f"move {move} in {gid}: status {status} {reply}")
                return
            # Status 0: the kill came first; whether the move was stored shows in the next state.


def check_stored(port, ledger, settle=False):
    """Compares every acknowledged game with what the server serves; returns (lost, corrupt,
    states by id). A game that does not reopen is corrupt. With `settle` each state is taken
    once the engine is idle (a restored game whose engine was to move thinks again), so
    that it is the stored game the export writes."""
    lost, corrupt, states = 0, 0, {}
    for gid, entry in ledger.snapshot().items():
        sent_at = time.monotonic()
        status, state = call(port, "GET", f"/api/games/{gid}", timeout=60)
        deadline = time.monotonic() + 60
        while settle and status == 200 and state["thinking"] is not None \
                and time.monotonic() < deadline:
            time.sleep(0.05)
            status, state = call(port, "GET", f"/api/games/{gid}", timeout=60)
        if status != 200:
            corrupt += 1
            ledger.fail(f"corrupt: {gid} does not reopen: {status} {state}")
            continue
        states[gid] = state
        stored, known = coords(state), entry["moves"]
        same = 0
        while same < min(len(stored), len(known)) and stored[same] == known[same]:
            same += 1
        if same < len(known):
            lost += len(known) - same
            ledger.fail(f"lost: {gid} stored {stored}, acknowledged {known}")
        ledger.note(gid, entry["game"], state, sent_at)
    return lost, corrupt, states


def archive(port, kind):
    """The archive's games of `kind`, oldest first (the export's order)."""
    games, offset = [], 0
    while True:
        status, page = call(port, "GET", f"/api/archive?game={kind}&limit=500&offset={offset}")
        if status != 200:
            raise RuntimeError(f"archive: status {status} {page}")
        games += page["games"]
        offset += len(page["games"])
        if not page["games"] or offset >= page["total"]:
            return list(reversed(games))


XQ_MOVE = re.compile(r"^[A-Za-z+\-=.1-9]{4}$")


def xiangqi_move_counts(text):
    """Moves per record of a xiangqi export: the WXF moves of each movetext (a record starts
    at its first tag after a movetext)."""
    counts, in_tags, current = [], False, None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("["):
            if not in_tags:
                in_tags = True
                current = 0
                counts.append(0)
            continue
        in_tags = False
        line = re.sub(r"\{[^}]*\}", " ", line)
        for token in line.split():
            token = re.sub(r"^\d+\.+", "", token)
            if token and token not in ("1-0", "0-1", "1/2-1/2", "*") and XQ_MOVE.match(token):
                counts[-1] += 1
    return counts


def check_export(port, states, ledger):
    """The PGN export of every game reads back; returns the number of corrupt records."""
    corrupt = 0
    for kind in ("chess", "xiangqi"):
        listed = archive(port, kind)
        status, text = call(port, "GET", f"/api/archive/pgn?game={kind}", timeout=60)
        if status != 200 or not isinstance(text, str):
            ledger.fail(f"corrupt: the {kind} export: status {status}")
            corrupt += 1
            continue
        for row in listed:
            state = states.get(row["id"])
            if state is not None and row["length"] != len(state["moves"]):
                corrupt += 1
                ledger.fail(f"corrupt: archive says {row['length']} plies for {row['id']}, "
                            f"the game has {len(state['moves'])}")
        if kind == "chess" and HAVE_CHESS:
            records = []
            stream = io.StringIO(text)
            while (game := chess.pgn.read_game(stream)) is not None:
                records.append(game)
            if len(records) != len(listed):
                corrupt += 1
                ledger.fail(f"corrupt: chess export has {len(records)} records, archive {len(listed)}")
            for row, game in zip(listed, records):
                ucis = [m.uci() for m in game.mainline_moves()]
                if game.errors or len(ucis) != row["length"]:
                    corrupt += 1
                    ledger.fail(f"corrupt: chess record of {row['id']}: {game.errors} "
                                f"{len(ucis)} moves, archive {row['length']}")
                state = states.get(row["id"])
                if state is not None and ucis != coords(state):
                    corrupt += 1
                    ledger.fail(f"corrupt: chess record of {row['id']} replays {ucis}, "
                                f"the game is {coords(state)}")
        elif kind == "xiangqi":
            counts = xiangqi_move_counts(text)
            if counts != [row["length"] for row in listed]:
                corrupt += 1
                ledger.fail(f"corrupt: xiangqi export move counts {counts} differ from the "
                            f"archive's {[row['length'] for row in listed]}")
    return corrupt


def continue_games(port, states, ledger, rng):
    """One more move in every unfinished game; (unfinished, continued)."""
    unfinished = continued = 0
    for gid, state in states.items():
        if state["result"] is not None:
            continue
        unfinished += 1
        deadline = time.monotonic() + 60
        while state["thinking"] is not None and time.monotonic() < deadline:
            time.sleep(0.05)
            _, state = call(port, "GET", f"/api/games/{gid}")
        if state["result"] is not None:
            unfinished -= 1
            continue
        if not state["legal"]:
            ledger.fail(f"continue: {gid} has no legal move for the person: {state}")
            continue
        move = rng.choice(state["legal"])
        status, reply = call(port, "POST", f"/api/games/{gid}/moves", {"move": move})
        while status == 503 and time.monotonic() < deadline:
            # The search cap is shared by every game the restart set thinking: wait a turn.
            time.sleep(0.1)
            status, reply = call(port, "POST", f"/api/games/{gid}/moves", {"move": move})
        if status == 200:
            continued += 1
        else:
            ledger.fail(f"continue: {gid} refused a move after the restart: {status} {reply}")
    return unfinished, continued


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default="target/release/chariot")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--clients", type=int, default=4, help="players at once")
    parser.add_argument("--plies", type=int, default=20, help="most moves the person plays per game")
    parser.add_argument("--kills", type=int, default=0,
                        help="stop killing after this many (0: kill until the games are played)")
    parser.add_argument("--min-gap", type=float, default=2.0, help="shortest time between kills, s")
    parser.add_argument("--max-gap", type=float, default=6.0, help="longest time between kills, s")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-think-ms", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=1800, help="deadline of the play phase")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="chariot-kill-")
    data = os.path.join(work, "data")
    os.mkdir(data)
    server = Server(os.path.abspath(args.binary), data, args.max_think_ms)
    ledger = Ledger()
    lost = corrupt = unfinished = continued = 0
    start = time.monotonic()
    try:
        server.start()
        stop_at = time.monotonic() + args.seconds
        counter = {"lock": threading.Lock(), "left": args.games, "started": 0}
        players = [Player(server, ledger, counter, args.plies, rng.random(), stop_at)
                   for _ in range(args.clients)]
        for p in players:
            p.start()
        while any(p.is_alive() for p in players):
            gap = rng.uniform(args.min_gap, args.max_gap)
            for p in players:
                p.join(timeout=gap / len(players))
            if not any(p.is_alive() for p in players):
                break
            if args.kills and server.kills >= args.kills:
                continue
            server.kill()
            server.start()
            more_lost, more_corrupt, _ = check_stored(server.port, ledger)
            lost, corrupt = lost + more_lost, corrupt + more_corrupt
            print(f"kill {server.kills} at {time.monotonic() - start:.0f} s: "
                  f"{counter['started']} games started, lost {more_lost}, corrupt {more_corrupt}",
                  flush=True)
        # The last word: kill once more, then everything must be there and go on.
        server.kill()
        server.start()
        more_lost, more_corrupt, states = check_stored(server.port, ledger, settle=True)
        lost, corrupt = lost + more_lost, corrupt + more_corrupt
        corrupt += check_export(server.port, states, ledger)
        unfinished, continued = continue_games(server.port, states, ledger, rng)
    finally:
        server.stop()

    games = ledger.snapshot()
    acked = sum(len(g["moves"]) for g in games.values())
    for failure in ledger.failures[:20]:
        print("FAIL:", failure)
    print(f"kill campaign: {len(games)} games ({sum(g['game'] == 'chess' for g in games.values())} "
          f"chess), {server.kills} kills, {acked} acknowledged moves ({ledger.acked_posts} person "
          f"moves answered 200), lost {lost}, corrupt {corrupt}, continued {continued}/{unfinished} "
          f"unfinished, {time.monotonic() - start:.0f} s"
          + ("" if HAVE_CHESS else " (python-chess missing: chess PGN not replayed)"))
    bad = lost or corrupt or continued != unfinished or ledger.failures
    if bad:
        print(f"the data directory is kept for a look: {data}", file=sys.stderr)
    else:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
