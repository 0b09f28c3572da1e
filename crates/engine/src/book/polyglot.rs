//! Polyglot opening books (`.bin`): 16-byte big-endian entries sorted by position key.
//!
//! Chess only: the key is the Polyglot Zobrist hash, which `chess::Position::hash()`
//! computes with the published Polyglot table, so entries are looked up directly.

use super::{Book, Rng};
use game::{Game, MoveStyle};
use std::path::Path;
use thiserror::Error;

/// Why a book file could not be loaded.
#[derive(Debug, Error)]
pub enum PolyglotError {
    /// The file could not be read.
    #[error("cannot read the book: {0}")]
    Io(#[from] std::io::Error),
    /// The size is not a whole number of 16-byte entries.
    #[error("not a Polyglot book: {0} bytes is not a multiple of 16")]
    BadLength(usize),
}

/// One book entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Polyglot key of the position.
    pub key: u64,
    /// The move, Polyglot-encoded.
    pub raw_move: u16,
    /// How often (or how well) it was played.
    pub weight: u16,
}

/// A loaded Polyglot book.
#[derive(Debug)]
pub struct PolyglotBook {
    entries: Vec<Entry>,
    rng: Rng,
}

impl PolyglotBook {
    /// Reads a book file.
    pub fn open(path: &Path) -> Result<Self, PolyglotError> {
        Self::from_bytes(&std::fs::read(path)?)
    }

    /// Reads a book from memory.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, PolyglotError> {
        if !bytes.len().is_multiple_of(16) {
            return Err(PolyglotError::BadLength(bytes.len()));
        }
        let mut entries: Vec<Entry> = bytes
            .chunks_exact(16)
            .map(|e| Entry {
                key: u64::from_be_bytes([e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]]),
                raw_move: u16::from_be_bytes([e[8], e[9]]),
                weight: u16::from_be_bytes([e[10], e[11]]),
            })
            .collect();
        // Books are sorted by key by specification; sorting again costs little and makes a
        // hand-made or damaged file work too.
        entries.sort_by_key(|e| e.key);
        Ok(PolyglotBook {
            entries,
            rng: Rng::from_clock(),
        })
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no entry.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries for a key.
    pub fn entries(&self, key: u64) -> &[Entry] {
        let from = self.entries.partition_point(|e| e.key < key);
        let to = self.entries.partition_point(|e| e.key <= key);
        &self.entries[from..to]
    }

    /// The legal book moves of `pos` with their weights.
    pub fn moves<G: Game>(&self, pos: &G) -> Vec<(G::Move, u32)> {
        self.entries(pos.hash())
            .iter()
            .filter_map(|e| Some((to_legal_move(pos, e.raw_move)?, u32::from(e.weight))))
            .collect()
    }
}

impl<G: Game> Book<G> for PolyglotBook {
    fn pick(&self, pos: &G) -> Option<G::Move> {
        self.rng.weighted(&self.moves(pos)).copied()
    }
}

/// The move's coordinates as UCI text (`e2e4`, `a7a8q`). Castling comes out as Polyglot
/// writes it, the king taking its own rook (`e1h1`).
pub fn move_text(raw: u16) -> String {
    let square = |bits: u16| {
        let file = (b'a' + (bits & 7) as u8) as char;
        let rank = (b'1' + ((bits >> 3) & 7) as u8) as char;
        format!("{file}{rank}")
    };
    let promotion = match (raw >> 12) & 7 {
        1 => "n",
        2 => "b",
        3 => "r",
        4 => "q",
        _ => "",
    };
    format!("{}{}{promotion}", square(raw >> 6), square(raw))
}

/// The legal move an entry stands for, if any (entries for a colliding key are skipped).
fn to_legal_move<G: Game>(pos: &G, raw: u16) -> Option<G::Move> {
    let text = move_text(raw);
    let castling = match text.as_str() {
        "e1h1" => Some("e1g1"),
        "e1a1" => Some("e1c1"),
        "e8h8" => Some("e8g8"),
        "e8a8" => Some("e8c8"),
        _ => None,
    };
    // With the king on e1 and its rook on h1, "e1h1" cannot be a legal ordinary move,
    // so trying the castling form second is never ambiguous.
    pos.parse_move(&text, MoveStyle::Coord)
        .ok()
        .or_else(|| pos.parse_move(castling?, MoveStyle::Coord).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Encodes an entry the way Polyglot writes it.
    pub(super) fn entry_bytes(key: u64, from: &str, to: &str, weight: u16) -> Vec<u8> {
        let sq = |s: &str| {
            let b = s.as_bytes();
            u16::from(b[0] - b'a') | (u16::from(b[1] - b'1') << 3)
        };
        let raw = sq(to) | (sq(from) << 6);
        let mut bytes = key.to_be_bytes().to_vec();
        bytes.extend(raw.to_be_bytes());
        bytes.extend(weight.to_be_bytes());
        bytes.extend([0; 4]);
        bytes
    }

    #[test]
    fn move_text_decodes_fields() {
        // e2e4: to e4 = file 4, rank 3; from e2 = file 4, rank 1.
        let raw = 4 | (3 << 3) | (4 << 6) | (1 << 9);
        assert_eq!(move_text(raw), "e2e4");
        let promo = 7 | (7 << 3) | (7 << 6) | (6 << 9) | (4 << 12);
        assert_eq!(move_text(promo), "h7h8q");
        let castle = 7 | (4 << 6);
        assert_eq!(move_text(castle), "e1h1");
    }

    #[test]
    fn lookup_finds_all_entries_of_a_key_in_unsorted_input() {
        let mut bytes = entry_bytes(9, "a2", "a3", 1);
        bytes.extend(entry_bytes(5, "e2", "e4", 10));
        bytes.extend(entry_bytes(9, "b2", "b3", 2));
        let book = PolyglotBook::from_bytes(&bytes).unwrap();
        assert_eq!(book.len(), 3);
        assert_eq!(book.entries(9).len(), 2);
        assert_eq!(book.entries(5)[0].weight, 10);
        assert!(book.entries(7).is_empty());
    }

    #[test]
    fn truncated_files_are_refused() {
        let bytes = entry_bytes(1, "a2", "a3", 1);
        assert!(matches!(
            PolyglotBook::from_bytes(&bytes[..15]),
            Err(PolyglotError::BadLength(15))
        ));
        assert!(PolyglotBook::from_bytes(&[]).unwrap().is_empty());
    }
}

#[cfg(test)]
mod chess_tests {
    use super::tests::entry_bytes;
    use super::*;
    use game::Game;

    const START_KEY: u64 = 0x463b96181691fc9c;
    const AFTER_E4_KEY: u64 = 0x823c9b50fd114196;

    #[test]
    fn published_keys_find_book_moves() {
        let mut bytes = entry_bytes(START_KEY, "e2", "e4", 3);
        bytes.extend(entry_bytes(START_KEY, "d2", "d4", 1));
        bytes.extend(entry_bytes(START_KEY, "e2", "e5", 50)); // illegal: skipped
        bytes.extend(entry_bytes(AFTER_E4_KEY, "c7", "c5", 1));
        let book = PolyglotBook::from_bytes(&bytes).unwrap();
        let mut pos = chess::Position::start();
        let moves = book.moves(&pos);
        let texts: Vec<String> = moves
            .iter()
            .map(|(m, w)| format!("{}:{w}", pos.format_move(*m, MoveStyle::Coord)))
            .collect();
        assert_eq!(texts, ["e2e4:3", "d2d4:1"]);
        let mv = pos.parse_move("e2e4", MoveStyle::Coord).unwrap();
        pos.make(mv);
        let reply = Book::pick(&book, &pos).unwrap();
        assert_eq!(pos.format_move(reply, MoveStyle::Coord), "c7c5");
    }

    #[test]
    fn castling_is_read_as_the_king_taking_its_rook() {
        let pos = chess::Position::from_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1")
            .unwrap();
        let bytes = entry_bytes(pos.hash(), "e1", "h1", 1);
        let book = PolyglotBook::from_bytes(&bytes).unwrap();
        let moves = book.moves(&pos);
        assert_eq!(moves.len(), 1);
        assert_eq!(pos.format_move(moves[0].0, MoveStyle::Coord), "e1g1");
    }
}
