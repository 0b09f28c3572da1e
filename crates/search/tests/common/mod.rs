//! What the integration tests give each game's searcher: the search crate cannot see the
//! engine's per-game presets (they live with the engine facade), so chess runs with every
//! optional feature switched on, the code path the chess preset takes, and xiangqi with
//! none, the base search its preset keeps.

use game::Game;
use search::SearchTuning;

/// Every optional feature on, with margins of the size the chess preset uses.
pub const EVERY_FEATURE: SearchTuning = SearchTuning {
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
    aspiration_delta: Some(15),
    pawn_history: true,
    threat_ordering: true,
    cut_node_reduction: true,
    history_prune_margin: Some(1_200),
    tt_move_first: true,
    child_cutoff_reduction: true,
    low_ply_history: true,
};

/// The tuning these tests search a game with.
pub trait TestTuning: Game {
    /// See the module comment.
    const TUNING: SearchTuning;
}

impl TestTuning for chess::Position {
    const TUNING: SearchTuning = EVERY_FEATURE;
}

impl TestTuning for xiangqi::Position {
    const TUNING: SearchTuning = SearchTuning::BASE;
}
