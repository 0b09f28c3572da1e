//! The contract between a game's evaluation and the tuner (`chariot tune`).
//!
//! A tunable evaluation is linear in its weights: every weight is a midgame/endgame pair,
//! a position contributes an integer coefficient per weight (White's count minus Black's),
//! the two sums are blended by the game phase, and an optional scale factor shrinks the
//! result (drawish endgames). The tuner fits the weights to game results with a logistic
//! model and writes them back as Rust source, so the engine reads plain constants.

/// One weight's contribution in a position: `coeff` times the weight (White minus Black).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceEntry {
    /// Index into [`Tunable::weight_names`].
    pub index: u16,
    /// White's count minus Black's count for this weight.
    pub coeff: i16,
}

/// A position's evaluation taken apart into linear features.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trace {
    /// Phase from 0 (bare endgame) to [`Tunable::MAX_PHASE`] (full midgame).
    pub phase: i32,
    /// Non-zero coefficients, any order, each index at most once.
    pub entries: Vec<TraceEntry>,
    /// Endgame scale factor out of [`Tunable::SCALE_ONE`] (drawish material shrinks it).
    pub scale: i32,
    /// Terms outside the linear model (White's view, centipawns), added after tapering.
    pub fixed: i32,
}

/// A game whose static evaluation can be tuned (see the module documentation).
///
/// The contract the tuner relies on: for every position without special endgame
/// knowledge, `evaluate` from White's view equals
/// `(mg * phase + eg * scaled(MAX_PHASE - phase)) / MAX_PHASE + fixed` where `mg`/`eg` are
/// the weighted sums of the trace (possibly rounded differently by a few centipawns).
pub trait Tunable {
    /// The phase of a full board.
    const MAX_PHASE: i32;
    /// The scale factor meaning "no scaling".
    const SCALE_ONE: i32;
    /// A stable, unique, human-readable name per weight (e.g. `"pst.knight.e4"`).
    fn weight_names() -> Vec<String>;
    /// The weights the engine plays with now, as (midgame, endgame) pairs.
    fn weights() -> Vec<(i32, i32)>;
    /// This position's features.
    fn trace(&self) -> Trace;
}
