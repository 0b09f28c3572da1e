#!/usr/bin/env python3
"""Independent referee for arena PGN: python-chess for chess, pyffish for xiangqi.

Usage: verify_pgn.py FILE.pgn [FILE.pgn ...]

For every game: every move must be legal; no earlier position may already be over by the
rules; the final position must agree with the reason the arena gave (the comment after the
last move: checkmate, stalemate, repetition, move-count rule, insufficient material, ...)
and with the Result tag. Exits 1 and names each disagreement.
"""
import re
import sys

import chess
import chess.pgn
import pyffish

FINAL = re.compile(r"\{([^}]*)\}\s*(1-0|0-1|1/2-1/2)\s*$")


def split_games(text):
    games, cur = [], []
    for line in text.splitlines():
        if line.startswith("[Event ") and cur:
            games.append("\n".join(cur))
            cur = []
        cur.append(line)
    if cur:
        games.append("\n".join(cur))
    return [g for g in games if g.strip()]


def tags_and_moves(game):
    tags = dict(re.findall(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$', game, re.M))
    body = "\n".join(l for l in game.splitlines() if not l.startswith("["))
    m = FINAL.search(body)
    if not m:
        raise ValueError("no final comment and result")
    reason = m.group(1).split(";")[0].strip()
    moves = re.sub(r"\{[^}]*\}", " ", body[: m.start()])
    tokens = [t for t in moves.split() if not re.fullmatch(r"\d+\.(\.\.)?", t)]
    return tags, tokens, reason, m.group(2)


def winner_of(result):
    return {"1-0": "white", "0-1": "black", "1/2-1/2": None}[result]


NATURAL = {"checkmate", "stalemate", "repetition", "move-count rule", "insufficient material",
           "perpetual check", "perpetual chase"}


def check_chess(tags, tokens, reason, result):
    board = chess.Board(tags.get("FEN", chess.STARTING_FEN))
    errors = []

    def over(b):
        return (b.is_checkmate() or b.is_stalemate() or b.is_insufficient_material()
                or b.is_repetition(3) or b.halfmove_clock >= 100)

    for i, san in enumerate(tokens):
        if over(board):
            errors.append(f"game already over before ply {i + 1} ({board.fen()})")
            break
        try:
            board.push_san(san)
        except ValueError as e:
            errors.append(f"ply {i + 1}: {san} not legal: {e}")
            return errors
    mover_lost = "black" if board.turn == chess.BLACK else "white"
    w = winner_of(result)
    expect = {
        "checkmate": (board.is_checkmate(), "white" if mover_lost == "black" else "black"),
        "stalemate": (board.is_stalemate(), None),
        "insufficient material": (board.is_insufficient_material(), None),
        "repetition": (board.is_repetition(3), None),
        "move-count rule": (board.halfmove_clock >= 100 and not board.is_checkmate(), None),
    }
    if reason in expect:
        ok, want = expect[reason]
        if not ok:
            errors.append(f"arena says {reason}, python-chess disagrees ({board.fen()})")
        if w != want:
            errors.append(f"arena says {reason} with result {result}")
    elif reason in NATURAL:
        errors.append(f"reason {reason} is not a chess ending")
    elif over(board):
        errors.append(f"arena says {reason}, but the rules had already ended the game")
    return errors


def check_xiangqi(tags, tokens, reason, result):
    v = "xiangqi"
    fen = tags.get("FEN", pyffish.start_fen(v))
    errors = []
    if tags.get("Variant", "").lower() != v:
        errors.append("missing [Variant \"xiangqi\"]")
    moves = []
    for i, mv in enumerate(tokens):
        legal = pyffish.legal_moves(v, fen, moves)
        if not legal:
            errors.append(f"no legal move before ply {i + 1}: the game was already over")
            break
        if mv not in legal:
            errors.append(f"ply {i + 1}: {mv} not legal")
            return errors
        moves.append(mv)
    mover = "white" if (len(moves) + (fen.split()[1] == "b")) % 2 == 0 else "black"
    other = "black" if mover == "white" else "white"
    w = winner_of(result)
    no_moves = not pyffish.legal_moves(v, fen, moves)
    in_check = pyffish.gives_check(v, fen, moves)
    if reason == "checkmate":
        if not (no_moves and in_check) or w != other:
            errors.append(f"arena says checkmate ({result}); pyffish: no moves {no_moves}, check {in_check}")
    elif reason == "stalemate":
        # In xiangqi the stalemated side loses.
        if not (no_moves and not in_check) or w != other:
            errors.append(f"arena says stalemate ({result}); pyffish: no moves {no_moves}, check {in_check}")
    elif reason in ("repetition", "perpetual check", "perpetual chase", "move-count rule"):
        end, _ = pyffish.is_optional_game_end(v, fen, moves)
        if not end:
            errors.append(f"arena says {reason}; pyffish sees no repetition or move-count end")
    elif reason in NATURAL:
        errors.append(f"reason {reason} is not checked for xiangqi")
    elif no_moves:
        errors.append(f"arena says {reason}, but the side to move had no legal move")
    return errors


def main(paths):
    failures = 0
    total = 0
    reasons = {}
    for path in paths:
        with open(path) as f:
            games = split_games(f.read())
        for n, g in enumerate(games, 1):
            total += 1
            try:
                tags, tokens, reason, result = tags_and_moves(g)
            except ValueError as e:
                print(f"{path} game {n}: {e}")
                failures += 1
                continue
            if tags.get("Result") != result:
                print(f"{path} game {n}: Result tag {tags.get('Result')} vs movetext {result}")
                failures += 1
            check = check_xiangqi if "Variant" in tags else check_chess
            errs = check(tags, tokens, reason, result)
            reasons[reason] = reasons.get(reason, 0) + 1
            for e in errs:
                print(f"{path} game {n} ({tags.get('White')} vs {tags.get('Black')}): {e}")
            failures += bool(errs)
    print(f"verify_pgn: {total} games, {failures} with disagreements; endings {reasons}")
    return 1 if failures or total == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
