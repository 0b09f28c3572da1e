//! Game record import: chess PGN and xiangqi move lists, read into a start position and the
//! moves played from it.
//!
//! Chess: PGN as people and programs write it (python-chess, lichess, ChessBase exports):
//! tag pairs (`[SetUp "1"]` / `[FEN "…"]` for a custom start), SAN or UCI coordinate moves,
//! move numbers, comments, NAGs and `!?` suffixes, variations (skipped) and a result.
//! Xiangqi: the same layout with WXF moves that Chariot's web game exports (`[Variant
//! "xiangqi"]`), the terminal game's `FEN:` / `WXF:` / `Moves:` list, or coordinate moves with
//! ranks 0–9 (Pikafish) or 1–10 (Fairy-Stockfish). Only the first game of a file is read.
//!
//! Writing records is [`write`]'s job, shared by every front end that saves games.
//!
//! Every failure is an [`ImportError`] naming the line or the move; no input panics.
#![deny(missing_docs)]

mod lexer;
mod moves;
#[cfg(test)]
mod tests;
pub mod write;

use game::{Game, Side};
use lexer::Token;
use moves::MoveReader;

/// Longest record accepted, in bytes (a long game's PGN is a few kilobytes).
pub const MAX_RECORD_BYTES: usize = 1 << 20;
/// Most moves (plies) accepted in one game.
pub const MAX_PLIES: usize = 4000;

/// Why a record could not be imported.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// The text is longer than [`MAX_RECORD_BYTES`].
    #[error("the record is too long ({0} bytes; at most {MAX_RECORD_BYTES})")]
    TooLong(usize),
    /// A comment or variation was opened and never closed.
    #[error("line {line}: {what} is never closed")]
    Unterminated {
        /// What was left open.
        what: &'static str,
        /// Where it was opened.
        line: usize,
    },
    /// A token that cannot appear here.
    #[error("line {line}: unexpected `{token}`")]
    Unexpected {
        /// The token.
        token: String,
        /// Where it is.
        line: usize,
    },
    /// A tag pair that is not `[Name "value"]`.
    #[error("line {line}: bad tag pair: {reason}")]
    BadTag {
        /// Where it is.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// The record is for another game (its `Variant` tag).
    #[error("this is a {found} record, not {expected}")]
    WrongGame {
        /// The game the record's tags name.
        found: String,
        /// The game being imported.
        expected: &'static str,
    },
    /// The `FEN` tag does not parse.
    #[error("bad FEN tag `{fen}`: {reason}")]
    BadFen {
        /// The tag's value.
        fen: String,
        /// Why the game refused it.
        reason: String,
    },
    /// A move that is malformed or illegal in the position reached.
    #[error("move {number}{dots} `{token}` (line {line}): {reason}")]
    BadMove {
        /// The move number as the record counts it.
        number: u32,
        /// `.` for White's/Red's move, `...` for Black's.
        dots: &'static str,
        /// The word as written.
        token: String,
        /// Where it is.
        line: usize,
        /// Why it was refused.
        reason: String,
    },
    /// More than [`MAX_PLIES`] moves.
    #[error("more than {MAX_PLIES} moves")]
    TooManyMoves,
}

/// An imported game: its tags, start position and moves.
#[derive(Clone, Debug)]
pub struct Record<G: Game> {
    /// The tag pairs in the order written.
    pub tags: Vec<(String, String)>,
    /// The position the game starts from (the `FEN` tag, else the standard start).
    pub start: G,
    /// The moves played from `start`, all legal.
    pub moves: Vec<G::Move>,
    /// The result token ending the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`), if there was one.
    pub result: Option<String>,
}

impl<G: Game> Record<G> {
    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The position after every move.
    pub fn position(&self) -> G {
        let mut pos = self.start.clone();
        for &mv in &self.moves {
            pos.make(mv);
        }
        pos
    }
}

/// Whether a word ends the movetext.
fn is_result(word: &str) -> bool {
    matches!(word, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

/// Refuses a record whose `Variant` tag names another game.
fn check_variant<G: Game>(value: &str) -> Result<(), ImportError> {
    if G::description().accepts_variant(value) {
        Ok(())
    } else {
        Err(ImportError::WrongGame {
            found: value.trim().to_string(),
            expected: G::NAME,
        })
    }
}

/// Reads the first game of `text`.
pub fn import<G: Game>(text: &str) -> Result<Record<G>, ImportError> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(ImportError::TooLong(text.len()));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let tokens = lexer::tokens(text)?;
    let mut tags = Vec::new();
    let mut i = 0;
    while let Some(Token::Tag { name, value, .. }) = tokens.get(i) {
        tags.push((name.clone(), value.clone()));
        i += 1;
    }
    let variant = tags.iter().find(|(n, _)| n == "Variant").map(|(_, v)| v);
    // A Chess960 record: its FEN's castling rights name rook files and its castling is
    // read king-takes-rook as well as O-O.
    let chess960 = variant.is_some_and(|v| G::description().is_chess960_variant(v));
    if let Some(v) = variant.filter(|_| !chess960) {
        check_variant::<G>(v)?;
    }
    let read_fen = |fen: &str| {
        if chess960 {
            G::from_fen_chess960(fen)
        } else {
            G::from_fen(fen)
        }
    };
    let start = match tags.iter().find(|(n, _)| n == "FEN") {
        Some((_, fen)) => read_fen(fen.trim()).map_err(|e| ImportError::BadFen {
            fen: fen.clone(),
            reason: e.to_string(),
        })?,
        None if chess960 => read_fen(&G::start().to_fen()).map_err(|e| ImportError::BadFen {
            fen: G::start().to_fen(),
            reason: e.to_string(),
        })?,
        None => G::start(),
    };
    let mut reader = MoveReader::new(start.clone(), &tokens[i..]);
    let mut result = None;
    for token in &tokens[i..] {
        match token {
            // A tag after the movetext starts the next game.
            Token::Tag { .. } if !reader.moves().is_empty() => break,
            Token::Tag { name, line, .. } => {
                return Err(ImportError::Unexpected {
                    token: format!("[{name}"),
                    line: *line,
                })
            }
            // The terminal game's coordinate line repeats the WXF line before it.
            Token::MovesLabel { .. } if !reader.moves().is_empty() => break,
            Token::MovesLabel { .. } => {}
            Token::Word { text, .. } if is_result(text) => {
                result = Some(text.replace('½', "1/2"));
                break;
            }
            Token::Word { text, line } => reader.word(text, *line)?,
        }
        if reader.moves().len() > MAX_PLIES {
            return Err(ImportError::TooManyMoves);
        }
    }
    Ok(Record {
        tags,
        start,
        moves: reader.into_moves(),
        result,
    })
}

/// The move number and dots a record shows for the move made from `pos`, given the start's
/// full-move number and how many plies came before.
fn move_label<G: Game>(start: &G, plies: usize, side: Side) -> (u32, &'static str) {
    let first = write::fullmove_number(&start.to_fen());
    let black_first = u32::from(start.side_to_move() == Side::Black);
    let number = first.saturating_add((plies as u32 + black_first) / 2);
    (number, if side == Side::White { "." } else { "..." })
}
