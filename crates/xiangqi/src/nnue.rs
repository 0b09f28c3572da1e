//! The xiangqi network (NNUE): xiangqi's inputs for the shared network of the `nnue`
//! crate (its hidden layer, output buckets, file format and sums).
//!
//! Each perspective has 1260 inputs, own/other colour × 7 kinds × 90 points ([`feature`]):
//! a perspective sees its own pieces first and the board from its own side (Black's
//! perspective flips the ranks, rank r ↔ 9 − r, keeping the file), so both sides see
//! themselves moving up the board and one set of weights serves both. [`Position`]'s
//! make/unmake keeps the sums, one per ply, only while a network is set
//! ([`Position::set_network`], `game::Game::set_evaluator`, the UCI option `EvalFile`);
//! without one the classic evaluation plays and pays nothing for this. The engine's
//! network is built into the binary ([`embedded`]; the build may choose another file, see
//! [`EMBEDDED_NAME`]); the commands that play give it to their positions, and the UCI
//! option `EvalFile` swaps it for a file or (empty) for the classic evaluation. A chess
//! network file is refused.
//!
//! Left for later: mirroring the board left to right (xiangqi is symmetric about the
//! middle file, so half the inputs would do with a mirrored half board) and king buckets
//! (inputs per palace square of the own general).

use crate::position::Position;
use crate::types::{Color, Piece, SQUARES};
use game::Side;
use std::sync::{Arc, OnceLock};

pub use nnue::{Accumulator, Activation, BUCKETS, HIDDEN, QA, QB, SCALE};

/// Inputs per perspective: own/other colour × 7 kinds × 90 points.
pub const INPUTS: usize = 2 * 7 * SQUARES;

/// Xiangqi's inputs: what the network sees of a xiangqi position.
#[derive(Clone, Copy, Debug)]
pub enum XiangqiFeatures {}

impl nnue::FeatureSet for XiangqiFeatures {
    const GAME: u8 = nnue::game::XIANGQI;
    const INPUTS: usize = INPUTS;
    const NAME: &'static str = "xiangqi";
    type Position = Position;

    #[inline]
    fn for_each_feature(pos: &Position, mut each: impl FnMut([usize; 2])) {
        for (sq, &piece) in pos.board.iter().enumerate() {
            if !piece.is_none() {
                each(both(piece, sq));
            }
        }
    }

    #[inline]
    fn side_to_move(pos: &Position) -> usize {
        pos.stm.index()
    }
}

/// The xiangqi network.
pub type Network = nnue::Network<XiangqiFeatures>;

/// The input index of `piece` (not empty) on point `sq` (`rank * 9 + file`, rank 0 Red's
/// back rank) seen by `perspective`: its own pieces first, and Black sees the ranks
/// flipped.
#[inline]
pub fn feature(perspective: Color, piece: Piece, sq: usize) -> usize {
    let side = usize::from(piece.color() != perspective);
    let sq = match perspective {
        Side::White => sq,
        Side::Black => (9 - sq / 9) * 9 + sq % 9,
    };
    let kind = usize::from(piece.0 & 7).saturating_sub(1);
    side * 7 * SQUARES + kind * SQUARES + sq
}

/// Both perspectives' inputs of `piece` on `sq`.
#[inline]
pub(crate) fn both(piece: Piece, sq: usize) -> [usize; 2] {
    [
        feature(Side::White, piece, sq),
        feature(Side::Black, piece, sq),
    ]
}

/// The active inputs of a position: (side to move's, other side's), one per piece.
pub fn features(pos: &Position) -> (Vec<u16>, Vec<u16>) {
    nnue::features::<XiangqiFeatures>(pos)
}

/// File name of the network built into the engine: the name the UCI option `EvalFile`
/// shows as its default in xiangqi and accepts for [`embedded`]. It is `xq-gen7-4861k.nnue`
/// (in `crates/xiangqi/nets/`, with its recipe) unless the build chose another file with
/// `CHARIOT_XQ_EVALFILE` (`make XQ_EVALFILE=…`, see `build.rs`), whose file name it then is.
pub const EMBEDDED_NAME: &str = env!("CHARIOT_NET_NAME");

/// The bytes of the built-in network, read at build time so that the binary needs no file.
const EMBEDDED_BYTES: &[u8] = include_bytes!(env!("CHARIOT_NET_PATH"));

/// Checks that `bytes` are a xiangqi network file this engine plays, without reading the
/// weights ([`nnue::check`]); a `const fn`, so that the built-in network is checked when
/// the crate compiles.
pub const fn check(bytes: &[u8]) -> Result<(), &'static str> {
    match nnue::check::<XiangqiFeatures>(bytes) {
        Ok(_) => Ok(()),
        Err(why) => Err(why),
    }
}

// The built-in network must be a xiangqi network this engine plays: a wrong
// `CHARIOT_XQ_EVALFILE` (or `make XQ_EVALFILE=`) stops the build here, with the reason.
const _: () = match check(EMBEDDED_BYTES) {
    Ok(()) => (),
    Err(why) => panic!("{}", why), // the built-in network (CHARIOT_XQ_EVALFILE, make XQ_EVALFILE=)
};

/// The network built into the engine, parsed on first use and shared by every position
/// that evaluates with it (it is constant data: parsing it once is all the sharing needs).
pub fn embedded() -> Arc<Network> {
    static NET: OnceLock<Arc<Network>> = OnceLock::new();
    nnue::built_in(&NET, EMBEDDED_BYTES, EMBEDDED_NAME)
}
