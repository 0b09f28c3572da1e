//! Each game's search preset: which optional features of the search it uses, with their
//! margins. Data of the engine, not of the rules: the rules crates do not know the search,
//! and every place that creates a searcher asks [`Tuned`] for its game's preset, so no
//! searcher silently plays with another game's numbers.

use crate::levels::{CHESS_LEVELS, XIANGQI_LEVELS};
use crate::GameKind;
use game::Game;
use search::SearchTuning;

/// A game the engine can search: it has a search preset.
pub trait Tuned: Game {
    /// The optional search features and margins this game plays with.
    const TUNING: SearchTuning;
    /// Which of Chariot's games this is, for what the engine keeps per game (its built-in
    /// opening lines, whether Polyglot books fit); `None` for a test game, the default.
    const KIND: Option<GameKind> = None;
}

/// Chess: every feature on, each kept after a match measured it (BENCHMARKS.md, sessions 8
/// to 21).
const CHESS: SearchTuning = SearchTuning {
    quiet_see_margin: Some(60),
    nmp_eval_divisor: Some(200),
    lmr_history_divisor: Some(6_144),
    qs_delta_margin: Some(200),
    lmp_divisor: 2,
    razor_margin: Some(300),
    continuation_history: true,
    singular_margin: Some(2),
    history_bonus: Some((300, 250, 3_000)),
    lmr_deeper_margin: Some(40),
    capture_futility_margin: Some(100),
    aspiration_fail_high_reduction: true,
    fail_high_blend: true,
    // The pawn structure's correction: +29.0 at 128 cp (session 12) and in the bundle of
    // session 8.
    structure_correction: true,
    continuation_correction: false,
    // The material correction: +24.6 ± 15.9 over 1288 games at 25k nodes (514/351/423, SPRT
    // [0, 10] H1; session 73).
    material_correction: true,
    // The non-pawn corrections: +22.2 ± 14.8 over 1192 games at 25k nodes (463/342/387,
    // SPRT [0, 10] H1; session 74).
    non_pawn_correction: true,
    // The minor-piece correction (knights, bishops and kings): −1.4 ± 10.7 over 2479 games
    // at 25k nodes (888/693/898, SPRT [0, 10] stopped at LLR −2.14; session 75).
    minor_correction: false,
    // Less reduction where the evaluation was corrected by 64 cp or more: +3.0 ± 10.0 over
    // 2537 games at 25k nodes (901/758/878, SPRT [0, 10] undecided when stopped; session 75);
    // xiangqi +3.4 ± 15.2 over 933 games (session 76, stopped).
    lmr_correction_margin: None,
    // Reverse futility's margin widened by 75% of the correction: −2.9 ± 11.4 over 2247
    // games at 25k nodes (803/621/823, stopped at LLR −2.34); xiangqi −6.4 ± 14.9 over 1259
    // (stopped at LLR −1.95; session 76).
    rfp_correction_percent: None,
    aspiration_delta: Some(15),
    pawn_history: true,
    threat_ordering: true,
    cut_node_reduction: true,
    history_prune_margin: Some(1_200),
    tt_move_first: true,
    // Searching captures with a very poor history as quiets (by accident until session 58):
    // off it measured −10.4 ± 20.9 in xiangqi over 534 games at 3+0.03, +13.0 ± 20.2 in chess
    // over 615 (session 58): both within the error, so the behaviour stays.
    poor_captures_as_quiets: true,
    capture_history_prune_divisor: None,
    child_cutoff_reduction: true,
    low_ply_history: true,
    // Xiangqi without the check extension: −10.4 ± 27.3 over 400 games at 25k nodes;
    // pruning quiet checks: −164.3 ± 44.0 over 252 (session 56). Chess as first measured.
    check_extension: true,
    prune_checks: false,
    params: search::params::Params::DEFAULT,
    levels: CHESS_LEVELS,
};

impl Tuned for chess::Position {
    const TUNING: SearchTuning = CHESS;
    const KIND: Option<GameKind> = Some(GameKind::Chess);
}

/// Xiangqi plays chess's package: with every chess feature switched on, xiangqi at 25k nodes
/// per move scored +60.5 ± 26.1 against the base search it had played since session 1 (476
/// games, session 46). Correction and soldier history (a soldier structure key) were
/// measured on top and lost (−65.2 ± 42.3, 179 games), so both stay off, each with its own
/// switch since session 76 (xiangqi's structure key is its soldiers); threat ordering has no
/// xiangqi bonuses yet. Features measured in xiangqi since are listed in docs/search.md. Its
/// levels are read on its own table (measured against Fairy-Stockfish's levels).
const XIANGQI: SearchTuning = SearchTuning {
    levels: XIANGQI_LEVELS,
    // Capture history in the pruning of captures: +19.1 ± 18.6 over 800 games at 25k nodes
    // (305/234/261, SPRT [0, 10] undecided at LLR 1.57; session 59). In chess it scored
    // −9.3 ± 21.6 over 600 games at 25k nodes (session 60), so chess keeps it off.
    capture_history_prune_divisor: Some(16),
    // Xiangqi has no structure key, so no correction history spoke for its evaluation until
    // the material correction: +19.3 ± 13.6 over 1498 games at 25k nodes (541/499/458, SPRT
    // [0, 10] H1; session 72). Chess has it on too (session 73).
    // The non-pawn corrections (soldiers left out) and the continuation correction: each
    // alone scored a few Elo without deciding (+7.8 ± 9.7 and +9.0 ± 9.5 over 3000 games at
    // 25k nodes; sessions 74 and 72), together +21.7 ± 14.6 over 1120 games (391/408/321,
    // SPRT [0, 10] H1; session 75). Chess keeps the continuation correction off (s74).
    non_pawn_correction: true,
    continuation_correction: true,
    // The minor-piece correction (horses, cannons and generals): +16.7 ± 12.3 over 1814
    // games at 25k nodes (637/627/550, SPRT [0, 10] H1; session 76; +13.0 ± 15.8 over 1127
    // undecided in session 75). In chess it scored −1.4 ± 10.7 (s75), so chess keeps it off.
    minor_correction: true,
    // The soldiers' structure key: its correction and the soldier history lost together
    // in session 46 (−65.2 ± 42.3 over 179 games at 25k nodes); each is its own switch.
    // The correction alone: −5.0 ± 15.1 over 1175 games (session 76, stopped at LLR −1.69).
    structure_correction: false,
    pawn_history: false,
    ..CHESS
};

impl Tuned for xiangqi::Position {
    const TUNING: SearchTuning = XIANGQI;
    const KIND: Option<GameKind> = Some(GameKind::Xiangqi);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_searches_each_game_with_its_own_preset() {
        let chess = crate::Engine::<chess::Position>::new(search::Options::default())
            .with_searcher(|s| *s.tuning());
        assert_eq!(chess, CHESS);
        assert_ne!(CHESS, SearchTuning::BASE);
        let xiangqi = crate::Engine::<xiangqi::Position>::new(search::Options::default())
            .with_searcher(|s| *s.tuning());
        assert_eq!(xiangqi, XIANGQI);
        assert_ne!(XIANGQI, SearchTuning::BASE);
    }

    /// Nodes of a fixed-depth search of `fen` with `tuning`.
    fn nodes<G: Game>(fen: &str, depth: u32, tuning: SearchTuning) -> u64 {
        let pos = G::from_fen(fen).unwrap_or_else(|_| panic!("{fen}"));
        let mut searcher = search::Searcher::<G>::new(search::Options::default(), tuning);
        let limits = search::Limits {
            depth: Some(depth),
            ..search::Limits::default()
        };
        searcher
            .search(&pos, &limits, &[], &search::Control::new(), &mut |_| {})
            .nodes
    }

    /// The capture-history term of capture pruning is wired in: with it on, each game's tree
    /// differs from the tree with it off (the capture histories fill during the search), and
    /// a search repeated with the same settings visits the same nodes.
    #[test]
    fn capture_history_moves_the_pruning_of_captures() {
        let with = |t: SearchTuning, divisor| SearchTuning {
            capture_history_prune_divisor: divisor,
            ..t
        };
        let chess = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9";
        let xiangqi = "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 5";
        let off = nodes::<chess::Position>(chess, 9, with(CHESS, None));
        assert_eq!(nodes::<chess::Position>(chess, 9, with(CHESS, None)), off);
        assert_ne!(
            nodes::<chess::Position>(chess, 9, with(CHESS, Some(4))),
            off
        );
        let off = nodes::<xiangqi::Position>(xiangqi, 8, with(XIANGQI, None));
        assert_ne!(
            nodes::<xiangqi::Position>(xiangqi, 8, with(XIANGQI, Some(4))),
            off
        );
    }

    /// The two adjustments sized by the corrections (less LMR, a wider reverse futility
    /// margin) are wired in: each changes each game's tree, since the corrections fill
    /// during the search.
    #[test]
    fn correction_sized_adjustments_change_the_tree() {
        let lmr = |t: SearchTuning| SearchTuning {
            lmr_correction_margin: Some(16),
            ..t
        };
        let rfp = |t: SearchTuning| SearchTuning {
            rfp_correction_percent: Some(200),
            ..t
        };
        let chess = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9";
        let xiangqi = "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 5";
        let off = nodes::<chess::Position>(chess, 9, CHESS);
        assert_ne!(nodes::<chess::Position>(chess, 9, lmr(CHESS)), off);
        assert_ne!(nodes::<chess::Position>(chess, 9, rfp(CHESS)), off);
        let off = nodes::<xiangqi::Position>(xiangqi, 8, XIANGQI);
        assert_ne!(nodes::<xiangqi::Position>(xiangqi, 8, lmr(XIANGQI)), off);
        assert_ne!(nodes::<xiangqi::Position>(xiangqi, 8, rfp(XIANGQI)), off);
    }

    #[test]
    fn each_game_reads_uci_elo_on_its_own_table() {
        use search::strength::{handicap, level_of};
        use search::Strength;
        assert_eq!(CHESS.levels, CHESS_LEVELS);
        assert_eq!(XIANGQI.levels, XIANGQI_LEVELS);
        // Every xiangqi point maps back onto its level through xiangqi's preset, and onto
        // full strength at the top of xiangqi's scale.
        for &(level, elo) in XIANGQI_LEVELS.points {
            let read = level_of(Strength::Elo(elo), &XIANGQI.levels);
            assert!((read - level as f64).abs() < 1e-9, "{elo}: {read}");
        }
        let top = Strength::Elo(XIANGQI_LEVELS.elo_max());
        assert_eq!(
            handicap(top, &XIANGQI.levels),
            handicap(Strength::Full, &XIANGQI.levels)
        );
        for table in [CHESS_LEVELS, XIANGQI_LEVELS] {
            for pair in table.points.windows(2) {
                assert!(pair[0].0 < pair[1].0 && pair[0].1 < pair[1].1, "{pair:?}");
            }
        }
    }
}
