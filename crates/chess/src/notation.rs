//! Move notation: UCI coordinates and SAN, both ways.

use crate::error::MoveError;
use crate::moves::Move;
use crate::position::Position;
use crate::types::{PieceKind, Square};

impl Position {
    /// Reads a UCI move (`e2e4`, `e7e8q`; promotion letter in either case) that is legal here.
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        let malformed = |why| MoveError::Malformed {
            text: text.to_string(),
            why,
        };
        let text_t = text.trim();
        if !(4..=5).contains(&text_t.len()) || !text_t.is_ascii() {
            return Err(malformed(
                "UCI moves are 4 or 5 characters like e2e4 or e7e8q",
            ));
        }
        let from = text_t.get(0..2).and_then(Square::parse);
        let to = text_t.get(2..4).and_then(Square::parse);
        let (Some(from), Some(to)) = (from, to) else {
            return Err(malformed("expected two squares such as e2e4"));
        };
        let promo = match text_t.get(4..) {
            None | Some("") => None,
            Some(p) => match p.chars().next().and_then(PieceKind::from_char) {
                Some(
                    k
                    @ (PieceKind::Knight | PieceKind::Bishop | PieceKind::Rook | PieceKind::Queen),
                ) => Some(k),
                _ => return Err(malformed("the promotion letter must be one of n, b, r, q")),
            },
        };
        let legal = self.legal();
        let candidates = || legal.iter().copied().filter(|m| m.from() == from);
        // An ordinary move first, then castling written king-takes-rook (Chess960's way),
        // then castling written with the king's destination (standard chess's way).
        candidates()
            .find(|m| !m.is_castling() && m.to() == to && m.promotion() == promo)
            .or_else(|| {
                candidates().find(|m| promo.is_none() && self.castling_rook(*m) == Some(to))
            })
            .or_else(|| candidates().find(|m| promo.is_none() && m.is_castling() && m.to() == to))
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    /// Writes a move in UCI coordinates; castling as king-takes-rook (`e1h1`) in Chess960
    /// mode, with the king's destination (`e1g1`) otherwise.
    pub fn uci(&self, mv: Move) -> String {
        match self.castling_rook(mv) {
            Some(rook) if self.board.chess960 => format!("{}{rook}", mv.from()),
            _ => mv.to_string(),
        }
    }

    /// Writes a legal move in SAN (`Nbd7`, `exd8=Q+`, `O-O`, `Qh4#`).
    pub fn san(&self, mv: Move) -> String {
        let mut s = self.san_without_suffix(mv);
        let mut after = self.clone();
        after.play(mv);
        if after.board.checkers.any() {
            s.push(if after.count_legal() == 0 { '#' } else { '+' });
        }
        s
    }

    fn san_without_suffix(&self, mv: Move) -> String {
        if mv.is_castling() {
            return if mv.kind() == crate::moves::flag::KING_CASTLE {
                "O-O"
            } else {
                "O-O-O"
            }
            .to_string();
        }
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = self.board.piece_on(from) else {
            return mv.to_string();
        };
        let mut s = String::with_capacity(8);
        if piece.kind == PieceKind::Pawn {
            if mv.is_capture() {
                s.push((b'a' + from.file()) as char);
                s.push('x');
            }
            s.push_str(&to.to_string());
            if let Some(p) = mv.promotion() {
                s.push('=');
                s.push(p.char().to_ascii_uppercase());
            }
            return s;
        }
        s.push(piece.kind.char().to_ascii_uppercase());
        if piece.kind != PieceKind::King {
            let rivals: Vec<Square> = self
                .legal()
                .iter()
                .filter(|m| {
                    m.to() == to
                        && m.from() != from
                        && self.board.piece_on(m.from()).map(|p| p.kind) == Some(piece.kind)
                })
                .map(|m| m.from())
                .collect();
            if !rivals.is_empty() {
                let file_unique = rivals.iter().all(|r| r.file() != from.file());
                let rank_unique = rivals.iter().all(|r| r.rank() != from.rank());
                if file_unique {
                    s.push((b'a' + from.file()) as char);
                } else if rank_unique {
                    s.push((b'1' + from.rank()) as char);
                } else {
                    s.push_str(&from.to_string());
                }
            }
        }
        if mv.is_capture() {
            s.push('x');
        }
        s.push_str(&to.to_string());
        s
    }

    /// Reads SAN, tolerating common variants: `0-0`, `e8Q`, `e8=Q`, missing `x`,
    /// extra disambiguation (`Ng1f3`), and trailing `+ # ! ?`.
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        let malformed = |why| MoveError::Malformed {
            text: text.to_string(),
            why,
        };
        let core = text.trim().trim_end_matches(['+', '#', '!', '?']);
        if core.is_empty() {
            return Err(malformed("empty move"));
        }
        if !core.is_ascii() {
            return Err(malformed("SAN uses ASCII letters and digits only"));
        }
        let castle = match core {
            "O-O" | "0-0" => Some(crate::moves::flag::KING_CASTLE),
            "O-O-O" | "0-0-0" => Some(crate::moves::flag::QUEEN_CASTLE),
            _ => None,
        };
        let legal = self.legal();
        if let Some(kind) = castle {
            return legal
                .iter()
                .copied()
                .find(|m| m.kind() == kind)
                .ok_or_else(|| MoveError::Illegal(text.to_string()));
        }
        let mut chars: Vec<u8> = core.bytes().collect();
        let kind = match chars[0] {
            b'N' | b'B' | b'R' | b'Q' | b'K' => {
                let k = PieceKind::from_char(chars[0] as char);
                chars.remove(0);
                k.unwrap_or(PieceKind::Pawn)
            }
            _ => PieceKind::Pawn,
        };
        let mut promo = None;
        if kind == PieceKind::Pawn {
            if let Some(&last) = chars.last() {
                if let Some(
                    p
                    @ (PieceKind::Knight | PieceKind::Bishop | PieceKind::Rook | PieceKind::Queen),
                ) = PieceKind::from_char(last as char).filter(|_| {
                    !last.is_ascii_digit() && chars.len() > 2 && chars[chars.len() - 2] != b'x'
                }) {
                    promo = Some(p);
                    chars.pop();
                    if chars.last() == Some(&b'=') {
                        chars.pop();
                    }
                }
            }
        }
        chars.retain(|&c| !matches!(c, b'x' | b':' | b'-'));
        if chars.len() < 2 || chars.len() > 4 {
            return Err(malformed("expected a destination square such as e4"));
        }
        let dest = std::str::from_utf8(&chars[chars.len() - 2..])
            .ok()
            .and_then(Square::parse)
            .ok_or_else(|| malformed("expected a destination square such as e4"))?;
        let mut from_file = None;
        let mut from_rank = None;
        for &c in &chars[..chars.len() - 2] {
            match c {
                b'a'..=b'h' if from_file.is_none() && from_rank.is_none() => {
                    from_file = Some(c - b'a')
                }
                b'1'..=b'8' if from_rank.is_none() => from_rank = Some(c - b'1'),
                _ => {
                    return Err(malformed(
                        "bad disambiguation before the destination square",
                    ))
                }
            }
        }
        let mut found = None;
        for &m in legal.iter() {
            let Some(p) = self.board.piece_on(m.from()) else {
                continue;
            };
            if p.kind == kind
                && m.to() == dest
                && m.promotion() == promo
                && !m.is_castling()
                && from_file.is_none_or(|f| m.from().file() == f)
                && from_rank.is_none_or(|r| m.from().rank() == r)
            {
                if found.is_some() {
                    return Err(MoveError::Ambiguous(text.to_string()));
                }
                found = Some(m);
            }
        }
        found.ok_or_else(|| MoveError::Illegal(text.to_string()))
    }
}
