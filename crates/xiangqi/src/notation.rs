//! Move notation: coordinates with ranks 0–9 (Pikafish/ICCS), ranks 1–10
//! (Fairy-Stockfish) and WXF (`C2=5`, `H8+7`, `R+=5`), both ways.

use crate::position::Position;
use crate::types::{Move, PieceKind, Square, FILES};
use game::{MoveList, MoveStyle, Side};
use thiserror::Error;

/// Why a move string was refused.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in the requested notation.
    #[error("malformed move {0:?}")]
    Malformed(String),
    /// The move is well-formed but not legal in this position.
    #[error("illegal move {0:?}")]
    Illegal(String),
}

fn square_text(sq: Square, one_based: bool) -> String {
    let rank = sq.rank() + usize::from(one_based);
    format!("{}{}", (b'a' + sq.file() as u8) as char, rank)
}

/// WXF file number (1–9, right to left from the mover's view).
fn wxf_file(color: Side, file: usize) -> usize {
    match color {
        Side::White => FILES - file,
        Side::Black => file + 1,
    }
}

impl Position {
    /// Writes `mv` in coordinates.
    pub fn coord(mv: Move, one_based: bool) -> String {
        format!(
            "{}{}",
            square_text(mv.from(), one_based),
            square_text(mv.to(), one_based)
        )
    }

    /// Parses coordinates (`h2e2`, or `h3e3` one-based); checks legality.
    pub fn parse_coord(&self, text: &str, one_based: bool) -> Result<Move, MoveError> {
        let malformed = || MoveError::Malformed(text.to_string());
        if !text.is_ascii() || text.len() < 4 {
            return Err(malformed());
        }
        // The second square starts at the second letter.
        let split = text[1..]
            .find(|c: char| c.is_ascii_alphabetic())
            .ok_or_else(malformed)?
            + 1;
        let from = Position::square_from_text(&text[..split], one_based).ok_or_else(malformed)?;
        let to = Position::square_from_text(&text[split..], one_based).ok_or_else(malformed)?;
        let mv = Move::new(from, to);
        if from != to && self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(MoveError::Illegal(text.to_string()))
        }
    }

    /// Writes a legal move in WXF.
    pub fn wxf(&self, mv: Move) -> String {
        let from = mv.from();
        let to = mv.to();
        let piece = self.board[from.index()];
        let color = piece.color();
        let kind = piece.kind().unwrap_or(PieceKind::Soldier);
        let forward = |r: usize| if color == Side::White { r } else { 9 - r };
        // Same-kind pieces on the moving piece's file, front (most advanced) first.
        let on_file = |file: usize| -> Vec<usize> {
            let mut v: Vec<usize> = (0..10)
                .map(|r| r * FILES + file)
                .filter(|&s| self.board[s] == piece)
                .collect();
            v.sort_by_key(|&s| std::cmp::Reverse(forward(s / FILES)));
            v
        };
        let mine = on_file(from.file());
        let mut head = String::new();
        if mine.len() == 1 {
            head.push(kind.wxf_char());
            head.push_str(&wxf_file(color, from.file()).to_string());
        } else {
            let crowded_files = (0..FILES).filter(|&f| on_file(f).len() > 1).count();
            let idx = mine.iter().position(|&s| s == from.index()).unwrap_or(0);
            if mine.len() == 2 && kind == PieceKind::Soldier && crowded_files > 1 {
                head.push_str(&(idx + 1).to_string());
                head.push_str(&wxf_file(color, from.file()).to_string());
            } else if mine.len() == 2 && self.twin_could_mirror(mine[1 - idx], mv) {
                // Front/rear (+/-) only where the twin could make the same-shaped move,
                // as Fairy-Stockfish decides; otherwise the file number tells them apart.
                head.push(kind.wxf_char());
                head.push(if idx == 0 { '+' } else { '-' });
            } else if mine.len() == 2 {
                head.push(kind.wxf_char());
                head.push_str(&wxf_file(color, from.file()).to_string());
            } else {
                head.push_str(&(idx + 1).to_string());
                head.push_str(&wxf_file(color, from.file()).to_string());
            }
        }
        let (fr, tr) = (forward(from.rank()), forward(to.rank()));
        let op = match tr.cmp(&fr) {
            std::cmp::Ordering::Greater => '+',
            std::cmp::Ordering::Less => '-',
            std::cmp::Ordering::Equal => '=',
        };
        let diagonal = matches!(
            kind,
            PieceKind::Horse | PieceKind::Elephant | PieceKind::Advisor
        );
        let arg = if op == '=' || diagonal {
            wxf_file(color, to.file())
        } else {
            fr.abs_diff(tr)
        };
        format!("{head}{op}{arg}")
    }

    /// Whether the twin on `other` would land on a square its kind may occupy after a move
    /// shaped like `mv`.
    fn twin_could_mirror(&self, other: usize, mv: Move) -> bool {
        let piece = self.board[mv.from().index()];
        let df = mv.to().file() as i32 - mv.from().file() as i32;
        let dr = mv.to().rank() as i32 - mv.from().rank() as i32;
        let file = (other % FILES) as i32 + df;
        let rank = (other / FILES) as i32 + dr;
        let Some(target) = usize::try_from(file)
            .ok()
            .zip(usize::try_from(rank).ok())
            .and_then(|(f, r)| Square::new(f, r))
        else {
            return false;
        };
        match piece.kind() {
            Some(k @ (PieceKind::Advisor | PieceKind::Elephant | PieceKind::General)) => {
                crate::fen::possible(piece.color(), k, target.index())
            }
            _ => true,
        }
    }

    /// Parses WXF by matching against the legal moves (accepts `.` for `=`, `B`/`N`).
    pub fn parse_wxf(&self, text: &str) -> Result<Move, MoveError> {
        let norm: String = text
            .trim()
            .chars()
            .map(|c| match c.to_ascii_uppercase() {
                '.' => '=',
                'B' => 'E',
                'N' => 'H',
                c => c,
            })
            .collect();
        if norm.len() < 4 || norm.len() > 5 || !norm.is_ascii() {
            return Err(MoveError::Malformed(text.to_string()));
        }
        let mut list = MoveList::new();
        self.gen::<false>(&mut list);
        list.iter()
            .copied()
            .find(|&mv| self.wxf(mv) == norm)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    /// Writes a move in `style`.
    pub fn format_in(&self, mv: Move, style: MoveStyle) -> String {
        match style {
            MoveStyle::Coord => Position::coord(mv, false),
            MoveStyle::CoordOneBased => Position::coord(mv, true),
            MoveStyle::Human => self.wxf(mv),
        }
    }

    /// Parses a move in `style`.
    pub fn parse_in(&self, text: &str, style: MoveStyle) -> Result<Move, MoveError> {
        match style {
            MoveStyle::Coord => self.parse_coord(text, false),
            MoveStyle::CoordOneBased => self.parse_coord(text, true),
            MoveStyle::Human => self.parse_wxf(text),
        }
    }
}
