//! Chariot's binary training-data format (`docs/data-format.md`): a 16-byte header (magic,
//! version, game, record size), then fixed-size records, one position each. Files are
//! append-only, so a run that was interrupted resumes by cutting off a partial last record
//! ([`Writer::resume`]) and shards concatenate ([`merge`]). Game files ([`games`]) keep whole
//! self-play games instead, about 4 bytes a ply, and replay them into the same records.

pub mod board;
pub mod cli;
mod file;
pub mod games;

pub use board::{GameResult, Layout, Record, CHESS, LAYOUTS, XIANGQI};
pub use file::{merge, read_header, Reader, Resumed, Writer};
pub use games::{GameLog, GameReader, GameWriter, Ply, GAMES_MAGIC};

use game::Game;

/// The first eight bytes of every data file.
pub const MAGIC: [u8; 8] = *b"CHRTPOS\x1a";
/// The format version this build reads and writes.
pub const VERSION: u16 = 1;
/// Bytes of the header.
pub const HEADER: usize = 16;

/// Why a data file or a position could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// The file could not be read or written.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// Another process holds the file open to write (two runs with the same output file
    /// would each cut off and overwrite the other's games).
    #[error("another process is writing this file (a second datagen with the same --out?)")]
    Busy,
    /// The file does not start with the magic bytes.
    #[error("not a Chariot data file (no header; a text file from an older datagen can be converted with `chariot data convert`)")]
    NotData,
    /// A game file where positions were expected, or the other way round.
    #[error("the file holds {0} (`chariot data unpack` turns a game file into positions)")]
    Kind(&'static str),
    /// A version this build does not read.
    #[error("data format version {0}; this build reads version {VERSION}")]
    Version(u16),
    /// A game number no layout has.
    #[error("unknown game number {0} in the header")]
    UnknownGame(u8),
    /// The file holds the other game's positions.
    #[error("the file holds {found} positions, not {expected}")]
    WrongGame {
        /// The game asked for.
        expected: &'static str,
        /// The game the header names.
        found: &'static str,
    },
    /// The header's record size does not match its game's layout.
    #[error("the header says {found}-byte records; {game} records have {expected} bytes")]
    RecordSize {
        /// The game.
        game: &'static str,
        /// Its record size.
        expected: usize,
        /// The header's.
        found: usize,
    },
    /// The file ends inside a record.
    #[error("truncated: the last record has {0} bytes of {1}")]
    Truncated(usize, usize),
    /// A game file ends inside a game.
    #[error("truncated: game {index} has {have} of its {need} bytes")]
    TruncatedGame {
        /// The game's number, from 0.
        index: u64,
        /// Its bytes in the file.
        have: usize,
        /// Bytes it needs (as far as the file says).
        need: usize,
    },
    /// A record that is not a legal position.
    #[error("record {index}: {why}")]
    Corrupt {
        /// The record's number, from 0.
        index: u64,
        /// What is wrong with it.
        why: String,
    },
    /// A position that cannot be packed.
    #[error("cannot pack {0}")]
    BadFen(String),
}

/// A game whose positions the format holds: its layout and how to check an unpacked FEN.
pub trait Packable: Game {
    /// How its positions are packed.
    const LAYOUT: &'static Layout;

    /// The position of an unpacked FEN, or why it is not a legal one.
    fn from_packed(fen: &str) -> Result<Self, String> {
        Self::from_fen(fen).map_err(|e| e.to_string())
    }
}

impl Packable for chess::Position {
    const LAYOUT: &'static Layout = &CHESS;

    /// Standard chess first; a castling right of an inner rook (X-FEN) is Chess960.
    fn from_packed(fen: &str) -> Result<Self, String> {
        chess::Position::parse_fen(fen)
            .or_else(|_| chess::Position::parse_fen_960(fen))
            .map_err(|e| e.to_string())
    }
}

impl Packable for xiangqi::Position {
    const LAYOUT: &'static Layout = &XIANGQI;
}

#[cfg(test)]
mod tests;
