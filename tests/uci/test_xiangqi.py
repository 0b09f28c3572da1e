"""Chariot as a xiangqi engine in both conventions, every move checked by pyffish
(Fairy-Stockfish's rules): Fairy-Stockfish's (UCI_Variant, ranks 1-10) and Pikafish's
(--game xiangqi, ranks 0-9)."""
import re
import unittest

import pyffish

from client import Engine, stop_latency

START = pyffish.start_fen("xiangqi")


def to_zero_based(move):
    """h3e3 -> h2e2: Fairy-Stockfish ranks 1-10 to Pikafish ranks 0-9."""
    m = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", move)
    return f"{m[1]}{int(m[2]) - 1}{m[3]}{int(m[4]) - 1}"


def to_one_based(move):
    m = re.fullmatch(r"([a-i])(\d)([a-i])(\d)", move)
    assert m, f"not a Pikafish move: {move}"
    return f"{m[1]}{int(m[2]) + 1}{m[3]}{int(m[4]) + 1}"


class XiangqiSession(unittest.TestCase):
    def play(self, engine, plies, to_referee, from_referee):
        """Self-play from the start; returns the moves in Fairy-Stockfish notation."""
        moves = []
        for _ in range(plies):
            legal = pyffish.legal_moves("xiangqi", START, moves)
            engine.send("position startpos moves " + " ".join(from_referee(m) for m in moves))
            engine.send("go movetime 25")
            best = engine.bestmove()
            if not legal:
                self.assertEqual(best, "(none)")
                break
            self.assertIn(to_referee(best), legal, f"after {moves}")
            moves.append(to_referee(best))
        return moves

    def check_board(self, engine, moves, from_referee):
        """The engine's own FEN after the game equals pyffish's."""
        engine.send("position startpos moves " + " ".join(from_referee(m) for m in moves))
        engine.send("d")
        fen = next(l for l in engine.read_until("Fen:") if l.startswith("Fen:"))[5:]
        expected = pyffish.get_fen("xiangqi", START, moves)
        self.assertEqual(fen.split()[:2], expected.split()[:2])

    def test_fairy_stockfish_convention(self):
        engine = Engine()
        try:
            options = engine.handshake()
            self.assertIn("option name UCI_Variant type combo default chess var chess var xiangqi", options)
            engine.send("setoption name UCI_Variant value xiangqi")
            moves = self.play(engine, 40, lambda m: m, lambda m: m)
            self.check_board(engine, moves, lambda m: m)
            # Stop ends the search with a legal move; the latency is printed, not asserted.
            latency, move = stop_latency(engine, "position startpos", 0.2)
            self.assertIn(move, pyffish.legal_moves("xiangqi", START, []))
            print(f"\n  xiangqi stop->bestmove latency: {latency * 1000:.1f} ms", end=" ")
        finally:
            self.assertEqual(engine.close(), 0)

    def test_full_game_to_its_end_refereed_by_pyffish(self):
        """A whole game, each side on its own engine process, until pyffish says it is over
        (mate, stalemate, repetition or perpetual check/chase); every move checked."""
        red, black = Engine(), Engine()
        try:
            for engine in (red, black):
                engine.handshake()
                engine.send("setoption name UCI_Variant value xiangqi")
            # A few fixed opening moves so the two engines do not repeat a known line.
            moves = ["h3e3", "h10g8", "h1g3", "i10h10"]
            result = None
            for ply in range(600):
                legal = pyffish.legal_moves("xiangqi", START, moves)
                ended, value = pyffish.is_optional_game_end("xiangqi", START, moves)
                if not legal or ended:
                    result = pyffish.game_result("xiangqi", START, moves) if not legal else value
                    break
                engine = red if len(moves) % 2 == 0 else black
                engine.send("position startpos moves " + " ".join(moves))
                engine.send("go movetime 15")
                best = engine.bestmove()
                self.assertIn(best, legal, f"after {moves}")
                moves.append(best)
            self.assertIsNotNone(result, f"no result after {len(moves)} plies")
            print(f"\n  xiangqi full game: {len(moves)} plies, result {result}", end=" ")
            self.check_board(red, moves, lambda m: m)
        finally:
            self.assertEqual(red.close(), 0)
            self.assertEqual(black.close(), 0)

    def test_pikafish_convention(self):
        engine = Engine("--game", "xiangqi")
        try:
            options = engine.handshake()
            self.assertFalse(any("UCI_Variant" in l for l in options))
            moves = self.play(engine, 40, to_one_based, to_zero_based)
            self.check_board(engine, moves, to_zero_based)
        finally:
            self.assertEqual(engine.close(), 0)

    def test_an_illegal_move_in_either_convention_is_refused(self):
        engine = Engine("--game", "xiangqi")
        try:
            engine.handshake()
            # h2e2 then a black cannon move written 1-based (h8e8 is off by one).
            engine.send("position startpos moves h2e2 h8e8")
            engine.send("isready")
            lines = engine.read_until("readyok")
            self.assertTrue(any("info string error: move 2 'h8e8'" in l for l in lines), lines)
            engine.send("go depth 2")
            best = to_one_based(engine.bestmove())
            self.assertIn(best, pyffish.legal_moves("xiangqi", START, ["h3e3"]))
        finally:
            engine.close()


if __name__ == "__main__":
    unittest.main()
