//! Chess rules for Chariot: bitboards with magic slider attacks, legal move generation,
//! copy-make with an incremental Polyglot hash, FEN, UCI and SAN notation, game-end
//! rules, a fast perft and a first tapered evaluation. [`Position`] implements
//! [`game::Game`].
#![deny(missing_docs)]

mod attacks;
mod bitboard;
mod board;
mod error;
mod eval;
mod fen;
mod game_impl;
mod movegen;
mod moves;
mod notation;
mod perft;
mod polyglot;
mod position;
pub mod pst;
mod see;
mod types;

pub use bitboard::Bitboard;
pub use error::{FenError, MoveError};
pub use eval::{EvalTerms, Tapered};
pub use moves::Move;
pub use position::{Position, START_FEN};
pub use types::{Castling, Color, Piece, PieceKind, Square};
