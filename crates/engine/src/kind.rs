//! Which game a command works on: the one way every front end and tool chooses a game from
//! text (`--game chess`, `--game xiangqi`).

use std::fmt;
use std::str::FromStr;

/// One of the games Chariot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Chess.
    Chess,
    /// Xiangqi (Chinese chess).
    Xiangqi,
}

impl GameKind {
    /// Every game, in the order menus list them.
    pub const ALL: [GameKind; 2] = [GameKind::Chess, GameKind::Xiangqi];

    /// The name used on the command line and in protocols (`chess`, `xiangqi`).
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Chess => "chess",
            GameKind::Xiangqi => "xiangqi",
        }
    }

    /// The opening lines built into the engine for this game, one line of coordinate
    /// moves per line of text (see [`crate::book::repertoire`]).
    pub fn repertoire_lines(self) -> &'static str {
        match self {
            GameKind::Chess => crate::book::repertoire::CHESS_LINES,
            GameKind::Xiangqi => crate::book::repertoire::XIANGQI_LINES,
        }
    }

    /// Whether Polyglot opening books fit this game (their keys are chess positions').
    pub fn reads_polyglot(self) -> bool {
        self == GameKind::Chess
    }
}

/// Why a game name was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game `{0}` (expected chess or xiangqi)")]
pub struct UnknownGame(pub String);

impl FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(text: &str) -> Result<GameKind, UnknownGame> {
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownGame(text.to_string()))
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::GameKind;

    #[test]
    fn names_read_back_and_unknown_names_are_refused() {
        for kind in GameKind::ALL {
            assert_eq!(kind.name().parse::<GameKind>(), Ok(kind));
            assert_eq!(kind.to_string(), kind.name());
        }
        assert_eq!("Xiangqi".parse::<GameKind>(), Ok(GameKind::Xiangqi));
        let err = "shogi".parse::<GameKind>().unwrap_err();
        assert!(err.to_string().contains("shogi"), "{err}");
    }
}
