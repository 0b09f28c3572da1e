//! Each game's playing levels on a reference engine's UCI_Elo scale: what `UCI_Elo` means
//! in that game and the Elo front ends show next to a level. One const per game, filled in
//! from `scripts/calibrate.sh` (its last lines print them); the figures and the command are
//! in BENCHMARKS.md "Playing levels".

use search::strength::{Calibration, FULL_LEVEL};

/// Chess, on Stockfish 15.1's UCI_Elo scale: measured at 3+0.03, one thread, 16 MiB, 50
/// games per level against one or two anchors, all levels rated by one maximum-likelihood fit
/// (`scripts/calibrate_fit.py`), session 50. Level 17 measured 2155 [2047, 2257], just
/// below level 15's 2187 (the intervals overlap almost entirely), so it is left out and
/// interpolated, to keep Elo rising with the level.
pub const CHESS_LEVELS: Calibration = Calibration {
    points: &[
        (1, 798),
        (3, 872),
        (6, 1345),
        (9, 1565),
        (12, 1747),
        (15, 2187),
        (19, 2422),
        (FULL_LEVEL, 2552),
    ],
    measured: true,
    scale: "Stockfish 15.1 UCI_Elo, chess, 3+0.03",
};

/// Xiangqi, on Fairy-Stockfish 11.1's UCI_Elo scale (`UCI_Variant xiangqi`): measured at
/// 3+0.03 like chess, session 55 (generation 3 of the network; session 50's table was
/// generation 2's, and level 12 has since gained about 370), 40 games per level against
/// Fairy-Stockfish anchors. Levels 14 and up win 90–100% against its strongest setting
/// (2850), so ladder matches between Chariot's own levels (30 games each, self-play: it
/// stretches differences) chain them; the joint fit rates every level from both kinds of
/// match. Level 14 (3414, from anchor games alone, no ladder) and level 19 (3292, just below
/// level 17's 3304) are left out and interpolated, to keep Elo rising with the level. The
/// steps 9 → 12 → 13 → 15 are steep (depth caps 5 → 7 → 8 → 10); a `UCI_Elo` inside one
/// mixes the two levels' depth caps move by move (`Handicap::rolled`).
pub const XIANGQI_LEVELS: Calibration = Calibration {
    points: &[
        (1, 1065),
        (3, 1182),
        (6, 1727),
        (9, 1809),
        (12, 2382),
        (13, 2803),
        (15, 3179),
        (17, 3304),
        (FULL_LEVEL, 3616),
    ],
    measured: true,
    scale: "Fairy-Stockfish 11.1 UCI_Elo, xiangqi, 3+0.03",
};
