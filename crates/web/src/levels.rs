//! The playing levels each game offers, with the Elo its calibration gives them: what
//! `/api/info` lists under `game_levels` and the page's level menu shows, so that no Elo
//! is written into the page itself.

use super::registry::Offered;
use super::think::Level;
use search::strength::Calibration;
use serde::Serialize;

/// One level of the menu as the API describes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LevelInfo {
    /// The name the API takes (`"medium"`).
    pub name: &'static str,
    /// The engine's skill level it plays at, 0–20 (20 is full strength).
    pub skill: u8,
    /// Its Elo on the game's reference scale (interpolated between measured levels).
    pub elo: u32,
    /// Whether that Elo was measured at this very level; `false` when it is interpolated,
    /// extrapolated or the game's table is provisional.
    pub measured: bool,
}

/// A game's levels, weakest first, with the scale their Elo is on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameLevels {
    /// The reference scale and conditions (`"Stockfish 15.1 UCI_Elo, chess, 3+0.03"`).
    pub scale: &'static str,
    /// Whether the game's table was measured at all (`false`: provisional).
    pub measured: bool,
    /// The menu's levels.
    pub levels: Vec<LevelInfo>,
}

/// The levels of a game whose playing levels are calibrated by `table`.
pub fn game_levels(table: &Calibration) -> GameLevels {
    GameLevels {
        scale: table.scale,
        measured: table.measured,
        levels: Level::ALL
            .iter()
            .map(|&level| LevelInfo {
                name: level.name(),
                skill: level.skill(),
                elo: table.elo_of_level(level.skill()),
                measured: table.is_measured(level.skill()),
            })
            .collect(),
    }
}

/// Every offered game's levels, by game name.
pub fn by_game(kinds: &[Offered]) -> serde_json::Map<String, serde_json::Value> {
    kinds
        .iter()
        .map(|k| {
            let levels = serde_json::to_value(game_levels(&k.levels)).unwrap_or_default();
            (k.name.to_string(), levels)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::levels::CHESS_LEVELS;

    /// The measured Elo of `skill` in `table`, if that level is one of its points.
    fn point(table: &Calibration, skill: u8) -> Option<u32> {
        table.points.iter().find(|p| p.0 == skill).map(|p| p.1)
    }

    #[test]
    fn chess_levels_carry_their_calibrated_elo() {
        let chess = game_levels(&CHESS_LEVELS);
        assert!(chess.measured);
        let names: Vec<_> = chess.levels.iter().map(|l| l.name).collect();
        assert_eq!(names, ["beginner", "easy", "medium", "hard", "full"]);
        // A level that is one of the table's points shows that point, marked measured; one
        // between points (chess's level 17, left out of its table) is interpolated.
        for level in &chess.levels {
            match point(&CHESS_LEVELS, level.skill) {
                Some(elo) => assert_eq!((level.elo, level.measured), (elo, true), "{level:?}"),
                None => assert!(!level.measured, "{level:?}"),
            }
        }
        let hard = &chess.levels[3];
        assert_eq!(hard.skill, 17);
        let (below, above) = (point(&CHESS_LEVELS, 15), point(&CHESS_LEVELS, 19));
        assert!(below < Some(hard.elo) && Some(hard.elo) < above, "{hard:?}");
        assert_eq!(chess.levels[4].elo, CHESS_LEVELS.elo_max());
        for pair in chess.levels.windows(2) {
            assert!(pair[0].skill < pair[1].skill && pair[0].elo < pair[1].elo);
        }
    }

    #[test]
    fn a_provisional_table_measures_no_level() {
        // Chess's points, but not measured in this game (as xiangqi's table was until
        // session 50).
        let provisional = Calibration {
            measured: false,
            scale: "provisional",
            ..CHESS_LEVELS
        };
        let levels = game_levels(&provisional);
        assert!(!levels.measured && levels.scale == "provisional");
        assert!(levels.levels.iter().all(|l| !l.measured));
        assert_eq!(
            Some(levels.levels[2].elo),
            point(&CHESS_LEVELS, 12),
            "the Elo is still shown"
        );
    }
}
