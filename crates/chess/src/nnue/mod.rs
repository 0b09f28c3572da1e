//! The chess network (NNUE): 768 piece-square inputs seen from each side, one hidden layer
//! of [`HIDDEN`] clipped-ReLU units per perspective, one output in centipawns from one of
//! [`BUCKETS`] output layers picked by the number of pieces on the board.
//!
//! The hidden sums ("accumulators") are kept by [`crate::Position`]'s make/unmake, one per
//! ply, so an evaluation only runs the small output layer. The network is trained by
//! `chariot nnue-train` on `chariot datagen` data or `scripts/tune/teacher_selfplay.py`'s
//! (`crates/chess/nets/` keeps the measured ones); the file format is described in
//! [`network`]. A position evaluates with the network it is given
//! ([`Position::set_network`], or `game::Game::set_evaluator`), shared as an
//! `Arc<Network>` by the position, its clones (the search threads') and the front end
//! that chose it; without one it keeps the classic evaluation and pays nothing for this.
//! The engine's network is built into the binary ([`embedded`]; the build may choose
//! another file, see [`EMBEDDED_NAME`]); the `chariot` commands that play give it to
//! their positions, and the UCI option `EvalFile` swaps it for a file or (empty) for the
//! classic evaluation. A network loaded from a file is freed when
//! the last position holding it goes.

mod accumulator;
pub mod network;
mod simd;

pub use accumulator::Accumulator;
pub(crate) use accumulator::Delta;
pub use network::{Activation, Network};

use crate::position::Position;
use crate::types::{Color, Piece};
use std::sync::{Arc, OnceLock};

/// Inputs per perspective: own/other colour × 6 kinds × 64 squares.
pub const INPUTS: usize = 768;
/// Hidden units per perspective of the engine's network. Files with fewer units load too
/// (see [`network`]): the missing units are silent.
pub const HIDDEN: usize = 128;
/// Output layers, chosen by the number of pieces on the board ([`network::bucket`]).
pub const BUCKETS: usize = 8;
/// Quantisation of the first layer: weights and biases are stored × `QA`, and the clipped
/// ReLU clips at `QA` (the float network's 1.0).
pub const QA: i32 = 255;
/// Quantisation of the output weights: stored × `QB`.
pub const QB: i32 = 64;
/// The float network's output × `SCALE` is the evaluation in centipawns.
pub const SCALE: i32 = 400;

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
    let us = pos.turn();
    let mut ours = Vec::with_capacity(32);
    let mut theirs = Vec::with_capacity(32);
    for sq in pos.board.occupied() {
        if let Some(piece) = pos.board.piece_on(sq) {
            ours.push(feature(us, piece, sq) as u16);
            theirs.push(feature(us.flip(), piece, sq) as u16);
        }
    }
    (ours, theirs)
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
    Arc::clone(NET.get_or_init(|| {
        // The bytes passed `network::check` when the crate was compiled, and it accepts
        // exactly what `from_bytes` accepts: this cannot fail.
        Network::from_bytes(EMBEDDED_BYTES)
            .map(Arc::new)
            .unwrap_or_else(|e| panic!("the built-in network {EMBEDDED_NAME}: {e}"))
    }))
}
