//! The chess network (NNUE): 768 piece-square inputs seen from each side, one hidden layer
//! of [`HIDDEN`] clipped-ReLU units per perspective, one output in centipawns from one of
//! [`BUCKETS`] output layers picked by the number of pieces on the board.
//!
//! The hidden sums ("accumulators") are kept by [`crate::Position`]'s make/unmake, one per
//! ply, so an evaluation only runs the small output layer. The network is trained by
//! `chariot nnue-train` on `chariot datagen` data or `scripts/tune/teacher_selfplay.py`'s
//! (`crates/chess/nets/` keeps the measured ones); the file format is described in
//! [`network`]. Positions use a network only when one is made active ([`set_active`]);
//! otherwise they keep the classic evaluation and pay nothing for this. The engine's
//! network is built into the binary ([`embedded`]); the `chariot` commands that play make
//! it active at start, and the UCI option `EvalFile` swaps it for a file or (empty) for
//! the classic evaluation.

mod accumulator;
pub mod network;
mod simd;

pub use accumulator::Accumulator;
pub(crate) use accumulator::Delta;
pub use network::{Activation, Network};

use crate::position::Position;
use crate::types::{Color, Piece};
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::OnceLock;

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

/// File name of the network built into the engine (in `crates/chess/nets/`): the name the
/// UCI option `EvalFile` shows as its default and accepts for [`embedded`].
pub const EMBEDDED_NAME: &str = "sf-depth1-41m.nnue";

/// The bytes of [`EMBEDDED_NAME`], read at build time so that the binary needs no file.
const EMBEDDED_BYTES: &[u8] = include_bytes!("../../nets/sf-depth1-41m.nnue");

/// The network built into the engine, parsed on first use.
pub fn embedded() -> &'static Network {
    static NET: OnceLock<Network> = OnceLock::new();
    NET.get_or_init(|| {
        Network::from_bytes(EMBEDDED_BYTES)
            .unwrap_or_else(|e| panic!("the built-in network {EMBEDDED_NAME}: {e}"))
    })
}

/// Keeps `net` for the life of the process, so that positions can hold a plain reference
/// to it (a network loaded from a file; about 200 KB each time one is loaded).
pub fn keep(net: Network) -> &'static Network {
    Box::leak(Box::new(net))
}

/// The network new positions evaluate with; null while the classic evaluation is used.
static ACTIVE: AtomicPtr<Network> = AtomicPtr::new(std::ptr::null_mut());

/// Makes `net` the network of every position set up from now on (`None`: the classic
/// evaluation). Positions already set up keep what they had.
pub fn set_active(net: Option<&'static Network>) {
    let ptr = net.map_or(std::ptr::null_mut(), |n| std::ptr::from_ref(n).cast_mut());
    ACTIVE.store(ptr, Ordering::Release);
}

/// The network new positions evaluate with, if any (see [`set_active`]).
pub fn active() -> Option<&'static Network> {
    let ptr = ACTIVE.load(Ordering::Acquire);
    // SAFETY: a non-null pointer came from a `&'static Network` in set_active, and is only
    // ever read through.
    unsafe { ptr.as_ref() }
}
