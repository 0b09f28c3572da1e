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
/// 3+0.03 like chess, session 50, 40–60 games per level against Fairy-Stockfish anchors.
/// Levels 15–20 all win about 90% against its strongest setting (2850), so ladder matches
/// between Chariot's own levels (30 games each, self-play: it stretches differences) chain
/// them; the joint fit rates every level from both kinds of match. The jump from level 12
/// (depth 7) to 15 (depth 10) is real: level 15 won all 30 ladder games against level 12.
pub const XIANGQI_LEVELS: Calibration = Calibration {
    points: &[
        (1, 1031),
        (3, 1242),
        (6, 1712),
        (9, 1857),
        (12, 2012),
        (15, 3174),
        (17, 3183),
        (19, 3185),
        (FULL_LEVEL, 3485),
    ],
    measured: true,
    scale: "Fairy-Stockfish 11.1 UCI_Elo, xiangqi, 3+0.03",
};
