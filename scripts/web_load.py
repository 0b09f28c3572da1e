#!/usr/bin/env python3
"""Load and abuse test of `chariot web` (issue 60): starts the server on a loopback port and
runs, each as a bounded phase that stops by itself,

1. `--clients` concurrent players, each on one keep-alive connection: create a game (chess
   and xiangqi alternately, the fast `beginner` level), play `--moves` random legal moves,
   polling the state until the engine has replied;
2. `--slow` clients trickling their request heads a byte a second: the server must cut each
   off (the 10 s head limit of docs/web-api.md);
3. malformed and oversized requests, and a connection flood: each must get the status
   docs/web-api.md promises;

then checks that the server still answers `/api/info` and is still running, and prints the
p50/p99 latency per request type. Standard library only. Exit status 1 when a check failed.

    python3 scripts/web_load.py --clients 200 --moves 4
"""

import argparse
import http.client
import json
import random
import socket
import subprocess
import sys
import threading
import time

HOST = "127.0.0.1"


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class Stats:
    """Latencies and statuses per request type, shared by the client threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.latency = {}
        self.statuses = {}
        self.failures = []

    def note(self, kind, seconds, status):
        with self.lock:
            self.latency.setdefault(kind, []).append(seconds)
            counts = self.statuses.setdefault(kind, {})
            counts[status] = counts.get(status, 0) + 1

    def fail(self, text):
        with self.lock:
            self.failures.append(text)


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, round((len(values) - 1) * p))]


class Player:
    """One keep-alive client; reconnects when the server closes the connection."""

    def __init__(self, port, stats, deadline):
        self.port, self.stats, self.deadline = port, stats, deadline
        self.conn = None

    def request(self, kind, method, path, body=None):
        """(status, parsed JSON or None); status 0 when the connection failed."""
        if self.conn is None:
            self.conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if data else {}
        start = time.monotonic()
        try:
            self.conn.request(method, path, body=data, headers=headers)
            resp = self.conn.getresponse()
            raw = resp.read()
            status = resp.status
            if resp.getheader("Connection", "").lower() == "close":
                self.conn.close()
                self.conn = None
        except (OSError, http.client.HTTPException):
            self.conn.close()
            self.conn = None
            self.stats.note(kind, time.monotonic() - start, 0)
            return 0, None
        # Refusals are quick; kept apart so that they do not hide the served requests' times.
        self.stats.note(kind + " refused" if status == 503 else kind, time.monotonic() - start, status)
        try:
            return status, json.loads(raw) if raw else None
        except ValueError:
            return status, None

    def until_ok(self, kind, method, path, body=None, ok=(200, 201)):
        """Retries a refused request (503: the server is full; 0: the connection was cut)
        until it succeeds or the phase's deadline passes."""
        while time.monotonic() < self.deadline:
            status, reply = self.request(kind, method, path, body)
            if status in ok:
                return reply
            if status not in (0, 503, 409):
                self.stats.fail(f"{kind} {method} {path}: status {status} {reply}")
                return None
            time.sleep(0.05 + random.random() * 0.2)
        return None

    def play(self, game, moves):
        state = self.until_ok("create", "POST", "/api/games", {"game": game, "level": "beginner"})
        if state is None:
            return False
        gid = state["id"]
        for _ in range(moves):
            while state["thinking"] is not None and time.monotonic() < self.deadline:
                time.sleep(0.05)
                state = self.until_ok("state", "GET", f"/api/games/{gid}") or state
            if state["result"] is not None or not state["legal"]:
                break
            move = random.choice(state["legal"])
            reply = self.until_ok("move", "POST", f"/api/games/{gid}/moves", {"move": move})
            if reply is None:
                return False
            state = reply
        return True


def load_phase(port, args, stats):
    deadline = time.monotonic() + args.seconds
    done = []

    def client(i):
        player = Player(port, stats, deadline)
        if player.play("chess" if i % 2 == 0 else "xiangqi", args.moves):
            done.append(i)
        if player.conn is not None:
            player.conn.close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(args.clients)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - start
    print(f"load: {len(done)}/{args.clients} clients played their {args.moves} moves in {elapsed:.1f} s")
    if len(done) < args.clients:
        stats.fail(f"load: only {len(done)} of {args.clients} clients finished before the deadline")


def slow_phase(port, args, stats):
    """Clients that send a byte of their head a second: each must be cut off in 10 s + slack."""
    limit = 10 + 5
    cut = []

    def trickle():
        start = time.monotonic()
        head = b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 200
        try:
            with socket.create_connection((HOST, port), timeout=limit + 5) as s:
                for byte in head:
                    s.sendall(bytes([byte]))
                    time.sleep(1)
                    if time.monotonic() - start > limit + 5:
                        break
                s.settimeout(2)
                s.recv(1)
        except OSError:
            pass
        elapsed = time.monotonic() - start
        stats.note("slow head cut off", elapsed, "closed")
        cut.append(elapsed)

    threads = [threading.Thread(target=trickle) for _ in range(args.slow)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    late = [c for c in cut if c > limit]
    print(f"slow: {args.slow} trickling clients cut off after {min(cut):.1f}-{max(cut):.1f} s")
    if late:
        stats.fail(f"slow: {len(late)} trickling clients were not cut off within {limit} s")


def raw(port, data, shutdown=False, timeout=15):
    """Sends bytes on a fresh connection; the status of the answer (0: none)."""
    try:
        with socket.create_connection((HOST, port), timeout=timeout) as s:
            s.sendall(data)
            if shutdown:
                s.shutdown(socket.SHUT_WR)
            reply = b""
            while b"\r\n" not in reply:
                chunk = s.recv(4096)
                if not chunk:
                    break
                reply += chunk
    except OSError:
        return 0
    try:
        return int(reply.split(b" ", 2)[1])
    except (IndexError, ValueError):
        return 0


def req(method, path, body=b"", headers=None, host=b"127.0.0.1"):
    lines = [f"{method} {path} HTTP/1.1".encode(), b"Host: " + host] if host else [
        f"{method} {path} HTTP/1.1".encode()
    ]
    for h in headers or []:
        lines.append(h)
    if body and not any(h.lower().startswith(b"content-length") for h in headers or []):
        lines.append(b"Content-Length: " + str(len(body)).encode())
    lines.append(b"Connection: close")
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


def abuse_phase(port, stats):
    json_ct = [b"Content-Type: application/json"]
    cases = [
        ("not HTTP", b"HELLO THERE\r\n\r\n", 400),
        ("no Host", req("GET", "/api/info", host=None), 400),
        ("foreign Host", req("GET", "/api/info", host=b"evil.example"), 403),
        ("head over 8 KiB", req("GET", "/api/info", headers=[b"X-Big: " + b"a" * 9000]), 431),
        ("body over 16 KiB", req("POST", "/api/games", b"{" + b" " * 20000 + b"}", json_ct), 413),
        ("chunked body", req("POST", "/api/games", b"", [b"Transfer-Encoding: chunked"]), 411),
        ("not JSON", req("POST", "/api/games", b"game=chess", [b"Content-Type: text/plain"]), 415),
        ("bad JSON", req("POST", "/api/games", b"{\"game\":", json_ct), 400),
        ("unknown field", req("POST", "/api/games", b"{\"game\":\"chess\",\"x\":1}", json_ct), 400),
        ("chess960 out of range", req("POST", "/api/games", b"{\"game\":\"chess\",\"chess960\":960}", json_ct), 400),
        ("long FEN", req("POST", "/api/games", b"{\"game\":\"chess\",\"fen\":\"" + b"8/" * 200 + b"\"}", json_ct), 400),
        ("unknown game id", req("GET", "/api/games/" + "0" * 32), 404),
        ("unknown path", req("GET", "/nothing-here"), 404),
        ("wrong method", req("DELETE", "/api/games"), 405),
        ("body cut short", req("POST", "/api/games", b"{\"ga", json_ct + [b"Content-Length: 100"]), 400),
    ]
    for name, data, want in cases:
        start = time.monotonic()
        got = raw(port, data, shutdown=(name == "body cut short"))
        stats.note("malformed", time.monotonic() - start, got)
        print(f"abuse: {name:24} -> {got}" + ("" if got == want else f" (expected {want})"))
        if got != want:
            stats.fail(f"abuse: {name}: status {got}, expected {want}")

    # A connection flood: 140 idle connections, then a request on each of the last ones;
    # the server holds 128 and answers the rest 503.
    socks = []
    try:
        for _ in range(140):
            socks.append(socket.create_connection((HOST, port), timeout=5))
        time.sleep(0.5)
        refused = 0
        for s in socks[-8:]:
            try:
                s.sendall(req("GET", "/api/info"))
                reply = s.recv(64)
                if reply.startswith(b"HTTP/1.1 503"):
                    refused += 1
            except OSError:
                pass
    finally:
        for s in socks:
            s.close()
    print(f"abuse: connection flood: {refused} of the last 8 of 140 connections answered 503")
    stats.note("flood", 0.0, 503 if refused else "none")
    if refused == 0:
        stats.fail("abuse: 140 connections and none refused with 503")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default="target/release/chariot")
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--moves", type=int, default=4, help="moves each client plays")
    parser.add_argument("--seconds", type=float, default=180, help="deadline of the load phase")
    parser.add_argument("--slow", type=int, default=20, help="clients trickling their heads")
    parser.add_argument("--max-think-ms", type=int, default=200)
    args = parser.parse_args()

    port = free_port()
    server = subprocess.Popen(
        [args.binary, "web", "--port", str(port), "--max-think-ms", str(args.max_think_ms),
         "--max-games", str(max(256, args.clients + 16))],
        stdout=subprocess.DEVNULL,
    )
    stats = Stats()
    try:
        probe = Player(port, stats, time.monotonic() + 30)
        if probe.until_ok("info", "GET", "/api/info") is None:
            print("the server never answered /api/info", file=sys.stderr)
            return 1
        load_phase(port, args, stats)
        slow_phase(port, args, stats)
        abuse_phase(port, stats)
        after = Player(port, stats, time.monotonic() + 15)
        if after.until_ok("info", "GET", "/api/info") is None or server.poll() is not None:
            stats.fail("the server did not answer /api/info after the abuse")
        else:
            print("after: the server answers /api/info and is still running")
    finally:
        server.terminate()
        server.wait(timeout=10)

    print(f"\n{'request':20} {'count':>6} {'p50 ms':>8} {'p99 ms':>8}  statuses")
    for kind, values in sorted(stats.latency.items()):
        counts = " ".join(f"{k}:{v}" for k, v in sorted(stats.statuses[kind].items(), key=str))
        print(f"{kind:20} {len(values):6} {percentile(values, 0.5) * 1000:8.1f} "
              f"{percentile(values, 0.99) * 1000:8.1f}  {counts}")
    for failure in stats.failures[:20]:
        print("FAIL:", failure)
    return 1 if stats.failures else 0


if __name__ == "__main__":
    sys.exit(main())
