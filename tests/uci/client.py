"""A minimal UCI client over a pipe, for scripted sessions with exact control of timing.

python-chess drives the chess games; this client drives xiangqi (which python-chess does not
know) and the latency measurements, where every line and every millisecond matter.
"""
import os
import queue
import subprocess
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("CHARIOT_BIN", os.path.join(ROOT, "target", "release", "chariot"))


class Engine:
    """One `chariot uci` process; lines are read on a thread into a queue."""

    def __init__(self, *args):
        self.proc = subprocess.Popen(
            [BINARY, "uci", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix, timeout=10.0):
        """Lines up to and including the first that starts with `prefix`."""
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no '{prefix}' within {timeout}s; saw {seen[-5:]}")
            line = self.lines.get(timeout=left)
            if line is None:
                raise EOFError(f"engine exited; saw {seen[-5:]}")
            seen.append(line)
            if line.startswith(prefix):
                return seen

    def bestmove(self, timeout=10.0):
        """The move of the next `bestmove` line."""
        return self.read_until("bestmove", timeout)[-1].split()[1]

    def handshake(self):
        self.send("uci")
        options = self.read_until("uciok")
        self.send("isready")
        self.read_until("readyok")
        return options

    def close(self):
        try:
            self.send("quit")
        except (BrokenPipeError, ValueError):
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdin.close()
        self.proc.stdout.close()
        return self.proc.returncode


def stop_latency(engine, position, think=0.3):
    """Seconds from `stop` to `bestmove` during `go infinite` after `think` seconds."""
    engine.send(position)
    engine.send("go infinite")
    time.sleep(think)
    asked = time.monotonic()
    engine.send("stop")
    move = engine.bestmove()
    return time.monotonic() - asked, move
