//! Every number of the search, named, in one place.
//!
//! Margins are in centipawns of the game's own evaluation. The numbers a tuner may change
//! are fields of [`Params`], a runtime value each game's preset
//! ([`crate::SearchTuning::params`]) carries, so that `chariot uci --tune` and the SPSA
//! tuner (`chariot spsa`) can change them without a rebuild; [`crate::tunable`] names them
//! for UCI with their ranges and SPSA steps. Their defaults began as the usual starting
//! points of open-source engines (Ethereal, Black Marlin, Viridithas) and are kept where
//! matches in both games measured them (BENCHMARKS.md); SPSA sessions in the arena tune
//! them further (docs/tuning.md). The constants below stay fixed: sizes of tables,
//! how often the clock is read, and the weaker levels' choice rules.

use game::Score;

/// Window half-width of the first aspiration search around the previous score, where the
/// game's preset does not set one (`SearchTuning::aspiration_delta`).
pub const ASPIRATION_DELTA: Score = 25;

/// The search's tunable numbers: depth limits of each pruning rule and the shapes of its
/// margins. One value per game preset; every field is an `i32` so that a UCI spin option
/// can set it (fractions are in hundredths).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// Aspiration windows are used from this iteration on (earlier scores swing too much).
    pub aspiration_min_depth: i32,
    /// Reverse futility pruning (static null move) applies at this depth and below.
    pub rfp_max_depth: i32,
    /// Reverse futility margin per ply of depth.
    pub rfp_depth_margin: Score,
    /// Reverse futility margin taken off when the static evaluation is improving.
    pub rfp_improving_margin: Score,
    /// Null-move pruning applies from this depth on.
    pub nmp_min_depth: i32,
    /// Depth reduction of the null-move search at any depth ...
    pub nmp_base_reduction: i32,
    /// ... plus one ply per this many plies of depth.
    pub nmp_depth_divisor: i32,
    /// Futility pruning of quiet moves applies at this depth and below.
    pub fp_max_depth: i32,
    /// The part of the futility margin that does not grow with depth.
    pub fp_base: Score,
    /// Futility margin per ply of depth.
    pub fp_depth_margin: Score,
    /// Late move pruning applies at this depth and below.
    pub lmp_max_depth: i32,
    /// Late move pruning keeps `base + depth²` quiet moves (twice that when improving).
    pub lmp_base: i32,
    /// SEE pruning of captures applies at this depth and below.
    pub see_max_depth: i32,
    /// Captures losing more than this many centipawns per ply of depth (by SEE) are
    /// skipped at shallow depth.
    pub see_capture_margin: Score,
    /// SEE pruning of quiet moves (where the game uses it) applies at this depth and below.
    pub see_quiet_max_depth: i32,
    /// Late move reductions start with this move number (1-based) ...
    pub lmr_min_moves: i32,
    /// ... at this depth and deeper.
    pub lmr_min_depth: i32,
    /// Base of the reduction table `base + ln(depth) · ln(moves) / divisor`, in hundredths.
    pub lmr_base: i32,
    /// Divisor of the reduction table, in hundredths.
    pub lmr_divisor: i32,
    /// A move that gives check is reduced this many plies less.
    pub lmr_check_relief: i32,
    /// A reduced move that fails high by less than this over the best score so far is
    /// re-searched a ply shallower (with `SearchTuning::lmr_deeper_margin`).
    pub lmr_shallower_margin: Score,
    /// History pruning (where the game opts in) applies up to this depth.
    pub history_prune_max_depth: i32,
    /// Internal iterative reduction: without a TT move, search this deep and deeper one ply less.
    pub iir_min_depth: i32,
    /// Singular extensions are tried from this depth on ...
    pub singular_min_depth: i32,
    /// ... when the TT entry was searched at most this much shallower.
    pub singular_tt_depth_gap: i32,
    /// A TT move this far below the singular beta is extended two plies (non-PV nodes) ...
    pub double_extension_margin: Score,
    /// ... at most this many times on one path.
    pub max_double_extensions: i32,
    /// Deepest remaining depth at which a node is razored.
    pub razor_max_depth: i32,
    /// The part of the razoring margin that does not grow with depth.
    pub razor_base: Score,
    /// Time manager: moves assumed left in the game when the clock does not say. 20
    /// spends more of a sudden-death clock early than 25 did: +24.5 ± 22.1 over 412 games
    /// at 6+0.06 (BENCHMARKS.md, session 27); 16 lost 29.5 ± 32.5 over 201 games
    /// (session 28).
    pub tm_moves_to_go: i32,
    /// Time manager: the soft limit uses at most this percentage of the planned time.
    pub tm_soft_max_percent: i32,
    /// Time manager: the hard limit uses at most this percentage of the time left.
    pub tm_hard_max_percent: i32,
    /// Time manager: the hard limit is at most this many times the soft one.
    pub tm_hard_per_soft: i32,
    /// Time manager: this percentage of the increment is added to each move's budget.
    pub tm_increment_percent: i32,
    /// Instability: each recent best-move change (halved every iteration) adds this many
    /// hundredths to the soft limit's factor.
    pub tm_change_weight: i32,
    /// Instability: a score that fell this many centipawns since the last iteration
    /// doubles the factor (the drop is capped there).
    pub tm_drop_window: Score,
    /// Instability: the factor is scaled by this many hundredths (below 100 a quiet search
    /// stops before its soft limit).
    pub tm_instability_percent: i32,
}

impl Params {
    /// The numbers both games were first measured with.
    pub const DEFAULT: Params = Params {
        aspiration_min_depth: 4,
        rfp_max_depth: 8,
        rfp_depth_margin: 80,
        rfp_improving_margin: 60,
        nmp_min_depth: 3,
        nmp_base_reduction: 3,
        nmp_depth_divisor: 4,
        fp_max_depth: 6,
        fp_base: 100,
        fp_depth_margin: 90,
        lmp_max_depth: 6,
        lmp_base: 3,
        see_max_depth: 6,
        see_capture_margin: 100,
        see_quiet_max_depth: 8,
        lmr_min_moves: 3,
        lmr_min_depth: 3,
        lmr_base: 75,
        lmr_divisor: 225,
        lmr_check_relief: 1,
        lmr_shallower_margin: 10,
        history_prune_max_depth: 4,
        iir_min_depth: 4,
        singular_min_depth: 6,
        singular_tt_depth_gap: 3,
        double_extension_margin: 20,
        max_double_extensions: 6,
        razor_max_depth: 3,
        razor_base: 500,
        tm_moves_to_go: 20,
        tm_soft_max_percent: 40,
        tm_hard_max_percent: 75,
        tm_hard_per_soft: 4,
        tm_increment_percent: 75,
        tm_change_weight: 50,
        tm_drop_window: 150,
        tm_instability_percent: 80,
    };

    /// Reverse futility margin: how far the static eval must exceed beta to prune.
    #[inline]
    pub fn rfp_margin(&self, depth: i32, improving: bool) -> Score {
        self.rfp_depth_margin * depth
            - if improving {
                self.rfp_improving_margin
            } else {
                0
            }
    }

    /// Depth reduction of the null-move search.
    #[inline]
    pub fn nmp_reduction(&self, depth: i32) -> i32 {
        self.nmp_base_reduction + depth / self.nmp_depth_divisor.max(1)
    }

    /// Futility margin: quiet moves are skipped when eval plus this cannot reach alpha.
    #[inline]
    pub fn futility_margin(&self, depth: i32) -> Score {
        self.fp_base + self.fp_depth_margin * depth
    }

    /// After this many quiet moves, the remaining quiets are skipped (non-PV nodes).
    #[inline]
    pub fn lmp_count(&self, depth: i32, improving: bool) -> usize {
        let base = (self.lmp_base + depth * depth).max(0) as usize;
        if improving {
            base * 2
        } else {
            base
        }
    }

    /// SEE threshold of a capture at `depth`: captures losing more are skipped.
    #[inline]
    pub fn see_capture_threshold(&self, depth: i32) -> Score {
        -self.see_capture_margin * depth
    }

    /// The late-move-reduction table's entry for `depth` and `moves` (both ≥ 1).
    pub fn lmr_table_entry(&self, depth: usize, moves: usize) -> u8 {
        let base = f64::from(self.lmr_base) / 100.0;
        let divisor = f64::from(self.lmr_divisor.max(1)) / 100.0;
        let v = base + (depth as f64).ln() * (moves as f64).ln() / divisor;
        v.clamp(0.0, f64::from(u8::MAX)) as u8
    }
}

/// The late-move-reduction table of some [`Params`], indexed by depth and move number (both
/// capped at 63). Built once per set of numbers rather than by each search thread at the
/// start of each search: its 4,096 logarithms were about 1.5% of a 5000-node datagen search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LmrTable(Box<[[u8; 64]; 64]>);

impl LmrTable {
    /// The table of `params` (`Params::lmr_table_entry`; 0 at depth or move number 0).
    pub fn new(params: &Params) -> Self {
        let mut rows = Box::new([[0u8; 64]; 64]);
        for (depth, row) in rows.iter_mut().enumerate().skip(1) {
            for (moves, r) in row.iter_mut().enumerate().skip(1) {
                *r = params.lmr_table_entry(depth, moves);
            }
        }
        LmrTable(rows)
    }

    /// The reduction for the `moves`-th move at `depth`.
    #[inline]
    pub fn get(&self, depth: usize, moves: usize) -> u8 {
        self.0[depth.min(63)][moves.min(63)]
    }
}

impl Default for Params {
    fn default() -> Self {
        Params::DEFAULT
    }
}

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

#[cfg(test)]
mod tests {
    use super::{LmrTable, Params};

    /// The table holds each entry of its numbers' formula, 0 at depth or move 0, and caps
    /// both indices at 63.
    #[test]
    fn lmr_table_holds_the_formula_of_its_numbers() {
        let wider = Params {
            lmr_base: 150,
            lmr_divisor: 180,
            ..Params::DEFAULT
        };
        for params in [Params::DEFAULT, wider] {
            let table = LmrTable::new(&params);
            for depth in 0..70 {
                for moves in 0..70 {
                    let (d, m) = (depth.min(63), moves.min(63));
                    let want = if d == 0 || m == 0 {
                        0
                    } else {
                        params.lmr_table_entry(d, m)
                    };
                    assert_eq!(table.get(depth, moves), want, "depth {depth}, move {moves}");
                }
            }
        }
        assert_ne!(
            LmrTable::new(&Params::DEFAULT),
            LmrTable::new(&wider),
            "other numbers give another table"
        );
    }
}
