"""`chariot play` in a real pseudo-terminal, as a person would use it: a few moves, a refused
move, undo, and colour only when the output is a terminal and NO_COLOR is unset."""
import os
import select
import subprocess
import time
import unittest

from client import BINARY


class Terminal:
    def __init__(self, args, env=None):
        self.master, slave = os.openpty()
        self.proc = subprocess.Popen([BINARY, "play", *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, close_fds=True)
        os.close(slave)
        self.text = ""

    def expect(self, needle, timeout=10.0):
        deadline = time.monotonic() + timeout
        while needle not in self.text:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{needle!r} not seen; last output:\n{self.text[-800:]}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    self.text += os.read(self.master, 65536).decode("utf-8", "replace")
                except OSError:
                    break
        found = self.text.index(needle) + len(needle)
        before, self.text = self.text[:found], self.text[found:]
        return before

    def type(self, line):
        os.write(self.master, (line + "\n").encode())

    def close(self):
        code = self.proc.wait(timeout=10)
        os.close(self.master)
        return code


class PlayInATerminal(unittest.TestCase):
    def test_chess_moves_refusal_and_undo(self):
        env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        t = Terminal(["--movetime", "50"], env)
        first = t.expect("White to move> ")
        self.assertIn("\x1b[", first, "colour on a terminal")
        self.assertIn("♔", first)
        t.type("e4")
        t.expect("Chariot plays")
        t.expect("White to move> ")
        t.type("Ke9")
        refused = t.expect("White to move> ")
        self.assertIn("'Ke9' is not a legal move here", refused)
        t.type("Nf3")
        t.expect("Chariot plays")
        t.expect("White to move> ")
        t.type("undo")
        self.assertIn("Move taken back.", t.expect("White to move> "))
        t.type("quit")
        self.assertEqual(t.close(), 0)

    def test_xiangqi_without_colour_when_asked(self):
        env = dict(os.environ, NO_COLOR="1")
        t = Terminal(["--game", "xiangqi", "--side", "black", "--movetime", "50"], env)
        opening = t.expect("Black to move> ")
        self.assertNotIn("\x1b[", opening, "NO_COLOR is respected")
        self.assertIn("Chariot plays", opening, "Red (the engine) opens")
        self.assertIn("將", opening)
        t.type("h9g7")
        t.expect("Chariot plays")
        t.expect("Black to move> ")
        t.type("quit")
        self.assertEqual(t.close(), 0)


if __name__ == "__main__":
    unittest.main()
