//! The chess network (NNUE): chess's inputs for the shared network of the `nnue` crate.
//!
//! Each perspective has 768 inputs, own/other colour × 6 kinds × 64 squares ([`feature`]);
//! one hidden layer of [`HIDDEN`] units per perspective and [`BUCKETS`] output layers
//! picked by the number of pieces on the board are the `nnue` crate's, as are the file
//! format ([`network`], `nnue::format`), the sums and the output layer. What is chess's is
//! here: the input of a piece on a square, what a move changes ([`Position`]'s make keeps
//! the sums, one per ply, so an evaluation only runs the small output layer), and the
//! network built into the engine.
//!
//! The network is trained by `chariot nnue-train` on `chariot datagen` data: Chariot's own
//! games, no other engine's (`crates/chess/nets/` keeps the measured ones, each with its
//! recipe; the built-in `sf-depth1-41m` is the one exception, trained on Stockfish's
//! self-play before the rule, until an own network is as strong at 10+0.1). A
//! position evaluates with the network it is given ([`Position::set_network`], or
//! `game::Game::set_evaluator`), shared as an `Arc<Network>` by the position, its clones
//! (the search threads') and the front end that chose it; without one it keeps the
//! classic evaluation and pays nothing for this. The engine's network is built into the
//! binary ([`embedded`]; the build may choose another file, see [`EMBEDDED_NAME`]); the
//! `chariot` commands that play give it to their positions, and the UCI option `EvalFile`
//! swaps it for a file or (empty) for the classic evaluation. A network loaded from a
//! file is freed when the last position holding it goes; a xiangqi network is refused.

pub(crate) mod delta;
pub mod network;

pub use nnue::{Accumulator, Activation, BUCKETS, HIDDEN, QA, QB, SCALE};

use crate::position::Position;
use crate::types::{Color, Piece};
use std::sync::{Arc, OnceLock};

/// Chess's inputs: what the network sees of a chess position.
#[derive(Clone, Copy, Debug)]
pub enum ChessFeatures {}

impl nnue::FeatureSet for ChessFeatures {
    const GAME: u8 = nnue::game::CHESS;
    const INPUTS: usize = INPUTS;
    const NAME: &'static str = "chess";
    type Position = Position;

    #[inline]
    fn for_each_feature(pos: &Position, each: impl FnMut([usize; 2])) {
        delta::pieces(&pos.board).for_each(each);
    }

    #[inline]
    fn side_to_move(pos: &Position) -> usize {
        pos.turn().index()
    }
}

/// The chess network.
pub type Network = nnue::Network<ChessFeatures>;

/// Inputs per perspective: own/other colour × 6 kinds × 64 squares.
pub const INPUTS: usize = 768;

/// The input index of `piece` on `sq` seen by `perspective`: the perspective's own pieces
/// first, and Black sees the board mirrored (rank 1 ↔ rank 8), so both sides see
/// themselves moving up the board.
#[inline]
pub fn feature(perspective: Color, piece: Piece, sq: crate::Square) -> usize {
    let side = usize::from(piece.color != perspective);
    let sq = match perspective {
        Color::White => sq.index(),
        Color::Black => sq.index() ^ 56,
    };
    side * 384 + piece.kind.index() * 64 + sq
}

/// The active inputs of a position: (side to move's, other side's), one per piece.
pub fn features(pos: &Position) -> (Vec<u16>, Vec<u16>) {
    nnue::features::<ChessFeatures>(pos)
}

/// File name of the network built into the engine: the name the UCI option `EvalFile`
/// shows as its default and accepts for [`embedded`]. It is `sf-depth1-41m.nnue` (in
/// `crates/chess/nets/`) unless the build chose another file with `CHARIOT_EVALFILE`
/// (`make EVALFILE=…`, see `build.rs`), whose file name it then is.
pub const EMBEDDED_NAME: &str = env!("CHARIOT_NET_NAME");

/// The bytes of the built-in network, read at build time so that the binary needs no file.
const EMBEDDED_BYTES: &[u8] = include_bytes!(env!("CHARIOT_NET_PATH"));

// The built-in network must be one this engine plays: a wrong `CHARIOT_EVALFILE` (or
// `make EVALFILE=`) stops the build here, with the reason, rather than the engine later.
const _: () = match network::check(EMBEDDED_BYTES) {
    Ok(()) => (),
    Err(why) => panic!("{}", why), // the built-in network (CHARIOT_EVALFILE, make EVALFILE=)
};

/// The network built into the engine, parsed on first use and shared by every position
/// that evaluates with it (it is constant data: parsing it once is all the sharing needs).
pub fn embedded() -> Arc<Network> {
    static NET: OnceLock<Arc<Network>> = OnceLock::new();
    nnue::built_in(&NET, EMBEDDED_BYTES, EMBEDDED_NAME)
}
