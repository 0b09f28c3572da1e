//! Chess rules for Chariot: bitboards with magic slider attacks, legal move generation,
//! copy-make with an incremental Polyglot hash, FEN, UCI and SAN notation, game-end
//! rules, a fast perft and a first tapered evaluation. [`Position`] implements
//! [`game::Game`].
//!
//! ```
//! use chess::Position;
//! use game::Game;
//!
//! let mut pos = Position::start();
//! assert_eq!(pos.polyglot_key(), 0x463b96181691fc9c);
//! let mv = pos.parse_san("Nf3").unwrap();
//! assert_eq!(mv, pos.parse_uci("g1f3").unwrap());
//! pos.make(mv);
//! assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
//! assert_eq!(pos.perft(3), 9_748);
//! assert!(Position::parse_fen("8/8/8/8/8/8/8/K6k w").is_err());
//! ```
#![deny(missing_docs)]

mod attacks;
mod bitboard;
mod board;
mod describe;
mod error;
mod eval;
mod fen;
mod game_impl;
mod gives_check;
mod legality;
mod movegen;
mod moves;
pub mod nnue;
mod notation;
mod perft;
mod polyglot;
mod position;
pub mod pst;
mod see;
mod start960;
mod threats;
mod types;
pub mod wdl;

pub use bitboard::Bitboard;
pub use error::{FenError, MoveError};
pub use eval::{weights, EvalTerms, Tapered, SCALE_ONE};
pub use moves::Move;
pub use position::{Position, START_FEN};
pub use start960::back_rank as chess960_back_rank;
pub use types::{Castling, Color, Piece, PieceKind, Square};
