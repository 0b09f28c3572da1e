//! FEN as Fairy-Stockfish and Pikafish write it:
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.
//!
//! Read leniently where those tools are lenient (`w`/`r` for Red, the `- -` fields and the
//! clocks may be missing), strictly where a position could never arise.

use crate::position::Position;
use crate::types::{in_palace, Color, Piece, PieceKind, Square, FILES, RANKS};
use game::Side;
use thiserror::Error;

/// Why a FEN was refused.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum FenError {
    /// The text holds no board.
    #[error("empty FEN")]
    Empty,
    /// The board does not have ten ranks.
    #[error("the board has {0} ranks, expected 10")]
    RankCount(usize),
    /// A rank does not describe nine squares (ranks counted 0–9 from Red's side).
    #[error("rank {rank} describes {width} squares, expected 9")]
    RankWidth {
        /// The rank, 0–9 from Red's side.
        rank: usize,
        /// How many squares it describes.
        width: usize,
    },
    /// A character that is no piece letter or digit.
    #[error("unknown piece letter {0:?}")]
    UnknownLetter(char),
    /// A piece stands where it can never be (general/advisor outside its palace,
    /// elephant off its seven points, soldier behind its start rank).
    #[error("{piece} can never stand on {square}")]
    ImpossibleSquare {
        /// The piece letter.
        piece: char,
        /// The square, e.g. `e5` (ranks 0–9).
        square: String,
    },
    /// A side has more pieces of a kind than the game starts with (xiangqi has no
    /// promotion, so no game can reach it; WXF notation cannot name such pieces apart).
    #[error("more than {max} pieces {piece:?} on the board")]
    TooMany {
        /// The piece letter.
        piece: char,
        /// How many a side starts with.
        max: usize,
    },
    /// A side has no general.
    #[error("{0} has no general")]
    MissingGeneral(&'static str),
    /// A side has more than one general.
    #[error("{0} has more than one general")]
    ExtraGeneral(&'static str),
    /// The generals face each other on an open file, so the side to move could capture.
    #[error("the generals face each other on an open file")]
    GeneralsFacing,
    /// The side not to move is in check (the side to move could capture its general).
    #[error("the side not to move is in check")]
    OpponentInCheck,
    /// The side-to-move field is not `w`, `r` or `b`.
    #[error("bad side to move {0:?} (expected w, r or b)")]
    BadSide(String),
    /// A clock field is not a number in range.
    #[error("bad clock field {0:?}")]
    BadClock(String),
    /// Text after the last field.
    #[error("unexpected text after the FEN: {0:?}")]
    Trailing(String),
}

fn side_name(c: Color) -> &'static str {
    match c {
        Side::White => "Red",
        Side::Black => "Black",
    }
}

/// Whether `kind` of `color` may ever stand on `sq`.
pub(crate) fn possible(color: Color, kind: PieceKind, sq: usize) -> bool {
    let file = sq % FILES;
    let rank = sq / FILES;
    // Ranks from the owner's side.
    let rel = if color == Side::White { rank } else { 9 - rank };
    match kind {
        PieceKind::General | PieceKind::Advisor if !in_palace(color, sq) => false,
        PieceKind::Advisor => (file + rel) % 2 == 1,
        PieceKind::Elephant => {
            matches!((file, rel), (2 | 6, 0) | (0 | 4 | 8, 2) | (2 | 6, 4))
        }
        PieceKind::Soldier => rel >= 3,
        _ => true,
    }
}

fn square_name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % FILES) as u8) as char, sq / FILES)
}

impl Position {
    /// Parses a FEN. Never panics.
    pub fn parse_fen(fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let board = fields.next().ok_or(FenError::Empty)?;
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != RANKS {
            return Err(FenError::RankCount(ranks.len()));
        }
        let mut pos = Position::empty();
        let mut generals = [0usize; 2];
        let mut counts = [[0usize; 8]; 2];
        for (i, text) in ranks.iter().enumerate() {
            let rank = RANKS - 1 - i;
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err(FenError::UnknownLetter(c));
                    }
                    file += d as usize;
                    continue;
                }
                let piece = Piece::from_fen_char(c).ok_or(FenError::UnknownLetter(c))?;
                if file >= FILES {
                    file += 1;
                    continue;
                }
                let sq = rank * FILES + file;
                let (color, kind) = (piece.color(), piece.kind().unwrap_or(PieceKind::Soldier));
                if !possible(color, kind, sq) {
                    return Err(FenError::ImpossibleSquare {
                        piece: c,
                        square: square_name(sq),
                    });
                }
                if kind == PieceKind::General {
                    generals[color.index()] += 1;
                }
                let count = &mut counts[color.index()][kind as usize];
                *count += 1;
                let max = match kind {
                    PieceKind::General => usize::MAX, // reported as ExtraGeneral below
                    PieceKind::Soldier => 5,
                    _ => 2,
                };
                if *count > max {
                    return Err(FenError::TooMany { piece: c, max });
                }
                pos.put(sq, piece);
                file += 1;
            }
            if file != FILES {
                return Err(FenError::RankWidth { rank, width: file });
            }
        }
        for color in [Side::White, Side::Black] {
            match generals[color.index()] {
                0 => return Err(FenError::MissingGeneral(side_name(color))),
                1 => {}
                _ => return Err(FenError::ExtraGeneral(side_name(color))),
            }
        }
        pos.stm = match fields.next() {
            None => Side::White,
            Some("w" | "W" | "r" | "R") => Side::White,
            Some("b" | "B") => Side::Black,
            Some(other) => return Err(FenError::BadSide(other.to_string())),
        };
        let rest: Vec<&str> = fields.collect();
        // Skip the castling and en-passant placeholders that some writers include.
        let mut idx = 0;
        while idx < rest.len() && idx < 2 && rest[idx] == "-" {
            idx += 1;
        }
        if let Some(h) = rest.get(idx) {
            pos.rule60 = h
                .parse::<u16>()
                .map_err(|_| FenError::BadClock(h.to_string()))?;
            idx += 1;
        }
        if let Some(f) = rest.get(idx) {
            let full = f
                .parse::<u32>()
                .ok()
                .filter(|&n| (1..=100_000).contains(&n))
                .ok_or_else(|| FenError::BadClock(f.to_string()))?;
            pos.root_fullmove = full;
            idx += 1;
        }
        if idx < rest.len() {
            return Err(FenError::Trailing(rest[idx..].join(" ")));
        }
        if pos.general_attacked(pos.stm.flip()) {
            let [r, b] = pos.kings;
            let facing = r % FILES == b % FILES
                && ((r.min(b) + FILES)..r.max(b))
                    .step_by(FILES)
                    .all(|s| pos.board[s].is_none());
            return Err(if facing {
                FenError::GeneralsFacing
            } else {
                FenError::OpponentInCheck
            });
        }
        pos.finish_setup();
        Ok(pos)
    }

    /// Writes the FEN as Fairy-Stockfish does (`w`/`b`, `- -`, clocks).
    pub fn fen(&self) -> String {
        let mut s = String::with_capacity(100);
        for rank in (0..RANKS).rev() {
            let mut empty = 0;
            for file in 0..FILES {
                let p = self.board[rank * FILES + file];
                match p.fen_char() {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(c);
                    }
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let side = if self.stm == Side::White { 'w' } else { 'b' };
        // Full moves grow after each Black move, counted from the root's number and side.
        let root_black = (self.history.len() % 2 == 1) == (self.stm == Side::White);
        let plies = self.history.len() as u32 + u32::from(root_black);
        let fullmove = self.root_fullmove + plies / 2;
        s.push_str(&format!(" {side} - - {} {fullmove}", self.rule60));
        s
    }

    /// The square named like `e2`, with ranks 0–9 (`one_based` false) or 1–10.
    pub fn square_from_text(text: &str, one_based: bool) -> Option<Square> {
        let mut chars = text.chars();
        let f = chars.next()?;
        if !('a'..='i').contains(&f) {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: usize = digits.parse().ok()?;
        let rank = if one_based { n.checked_sub(1)? } else { n };
        if digits.len() == 2 && digits.starts_with('0') {
            return None;
        }
        Square::new(f as usize - 'a' as usize, rank)
    }
}
