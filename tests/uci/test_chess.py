"""Chariot as a chess engine inside python-chess, an independent UCI client and referee."""
import random
import unittest

import chess
import chess.engine

from client import BINARY, Engine, stop_latency


class ChessThroughPythonChess(unittest.TestCase):
    def setUp(self):
        self.engine = chess.engine.SimpleEngine.popen_uci([BINARY, "uci"], timeout=20)

    def tearDown(self):
        self.engine.quit()

    def test_identifies_with_every_option(self):
        self.assertTrue(self.engine.id["name"].startswith("Chariot"))
        for name in ["Hash", "Threads", "MultiPV", "Ponder", "Move Overhead", "Clear Hash",
                     "UCI_LimitStrength", "UCI_Elo", "Skill Level", "OwnBook", "BookFile",
                     "UCI_Variant"]:
            self.assertIn(name, self.engine.options)

    def test_full_game_against_a_random_mover_on_the_clock(self):
        """Chariot (White) plays on a fast clock until the game ends; python-chess refuses
        any illegal move, and a random opponent must be beaten."""
        rng = random.Random(7)
        board = chess.Board()
        clock = {chess.WHITE: 3.0, chess.BLACK: 3.0}
        while not board.is_game_over(claim_draw=True) and board.ply() < 300:
            if board.turn == chess.WHITE:
                limit = chess.engine.Limit(white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                                           white_inc=0.03, black_inc=0.03)
                result = self.engine.play(board, limit)
                self.assertIn(result.move, board.legal_moves)
                move = result.move
            else:
                move = rng.choice(list(board.legal_moves))
            board.push(move)
        outcome = board.outcome(claim_draw=True)
        self.assertIsNotNone(outcome, "the game ended")
        self.assertEqual(outcome.winner, chess.WHITE, f"{outcome} after {board.ply()} plies")

    def test_self_play_with_pondering(self):
        """Two Chariots play each other with pondering on (go ponder, ponderhit/stop)."""
        other = chess.engine.SimpleEngine.popen_uci([BINARY, "uci"], timeout=20)
        try:
            engines = {chess.WHITE: self.engine, chess.BLACK: other}
            board = chess.Board()
            while not board.is_game_over(claim_draw=True) and board.ply() < 40:
                result = engines[board.turn].play(board, chess.engine.Limit(time=0.03), ponder=True)
                self.assertIn(result.move, board.legal_moves)
                board.push(result.move)
        finally:
            other.quit()

    def test_multipv_analysis_lines_are_legal(self):
        board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        infos = self.engine.analyse(board, chess.engine.Limit(depth=6), multipv=3)
        self.assertEqual(len(infos), 3)
        for info in infos:
            pv_board = board.copy()
            for move in info["pv"]:
                self.assertIn(move, pv_board.legal_moves)
                pv_board.push(move)

    def test_finds_mate_and_reports_it_in_moves(self):
        board = chess.Board("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
        info = self.engine.analyse(board, chess.engine.Limit(depth=4))
        self.assertEqual(info["score"].white(), chess.engine.Mate(1))
        self.assertEqual(info["pv"][0], chess.Move.from_uci("d1d8"))


class ChessRawSession(unittest.TestCase):
    """Lines python-chess would never send, and a timing it cannot measure."""

    def setUp(self):
        self.engine = Engine()
        self.engine.handshake()

    def tearDown(self):
        self.assertEqual(self.engine.close(), 0, "clean exit after quit")

    def test_stop_answers_a_legal_move_in_every_phase(self):
        """`stop` ends `go infinite` with a legal move however early it comes. The latency
        is printed for the record, not asserted: a loaded machine is slow, not wrong (the
        wait for bestmove fails only on a hang)."""
        worst = 0.0
        for think in [0.0, 0.01, 0.3]:
            latency, move = stop_latency(self.engine, "position startpos moves e2e4", think)
            self.assertIn(chess.Move.from_uci(move),
                          chess.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").legal_moves)
            worst = max(worst, latency)
        print(f"\n  chess stop->bestmove worst latency: {worst * 1000:.1f} ms", end=" ")

    def test_illegal_move_and_garbage_leave_the_engine_alive(self):
        self.engine.send("position startpos moves e2e4 e2e4 d7d5")
        self.engine.send("flibbertigibbet")
        self.engine.send("go depth banana")
        self.engine.send("isready")
        lines = self.engine.read_until("readyok")
        errors = [l for l in lines if l.startswith("info string error")]
        self.assertEqual(len(errors), 3, lines)
        self.engine.send("go depth 3")
        move = chess.Move.from_uci(self.engine.bestmove())
        board = chess.Board()
        board.push_uci("e2e4")
        self.assertIn(move, board.legal_moves, "position is e2e4 only")

    def test_checkmated_side_answers_none(self):
        self.engine.send("position startpos moves f2f3 e7e5 g2g4 d8h4")
        self.engine.send("go movetime 100")
        self.assertEqual(self.engine.bestmove(), "(none)")


if __name__ == "__main__":
    unittest.main()
