//! Each game's playing levels on a reference engine's UCI_Elo scale: what `UCI_Elo` means
//! in that game and the Elo front ends show next to a level. One const per game, filled in
//! from `scripts/calibrate.sh` (its last lines print them); the figures and the command are
//! in BENCHMARKS.md "Playing levels".

use search::strength::{Calibration, FULL_LEVEL};

/// Chess, on Stockfish 15.1's UCI_Elo scale: measured at 3+0.03, one thread, 16 MiB,
/// 40–60 games per level (levels 3–12 pooled with a 10-game probe by maximum likelihood),
/// session 3. The engine has gained much since, so the upper levels are out of date until
/// re-measured (`GAME=chess scripts/calibrate.sh`).
pub const CHESS_LEVELS: Calibration = Calibration {
    points: &[
        (3, 896),
        (6, 1334),
        (9, 1515),
        (12, 1715),
        (15, 1947),
        (17, 2080),
        (19, 2228),
        (FULL_LEVEL, 2232),
    ],
    measured: true,
    scale: "Stockfish 15.1 UCI_Elo, chess, 3+0.03",
};

/// Xiangqi, on Fairy-Stockfish 11.1's UCI_Elo scale (`UCI_Variant xiangqi`): **provisional**,
/// not measured. Until `GAME=xiangqi scripts/calibrate.sh` is run and its numbers pasted
/// here (with `measured: true`), these are chess's points copied, so `UCI_Elo` and the web
/// page's labels mean in xiangqi only what they mean in chess.
pub const XIANGQI_LEVELS: Calibration = Calibration {
    // Chess's points, until xiangqi's own are measured.
    points: CHESS_LEVELS.points,
    measured: false,
    scale: "Fairy-Stockfish 11.1 UCI_Elo, xiangqi (provisional: chess's figures until measured)",
};
