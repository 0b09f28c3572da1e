//! Chariot's quantised networks (NNUE), for any game: one hidden layer of [`HIDDEN`]
//! clipped-ReLU (or squared clipped-ReLU) units per perspective over a game's sparse
//! inputs, and one output in centipawns from one of [`BUCKETS`] output layers picked by
//! the number of pieces on the board.
//!
//! What is a game's own is its [`FeatureSet`]: how many inputs a perspective has and which
//! input each piece on each square switches on. Chess (`chess::nnue`, 768 inputs) and
//! xiangqi (`xiangqi::nnue`, 1260 inputs) each define one; everything else is here and
//! shared: the [`Network`] and its evaluation (the output layer, AVX2 when the CPU has it),
//! the [`Accumulator`] of hidden sums with its incremental update by a move's [`Delta`],
//! the file format ([`format`]: reader, writer, and the `const fn` [`check`] that lets a
//! game check a network built into the binary when it compiles), and the quantisation
//! that the trainer (`chariot nnue-train`) uses.
//!
//! A network file names its game, so a chess network is refused by xiangqi (and the other
//! way round) with a reason rather than played as noise.

#![deny(missing_docs)]

mod accumulator;
pub mod format;
mod network;
mod simd;

pub use accumulator::{Accumulator, Delta};
pub use format::{check, Layout};
pub use network::{built_in, shown_name, Activation, Network, LIMIT};

/// In fuzz builds, one position in this many has its incrementally updated sums checked
/// against a recomputation (see [`check_sums`]).
pub const FUZZ_CHECK_ONE_IN: u64 = 16;

/// Whether a debug build should check this position's incrementally updated
/// [`Accumulator`] against one recomputed from every piece; `key` is the position's hash.
///
/// Everywhere but fuzz builds (`--cfg fuzzing`): always. The recomputation costs a dozen
/// incremental updates, and done after every move it was 40% of a fuzzed engine session,
/// so fuzz builds check a deterministic sample: the positions whose key is a multiple of
/// [`FUZZ_CHECK_ONE_IN`]. That still catches a wrong update: a position's sums are
/// updated from its parent's, so a wrong one stays wrong in every position below it until
/// a sampled one is reached, and the fuzzer makes each kind of move (castling, en passant,
/// promotion, capture) many thousands of times. Sampling by key rather than at random
/// keeps a crash reproducible from its input.
#[inline]
pub fn check_sums(key: u64) -> bool {
    cfg!(not(fuzzing)) || key.is_multiple_of(FUZZ_CHECK_ONE_IN)
}

/// Hidden units per perspective of the engine's networks. Files with fewer units load too
/// (see [`format`]): the missing units are silent.
pub const HIDDEN: usize = 128;
/// Output layers, chosen by the number of pieces on the board ([`bucket`]).
pub const BUCKETS: usize = 8;
/// Quantisation of the first layer: weights and biases are stored × `QA`, and the clipped
/// ReLU clips at `QA` (the float network's 1.0).
pub const QA: i32 = 255;
/// Quantisation of the output weights: stored × `QB`.
pub const QB: i32 = 64;
/// The float network's output × `SCALE` is the evaluation in centipawns.
pub const SCALE: i32 = 400;

/// The game a network file is for, as its header records it.
pub mod game {
    /// Chess (and every file of the older formats `CHARNN01`–`CHARNN03`).
    pub const CHESS: u8 = 1;
    /// Xiangqi.
    pub const XIANGQI: u8 = 2;

    /// The game's name, for messages; `None` for a number no game has.
    pub const fn name(game: u8) -> Option<&'static str> {
        match game {
            CHESS => Some("chess"),
            XIANGQI => Some("xiangqi"),
            _ => None,
        }
    }
}

/// A game's inputs: what the network sees of its positions.
///
/// Each piece switches on one input per perspective (the first perspective is White's or
/// Red's, the second Black's); a perspective sees its own pieces first and the board from
/// its own side, so one set of weights serves both colours.
pub trait FeatureSet: 'static {
    /// The game's number in network files ([`game`]).
    const GAME: u8;
    /// Inputs per perspective.
    const INPUTS: usize;
    /// The game's name, for messages.
    const NAME: &'static str;
    /// The game's position, which [`Network::evaluate_position`] and [`features`] read.
    type Position;

    /// Calls `each` with every piece's inputs: `[first perspective's, second's]`.
    fn for_each_feature(pos: &Self::Position, each: impl FnMut([usize; 2]));
    /// The perspective of the side to move: 0 (White, Red) or 1 (Black).
    fn side_to_move(pos: &Self::Position) -> usize;
}

/// The output bucket of a position with `pieces` pieces on the board (kings included,
/// 2 to 32 in both games): eight buckets of four piece counts each.
#[inline]
pub fn bucket(pieces: u32) -> usize {
    (pieces.saturating_sub(2) as usize / 4).min(BUCKETS - 1)
}

/// The active inputs of a position: (side to move's, other side's), one per piece; what
/// the trainer feeds its float network.
pub fn features<F: FeatureSet>(pos: &F::Position) -> (Vec<u16>, Vec<u16>) {
    let us = F::side_to_move(pos);
    let mut ours = Vec::with_capacity(32);
    let mut theirs = Vec::with_capacity(32);
    F::for_each_feature(pos, |f| {
        ours.push(f[us] as u16);
        theirs.push(f[1 - us] as u16);
    });
    (ours, theirs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outside_fuzz_builds_every_position_has_its_sums_checked() {
        for key in [0, 1, FUZZ_CHECK_ONE_IN - 1, FUZZ_CHECK_ONE_IN + 1, u64::MAX] {
            assert!(check_sums(key), "key {key}");
        }
    }
}
