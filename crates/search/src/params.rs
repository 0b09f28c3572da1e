//! Every tunable number of the search, named, in one place.
//!
//! Margins are in centipawns of the game's own evaluation. The values are the usual
//! starting points of open-source engines (Ethereal, Black Marlin, Viridithas); they
//! have not been tuned for Chariot yet — the arena will do that.

use game::Score;

/// Window half-width of the first aspiration search around the previous score.
pub const ASPIRATION_DELTA: Score = 25;
/// Aspiration windows are used from this iteration on (earlier scores swing too much).
pub const ASPIRATION_MIN_DEPTH: i32 = 4;

/// Reverse futility pruning (static null move) applies at this depth and below.
pub const RFP_MAX_DEPTH: i32 = 8;
/// Reverse futility margin: how far the static eval must exceed beta to prune.
#[inline]
pub const fn rfp_margin(depth: i32, improving: bool) -> Score {
    80 * depth - if improving { 60 } else { 0 }
}

/// Null-move pruning applies from this depth on.
pub const NMP_MIN_DEPTH: i32 = 3;
/// Depth reduction of the null-move search.
#[inline]
pub const fn nmp_reduction(depth: i32) -> i32 {
    3 + depth / 4
}

/// Futility pruning of quiet moves applies at this depth and below.
pub const FP_MAX_DEPTH: i32 = 6;
/// Futility margin: quiet moves are skipped when eval plus this cannot reach alpha.
#[inline]
pub const fn futility_margin(depth: i32) -> Score {
    100 + 90 * depth
}

/// Late move pruning applies at this depth and below.
pub const LMP_MAX_DEPTH: i32 = 6;
/// After this many quiet moves, the remaining quiets are skipped (non-PV nodes).
#[inline]
pub const fn lmp_count(depth: i32, improving: bool) -> usize {
    let base = (3 + depth * depth) as usize;
    if improving {
        base * 2
    } else {
        base
    }
}

/// Captures losing more than this per depth (by SEE) are skipped at shallow depth.
#[inline]
pub const fn see_capture_margin(depth: i32) -> Score {
    -100 * depth
}
/// SEE pruning of captures applies at this depth and below.
pub const SEE_MAX_DEPTH: i32 = 6;

/// Late move reductions start with this move number (1-based) ...
pub const LMR_MIN_MOVES: usize = 3;
/// ... at this depth and deeper.
pub const LMR_MIN_DEPTH: i32 = 3;
/// Base of the logarithmic reduction table `base + ln(depth) * ln(moves) / divisor`.
pub const LMR_BASE: f64 = 0.75;
/// Divisor of the logarithmic reduction table.
pub const LMR_DIVISOR: f64 = 2.25;

/// SEE pruning of quiet moves (where the game uses it) applies at this depth and below.
pub const SEE_QUIET_MAX_DEPTH: i32 = 8;
/// History pruning (where the game opts in) applies up to this depth.
pub const HISTORY_PRUNE_MAX_DEPTH: i32 = 4;

/// Internal iterative reduction: without a TT move, search this deep and deeper one ply less.
pub const IIR_MIN_DEPTH: i32 = 4;

/// History scores stay within ±this (the "gravity" formula keeps them bounded).
pub const HISTORY_MAX: i32 = 16_384;
/// History bonus for a move that caused a cutoff at `depth`: with the game's shape
/// (`SearchTuning::history_bonus`: slope, offset, cap) min(slope·depth − offset, cap),
/// else min(32·depth², 1200).
#[inline]
pub const fn history_bonus(depth: i32, shape: Option<(i32, i32, i32)>) -> i32 {
    let (b, cap) = match shape {
        Some((slope, offset, cap)) => (slope * depth - offset, cap),
        None => (32 * depth * depth, 1_200),
    };
    if b > cap {
        cap
    } else {
        b
    }
}

/// Correction-history entries per side (a power of two), indexed by the structure key.
pub const CORRECTION_SIZE: usize = 16_384;
/// Correction entries hold centipawns times this, so small differences accumulate.
pub const CORRECTION_GRAIN: i32 = 256;
/// A correction moves the static evaluation by at most this many centipawns.
pub const CORRECTION_MAX: Score = 128;
/// Weight (out of 256) of one search result in its correction entry: deeper results
/// count more, up to this.
pub const CORRECTION_MAX_WEIGHT: i32 = 16;

/// Nodes between two checks of the clock and the stop flag.
pub const CHECK_INTERVAL: u64 = 1024;

/// Near-equal root moves for `Options::randomize`: within this many centipawns of the best.
pub const RANDOMIZE_MARGIN: Score = 15;
/// Lines searched at the root when a move is picked at random or by a weaker level.
pub const CHOICE_LINES: usize = 4;

/// Singular extensions are tried from this depth on ...
pub const SINGULAR_MIN_DEPTH: i32 = 6;
/// ... when the TT entry was searched at most this much shallower.
pub const SINGULAR_TT_DEPTH_GAP: i32 = 3;

/// A TT move this far below the singular beta is extended two plies (non-PV nodes) ...
pub const DOUBLE_EXTENSION_MARGIN: Score = 20;
/// ... at most this many times on one path.
pub const MAX_DOUBLE_EXTENSIONS: u8 = 6;

/// Deepest remaining depth at which a node is razored.
pub const RAZOR_MAX_DEPTH: i32 = 3;
/// The part of the razoring margin that does not grow with depth.
pub const RAZOR_BASE: Score = 500;

/// A reduced move that fails high by less than this over the best score so far is
/// re-searched a ply shallower (with `SearchTuning::lmr_deeper_margin`).
pub const LMR_SHALLOWER_MARGIN: Score = 10;
