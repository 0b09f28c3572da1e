//! The table of everything a tuner may set in a [`SearchTuning`]: each number of
//! [`crate::params::Params`], each optional feature's switch and margin, each boolean
//! feature, under a UCI-safe name with its range and its SPSA step and learning rate in
//! OpenBench's convention (`c_end`: the perturbation at the end of the session, in the
//! parameter's units; `r_end`: the learning rate at the end).
//!
//! `chariot uci --tune` offers the table as spin options, `chariot tune-params` prints it as
//! OpenBench SPSA input, and `chariot spsa` tunes the [`Kind::Value`] rows. A switch is set
//! before its margin (the table's order), so `QuietSeeOn=1` with `QuietSeeMargin=40` turns
//! the feature on with that margin in either game, whatever the game's preset had.

use crate::params::{Params, ASPIRATION_DELTA};
use crate::tuning::SearchTuning;
use std::collections::BTreeMap;

/// What a row of the table sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A number SPSA can tune.
    Value,
    /// An on/off switch (0 or 1): for A/B tests by match, not for SPSA.
    Switch,
    /// A number of the time manager: SPSA can tune it, but it changes play only under a
    /// clock (`chariot spsa --tc`), never at fixed nodes or depth.
    Clock,
}

impl Kind {
    /// Whether SPSA tunes rows of this kind (with `timed`: whether the session plays
    /// with a clock, without which the time manager's numbers change nothing).
    pub fn tunable(self, timed: bool) -> bool {
        match self {
            Kind::Value => true,
            Kind::Clock => timed,
            Kind::Switch => false,
        }
    }
}

/// One tunable parameter.
#[derive(Clone, Copy, Debug)]
pub struct Tunable {
    /// The UCI option name (letters and digits only, so every GUI and OpenBench accept it).
    pub name: &'static str,
    /// Whether SPSA tunes it or it switches a feature.
    pub kind: Kind,
    /// Smallest value the option accepts.
    pub min: i32,
    /// Largest value the option accepts.
    pub max: i32,
    /// SPSA perturbation at the end of a session, in the parameter's units.
    pub c_end: f64,
    /// SPSA learning rate at the end of a session.
    pub r_end: f64,
    /// The value in a tuning (for a margin whose feature is off: the value it would
    /// take when switched on).
    pub get: fn(&SearchTuning) -> i32,
    /// Sets the value (for a margin whose feature is off: nothing; set the switch first).
    pub set: fn(&mut SearchTuning, i32),
    /// Whether the value changes play in this tuning (a margin of a feature that is off
    /// does not): what `chariot tune-params` and `chariot spsa` tune by default.
    pub active: fn(&SearchTuning) -> bool,
}

impl Tunable {
    /// The `option name … type spin …` line `uci` prints in tuning mode, with the
    /// default taken from `preset`.
    pub fn uci_declaration(&self, preset: &SearchTuning) -> String {
        format!(
            "option name {} type spin default {} min {} max {}",
            self.name,
            (self.get)(preset),
            self.min,
            self.max
        )
    }

    /// The OpenBench SPSA input line `NAME, int, default, min, max, c_end, r_end`.
    pub fn openbench_line(&self, preset: &SearchTuning) -> String {
        format!(
            "{}, int, {}, {}, {}, {}, {}",
            self.name,
            (self.get)(preset),
            self.min,
            self.max,
            self.c_end,
            self.r_end
        )
    }
}

/// The learning rate at the end of a session OpenBench suggests for every parameter.
const R_END: f64 = 0.002;

/// A number of `Params`, always in effect (or gated by `$active`).
macro_rules! param {
    ($name:literal, $field:ident, $min:expr, $max:expr, $c:expr) => {
        param!($name, $field, $min, $max, $c, |_| true)
    };
    ($name:literal, $field:ident, $min:expr, $max:expr, $c:expr, $active:expr) => {
        Tunable {
            name: $name,
            kind: Kind::Value,
            min: $min,
            max: $max,
            c_end: $c,
            r_end: R_END,
            get: |t| t.params.$field,
            set: |t, v| t.params.$field = v,
            active: $active,
        }
    };
}

/// A number of the time manager in `Params` (a [`Kind::Clock`] row).
macro_rules! clock {
    ($name:literal, $field:ident, $min:expr, $max:expr, $c:expr) => {
        Tunable {
            kind: Kind::Clock,
            ..param!($name, $field, $min, $max, $c)
        }
    };
}

/// The switch (0/1) and the margin of an `Option<i32>` feature; `$fallback` is the
/// margin a switched-on feature starts from when the preset had it off (chess's value).
macro_rules! optional {
    ($switch:literal, $name:literal, $field:ident, $fallback:expr, $min:expr, $max:expr, $c:expr) => {
        [
            Tunable {
                name: $switch,
                kind: Kind::Switch,
                min: 0,
                max: 1,
                c_end: 0.0,
                r_end: 0.0,
                get: |t| i32::from(t.$field.is_some()),
                set: |t, v| t.$field = (v != 0).then(|| t.$field.unwrap_or($fallback)),
                active: |_| true,
            },
            Tunable {
                name: $name,
                kind: Kind::Value,
                min: $min,
                max: $max,
                c_end: $c,
                r_end: R_END,
                get: |t| t.$field.unwrap_or($fallback),
                set: |t, v| {
                    if let Some(m) = &mut t.$field {
                        *m = v;
                    }
                },
                active: |t| t.$field.is_some(),
            },
        ]
    };
}

/// A boolean feature as a 0/1 switch.
macro_rules! switch {
    ($name:literal, $field:ident) => {
        Tunable {
            name: $name,
            kind: Kind::Switch,
            min: 0,
            max: 1,
            c_end: 0.0,
            r_end: 0.0,
            get: |t| i32::from(t.$field),
            set: |t, v| t.$field = v != 0,
            active: |_| true,
        }
    };
}

/// The history bonus shape chess uses, for a game that switches it on.
const LINEAR_BONUS: (i32, i32, i32) = (300, 250, 3_000);

/// A part of the linear history bonus shape (0: slope, 1: offset, 2: cap).
macro_rules! bonus {
    ($name:literal, $part:tt, $min:expr, $max:expr, $c:expr) => {
        Tunable {
            name: $name,
            kind: Kind::Value,
            min: $min,
            max: $max,
            c_end: $c,
            r_end: R_END,
            get: |t| t.history_bonus.unwrap_or(LINEAR_BONUS).$part,
            set: |t, v| {
                if let Some(shape) = &mut t.history_bonus {
                    shape.$part = v;
                }
            },
            active: |t| t.history_bonus.is_some(),
        }
    };
}

/// Every tunable parameter, switches before the margins they gate.
pub static TUNABLES: &[Tunable] = &{
    let [quiet_see_on, quiet_see] = optional!(
        "QuietSeeOn",
        "QuietSeeMargin",
        quiet_see_margin,
        60,
        10,
        150,
        6.0
    );
    let [nmp_eval_on, nmp_eval] = optional!(
        "NmpEvalOn",
        "NmpEvalDivisor",
        nmp_eval_divisor,
        200,
        50,
        500,
        20.0
    );
    let [lmr_hist_on, lmr_hist] = optional!(
        "LmrHistOn",
        "LmrHistDivisor",
        lmr_history_divisor,
        6_144,
        1_000,
        16_384,
        400.0
    );
    let [qs_delta_on, qs_delta] = optional!(
        "QsDeltaOn",
        "QsDeltaMargin",
        qs_delta_margin,
        200,
        50,
        500,
        20.0
    );
    let [corr_lmr_on, corr_lmr] = optional!(
        "CorrLmrOn",
        "CorrLmrMargin",
        lmr_correction_margin,
        64,
        8,
        384,
        8.0
    );
    let [corr_rfp_on, corr_rfp] = optional!(
        "CorrRfpOn",
        "CorrRfpPercent",
        rfp_correction_percent,
        75,
        10,
        300,
        10.0
    );
    let [razor_on, razor] = optional!("RazorOn", "RazorMargin", razor_margin, 300, 50, 600, 25.0);
    let [singular_on, singular] = optional!(
        "SingularOn",
        "SingularMargin",
        singular_margin,
        2,
        1,
        8,
        0.5
    );
    let [deeper_on, deeper] = optional!(
        "LmrDeeperOn",
        "LmrDeeperMargin",
        lmr_deeper_margin,
        40,
        0,
        120,
        5.0
    );
    let [capture_fp_on, capture_fp] = optional!(
        "CaptFutilityOn",
        "CaptFutilityMargin",
        capture_futility_margin,
        100,
        0,
        300,
        12.0
    );
    let [capt_hist_on, capt_hist] = optional!(
        "CaptHistPruneOn",
        "CaptHistPruneDivisor",
        capture_history_prune_divisor,
        16,
        4,
        64,
        3.0
    );
    let [hist_prune_on, hist_prune] = optional!(
        "HistPruneOn",
        "HistPruneMargin",
        history_prune_margin,
        1_200,
        200,
        4_000,
        150.0
    );
    [
        Tunable {
            name: "AspDelta",
            kind: Kind::Value,
            min: 5,
            max: 60,
            c_end: 3.0,
            r_end: R_END,
            get: |t| t.aspiration_delta.unwrap_or(ASPIRATION_DELTA),
            set: |t, v| t.aspiration_delta = Some(v),
            active: |_| true,
        },
        param!("AspMinDepth", aspiration_min_depth, 1, 8, 0.5),
        param!("RfpMaxDepth", rfp_max_depth, 2, 14, 0.5),
        param!("RfpDepthMargin", rfp_depth_margin, 30, 150, 6.0),
        param!("RfpImprovingMargin", rfp_improving_margin, 0, 150, 6.0),
        param!("NmpMinDepth", nmp_min_depth, 1, 6, 0.5),
        param!("NmpBaseReduction", nmp_base_reduction, 1, 6, 0.5),
        param!("NmpDepthDivisor", nmp_depth_divisor, 2, 8, 0.5),
        nmp_eval_on,
        nmp_eval,
        param!("FpMaxDepth", fp_max_depth, 2, 12, 0.5),
        param!("FpBase", fp_base, 0, 250, 10.0),
        param!("FpDepthMargin", fp_depth_margin, 30, 200, 8.0),
        capture_fp_on,
        capture_fp,
        capt_hist_on,
        capt_hist,
        param!("LmpMaxDepth", lmp_max_depth, 2, 12, 0.5),
        param!("LmpBase", lmp_base, 0, 10, 0.5),
        Tunable {
            name: "LmpDivisor",
            kind: Kind::Value,
            min: 1,
            max: 4,
            c_end: 0.5,
            r_end: R_END,
            get: |t| t.lmp_divisor as i32,
            set: |t, v| t.lmp_divisor = v.max(1) as usize,
            active: |_| true,
        },
        param!("SeeMaxDepth", see_max_depth, 2, 12, 0.5),
        param!("SeeCaptureMargin", see_capture_margin, 30, 200, 8.0),
        quiet_see_on,
        quiet_see,
        param!("SeeQuietMaxDepth", see_quiet_max_depth, 2, 14, 0.5, |t| t
            .quiet_see_margin
            .is_some()),
        param!("LmrMinMoves", lmr_min_moves, 1, 6, 0.5),
        param!("LmrMinDepth", lmr_min_depth, 1, 6, 0.5),
        param!("LmrBase", lmr_base, 0, 200, 8.0),
        param!("LmrDivisor", lmr_divisor, 100, 400, 12.0),
        param!("LmrCheckRelief", lmr_check_relief, 0, 2, 0.5),
        lmr_hist_on,
        lmr_hist,
        deeper_on,
        deeper,
        param!(
            "LmrShallowerMargin",
            lmr_shallower_margin,
            0,
            40,
            2.0,
            |t| t.lmr_deeper_margin.is_some()
        ),
        hist_prune_on,
        hist_prune,
        param!(
            "HistPruneMaxDepth",
            history_prune_max_depth,
            1,
            8,
            0.5,
            |t| t.history_prune_margin.is_some()
        ),
        param!("IirMinDepth", iir_min_depth, 2, 10, 0.5),
        singular_on,
        singular,
        param!("SingularMinDepth", singular_min_depth, 4, 12, 0.5, |t| t
            .singular_margin
            .is_some()),
        param!(
            "SingularTtDepthGap",
            singular_tt_depth_gap,
            1,
            6,
            0.5,
            |t| t.singular_margin.is_some()
        ),
        param!(
            "DoubleExtMargin",
            double_extension_margin,
            0,
            60,
            3.0,
            |t| t.singular_margin.is_some()
        ),
        param!("MaxDoubleExt", max_double_extensions, 0, 12, 0.5, |t| t
            .singular_margin
            .is_some()),
        razor_on,
        razor,
        param!("RazorMaxDepth", razor_max_depth, 1, 6, 0.5, |t| t
            .razor_margin
            .is_some()),
        param!("RazorBase", razor_base, 100, 900, 30.0, |t| t
            .razor_margin
            .is_some()),
        qs_delta_on,
        qs_delta,
        Tunable {
            name: "HistBonusLinear",
            kind: Kind::Switch,
            min: 0,
            max: 1,
            c_end: 0.0,
            r_end: 0.0,
            get: |t| i32::from(t.history_bonus.is_some()),
            set: |t, v| t.history_bonus = (v != 0).then(|| t.history_bonus.unwrap_or(LINEAR_BONUS)),
            active: |_| true,
        },
        bonus!("HistBonusSlope", 0, 50, 600, 25.0),
        bonus!("HistBonusOffset", 1, 0, 600, 25.0),
        bonus!("HistBonusCap", 2, 500, 6_000, 250.0),
        switch!("ContHist", continuation_history),
        switch!("PawnHist", pawn_history),
        switch!("LowPlyHist", low_ply_history),
        switch!("CheckExt", check_extension),
        switch!("PruneChecks", prune_checks),
        switch!("ThreatOrdering", threat_ordering),
        switch!("TtMoveFirst", tt_move_first),
        switch!("PoorCapturesAsQuiets", poor_captures_as_quiets),
        switch!("CutNodeReduction", cut_node_reduction),
        switch!("ChildCutoffReduction", child_cutoff_reduction),
        switch!("AspFailHighReduction", aspiration_fail_high_reduction),
        switch!("FailHighBlend", fail_high_blend),
        switch!("StructCorr", structure_correction),
        switch!("ContCorr", continuation_correction),
        switch!("MaterialCorr", material_correction),
        switch!("NonPawnCorr", non_pawn_correction),
        switch!("MinorCorr", minor_correction),
        corr_lmr_on,
        corr_lmr,
        corr_rfp_on,
        corr_rfp,
        clock!("TmMovesToGo", tm_moves_to_go, 8, 40, 2.0),
        clock!("TmSoftMaxPct", tm_soft_max_percent, 15, 80, 4.0),
        clock!("TmHardMaxPct", tm_hard_max_percent, 40, 95, 4.0),
        clock!("TmHardPerSoft", tm_hard_per_soft, 2, 8, 0.5),
        clock!("TmIncPct", tm_increment_percent, 25, 100, 5.0),
        clock!("TmChangeWeight", tm_change_weight, 0, 150, 8.0),
        clock!("TmDropWindow", tm_drop_window, 25, 400, 15.0),
        clock!("TmInstabilityPct", tm_instability_percent, 40, 150, 5.0),
    ]
};

/// The table row of this name (case-insensitive, as UCI option names are), with its index.
pub fn find(name: &str) -> Option<(usize, &'static Tunable)> {
    TUNABLES
        .iter()
        .enumerate()
        .find(|(_, t)| t.name.eq_ignore_ascii_case(name.trim()))
}

/// `preset` with the values set by index into [`TUNABLES`] (each clamped to its range),
/// applied in table order so that a switch comes before its margin.
pub fn apply(preset: SearchTuning, values: &BTreeMap<usize, i32>) -> SearchTuning {
    let mut tuning = preset;
    for (&index, &value) in values {
        if let Some(t) = TUNABLES.get(index) {
            (t.set)(&mut tuning, value.clamp(t.min, t.max));
        }
    }
    tuning
}

/// Checks that a `Params` literal and the table agree: every field has a row. Used by the
/// tests; a field added without a row fails them.
pub fn param_rows() -> usize {
    TUNABLES
        .iter()
        .filter(|t| {
            let mut a = SearchTuning::BASE;
            let mut b = SearchTuning::BASE;
            (t.set)(&mut a, t.min);
            (t.set)(&mut b, t.max);
            a.params != b.params
        })
        .count()
}

/// Number of fields of [`Params`] (each an `i32`).
pub const PARAM_FIELDS: usize = std::mem::size_of::<Params>() / std::mem::size_of::<i32>();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_uci_safe_and_defaults_in_range() {
        let mut names: Vec<String> = TUNABLES.iter().map(|t| t.name.to_lowercase()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), TUNABLES.len(), "duplicate names");
        for t in TUNABLES {
            assert!(
                t.name.bytes().all(|b| b.is_ascii_alphanumeric()),
                "{}",
                t.name
            );
            assert!(t.min < t.max, "{}", t.name);
            let v = (t.get)(&SearchTuning::BASE);
            assert!((t.min..=t.max).contains(&v), "{} default {v}", t.name);
            match t.kind {
                Kind::Value | Kind::Clock => {
                    assert!(t.c_end > 0.0 && t.r_end > 0.0, "{}", t.name)
                }
                Kind::Switch => assert_eq!((t.min, t.max), (0, 1), "{}", t.name),
            }
        }
    }

    #[test]
    fn every_params_field_has_a_row() {
        assert_eq!(param_rows(), PARAM_FIELDS);
    }

    #[test]
    fn applying_each_default_changes_nothing() {
        let base = SearchTuning::BASE;
        let values = TUNABLES
            .iter()
            .enumerate()
            .map(|(i, t)| (i, (t.get)(&base)))
            .collect();
        // `AspDelta` writes the search's default window into the preset's `None`: the
        // same window.
        let expected = SearchTuning {
            aspiration_delta: Some(ASPIRATION_DELTA),
            ..base
        };
        assert_eq!(apply(base, &values), expected);
    }

    #[test]
    fn a_switch_turns_a_feature_on_with_its_margin_and_off_again() {
        let (on, _) = find("quietseeon").unwrap();
        let (margin, _) = find("QuietSeeMargin").unwrap();
        let values = BTreeMap::from([(on, 1), (margin, 45)]);
        let tuned = apply(SearchTuning::BASE, &values);
        assert_eq!(tuned.quiet_see_margin, Some(45));
        let off = apply(tuned, &BTreeMap::from([(on, 0)]));
        assert_eq!(off.quiet_see_margin, None);
        // A margin alone leaves a feature that is off, off.
        assert_eq!(
            apply(SearchTuning::BASE, &BTreeMap::from([(margin, 45)])).quiet_see_margin,
            None
        );
    }

    #[test]
    fn values_are_clamped_to_the_range() {
        let (i, t) = find("NmpDepthDivisor").unwrap();
        let tuned = apply(SearchTuning::BASE, &BTreeMap::from([(i, -5)]));
        assert_eq!(tuned.params.nmp_depth_divisor, t.min);
        let (i, _) = find("LmrDivisor").unwrap();
        let tuned = apply(SearchTuning::BASE, &BTreeMap::from([(i, 300)]));
        assert_eq!(tuned.params.lmr_divisor, 300);
        assert!(find("NoSuchThing").is_none());
    }

    #[test]
    fn openbench_and_uci_lines() {
        let (_, t) = find("RfpDepthMargin").unwrap();
        assert_eq!(
            t.openbench_line(&SearchTuning::BASE),
            "RfpDepthMargin, int, 80, 30, 150, 6, 0.002"
        );
        assert_eq!(
            t.uci_declaration(&SearchTuning::BASE),
            "option name RfpDepthMargin type spin default 80 min 30 max 150"
        );
    }

    #[test]
    fn clock_rows_are_the_time_managers_numbers_and_tuned_only_with_a_clock() {
        let clock: Vec<&str> = TUNABLES
            .iter()
            .filter(|t| t.kind == Kind::Clock)
            .map(|t| t.name)
            .collect();
        assert_eq!(clock.len(), 8);
        assert!(clock.iter().all(|n| n.starts_with("Tm")), "{clock:?}");
        let (i, _) = find("TmMovesToGo").unwrap();
        let tuned = apply(SearchTuning::BASE, &BTreeMap::from([(i, 30)]));
        assert_eq!(tuned.params.tm_moves_to_go, 30);
        assert!(Kind::Clock.tunable(true) && !Kind::Clock.tunable(false));
        assert!(Kind::Value.tunable(false) && !Kind::Switch.tunable(true));
    }

    #[test]
    fn the_default_lmr_table_is_the_one_measured() {
        // The table as first written: 0.75 + ln(d)·ln(m)/2.25.
        let p = Params::DEFAULT;
        for (d, m) in [(1, 1), (3, 4), (10, 20), (63, 63)] {
            let old = (0.75 + (d as f64).ln() * (m as f64).ln() / 2.25) as u8;
            assert_eq!(p.lmr_table_entry(d, m), old, "{d} {m}");
        }
    }
}
