//! Why a FEN or a move string was refused. Every message names the field and the reason.

use crate::types::Color;
use thiserror::Error;

/// A FEN that cannot be a chess position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// Not 4 to 6 space-separated fields.
    #[error("FEN needs 6 fields (placement, side, castling, en passant, halfmove clock, fullmove number), found {0}")]
    FieldCount(usize),
    /// The placement field has a number of ranks other than 8.
    #[error("piece placement: expected 8 ranks separated by '/', found {0}")]
    RankCount(usize),
    /// A character in the placement field is neither a piece letter nor a digit 1–8.
    #[error("piece placement: bad character {ch:?} in rank {rank}")]
    BadPiece {
        /// The rank (1–8) where it appeared.
        rank: u8,
        /// The character.
        ch: char,
    },
    /// A rank describes more than 8 squares.
    #[error("piece placement: rank {0} has more than 8 squares")]
    RankOverflow(u8),
    /// A rank describes fewer than 8 squares.
    #[error("piece placement: rank {0} has fewer than 8 squares")]
    RankUnderflow(u8),
    /// A side does not have exactly one king.
    #[error("piece placement: {color:?} has {count} kings, needs exactly 1")]
    KingCount {
        /// The side.
        color: Color,
        /// How many kings it has.
        count: u32,
    },
    /// A pawn on rank 1 or 8.
    #[error("piece placement: pawn on the back rank ({0})")]
    PawnOnBackRank(String),
    /// More pieces than a real game can produce.
    #[error("piece placement: {0:?} has too many pieces (more than 16, more than 8 pawns, or more promoted pieces than missing pawns)")]
    TooManyPieces(Color),
    /// The side-to-move field is not `w` or `b`.
    #[error("side to move: expected 'w' or 'b', found {0:?}")]
    SideToMove(String),
    /// The castling field is malformed.
    #[error("castling: expected '-' or some of 'KQkq' once each, found {0:?}")]
    CastlingSyntax(String),
    /// A castling right whose king or rook is not on its starting square.
    #[error("castling: right {right:?} impossible, {why}")]
    CastlingImpossible {
        /// The right, as its letter.
        right: char,
        /// What is missing.
        why: &'static str,
    },
    /// The en-passant field is not `-` or a square.
    #[error("en passant: expected '-' or a square such as 'e3', found {0:?}")]
    EnPassantSyntax(String),
    /// An en-passant square that no double pawn push can have produced.
    #[error("en passant: square {square} impossible, {why}")]
    EnPassantImpossible {
        /// The square given.
        square: String,
        /// Why it cannot be.
        why: &'static str,
    },
    /// The halfmove clock is not a number from 0 to 65535.
    #[error("halfmove clock: expected a number, found {0:?}")]
    HalfmoveClock(String),
    /// The fullmove number is not a number from 1 to 65535.
    #[error("fullmove number: expected a number from 1, found {0:?}")]
    FullmoveNumber(String),
    /// A Chess960 castling field that is not `-` or letters from `KQkq` and `A`–`H`/`a`–`h`.
    #[error("castling: expected '-', X-FEN letters (KQkq or a rook's file) or Shredder letters (such as HAha) once per right, found {0:?}")]
    Castling960Syntax(String),
    /// A Chess960 start position number outside 0–959.
    #[error("Chess960 start positions are numbered 0 to 959, not {0}")]
    StartNumber(u32),
    /// The side that just moved is in check.
    #[error("side to move: the side not to move is in check")]
    OpponentInCheck,
}

/// A move string that was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not written like a move in the expected notation.
    #[error("malformed move {text:?}: {why}")]
    Malformed {
        /// The text given.
        text: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// A well-formed move that is not legal here.
    #[error("illegal move {0:?} in this position")]
    Illegal(String),
    /// SAN that fits more than one legal move.
    #[error("ambiguous move {0:?}: more than one legal move fits")]
    Ambiguous(String),
}
