//! Xiangqi (Chinese chess) rules for Chariot: board, legal moves, FEN, notation,
//! game-end rules and a first evaluation.
//!
//! # Board representation
//! A 90-byte mailbox (`rank * 9 + file`, one byte per square) plus one `u128` occupancy
//! set per colour, with every move and attack pattern precomputed at compile time:
//! rays (nearest square first) for chariots and cannons, destination/leg lists for horses,
//! destination/eye lists for elephants, palace-limited steps for generals and advisors.
//!
//! Why not pure u128 bitboards (Pikafish's choice)? Xiangqi's blockable leapers (horse
//! legs, elephant eyes) and the cannon's hop do not map onto cheap shifts; Pikafish pays
//! for them with large lookup tables or PEXT. Xiangqi move generation is dominated by
//! walking short rays and checking a couple of squares per leaper, which a byte board
//! does in a few loads without table lookups, while the `u128` sets still give a fast
//! loop over each side's pieces. Measured (BENCHMARKS.md, "Xiangqi perft speed"): 6.6×
//! Fairy-Stockfish's perft speed (a u128-bitboard engine) on the same positions. A u128
//! bitboard variant of this crate was not built, so that comparison is the only measurement.
//!
//! Legality is decided per move without make/unmake: a move needs the full "is my general
//! attacked afterwards" test only when it can matter (when in check, general moves, pieces
//! on a line or horse leg toward the general with an attacker behind, and moves onto the
//! empty line between the general and an enemy cannon).
#![deny(missing_docs)]

mod chase;
mod describe;
pub mod eval;
mod fen;
mod game_impl;
mod movegen;
pub mod nnue;
mod notation;
mod position;
#[cfg(test)]
mod random_games;
mod rules;
mod see;
mod tables;
mod types;
pub mod wdl;

pub use fen::FenError;
pub use game_impl::START_FEN;
pub use notation::MoveError;
pub use position::Position;
pub use rules::MOVE_LIMIT_PLIES;
pub use types::{Color, Move, Piece, PieceKind, Square, FILES, RANKS, SQUARES};
