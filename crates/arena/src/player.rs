//! An engine seated at the board, whichever protocol it speaks: the referee asks it for
//! moves the same way and the protocol's own driver does the talking.

use super::engine::{Engine, EngineError, Reply};
use super::spec::{EngineSpec, Proto};
use super::tc::{Clocks, TimeControl};
use super::xboard::XboardEngine;
use game::{MoveStyle, Side};
use std::time::Duration;

/// A running engine.
pub enum Player {
    /// A UCI engine, with the dialect it speaks.
    Uci(Engine, Proto),
    /// An xboard (CECP) engine.
    Xboard(XboardEngine),
}

/// What the engine to move is told.
pub struct Turn<'a> {
    /// The game's start position.
    pub start_fen: &'a str,
    /// Every move since the start, in this engine's notation.
    pub moves: &'a [String],
    /// Both clocks.
    pub clocks: &'a Clocks,
    /// The side to move.
    pub side: Side,
    /// How long to wait for the move before declaring a hang.
    pub wait: Duration,
}

impl Player {
    /// Starts the engine of `spec` speaking `proto`; `variant` is the game's name when it
    /// is not chess (told to UCI engines whose dialect takes it); with `chess960` a UCI
    /// engine is switched to Chess960 (`UCI_Chess960`), or refused if it has no such option.
    pub fn start(
        spec: &EngineSpec,
        proto: Proto,
        variant: Option<&str>,
        chess960: bool,
        timeout: Duration,
    ) -> Result<Player, EngineError> {
        match proto {
            // Which games xboard engines may play is checked with the match settings.
            Proto::Xboard => Ok(Player::Xboard(XboardEngine::start(spec, timeout)?)),
            _ => {
                let variant = variant.filter(|_| proto.sets_variant());
                let mut engine = Engine::start(spec, variant, timeout)?;
                if chess960 {
                    engine.enable_chess960()?;
                }
                Ok(Player::Uci(engine, proto))
            }
        }
    }

    /// How moves are written to this engine and read from it.
    pub fn style(&self) -> MoveStyle {
        match self {
            Player::Uci(_, proto) => proto.move_style(),
            Player::Xboard(x) => x.style(),
        }
    }

    /// Whether its moves may also come in SAN whatever [`Player::style`] says (xboard
    /// engines answer in either notation).
    pub fn may_answer_san(&self) -> bool {
        matches!(self, Player::Xboard(_))
    }

    /// Prepares a new game from `fen` under `tc`.
    pub fn new_game(
        &mut self,
        fen: &str,
        tc: TimeControl,
        timeout: Duration,
    ) -> Result<(), EngineError> {
        match self {
            Player::Uci(e, _) => e.new_game(timeout),
            Player::Xboard(x) => x.new_game(fen, tc, timeout),
        }
    }

    /// Asks for a move.
    pub fn think(&mut self, turn: &Turn) -> Result<Reply, EngineError> {
        match self {
            Player::Uci(e, _) => {
                let mut position = format!("position fen {}", turn.start_fen);
                if !turn.moves.is_empty() {
                    position.push_str(" moves ");
                    position.push_str(&turn.moves.join(" "));
                }
                e.go(&position, &turn.clocks.go_command(turn.side), turn.wait)
            }
            Player::Xboard(x) => x.think(turn.moves, turn.clocks, turn.side, turn.wait),
        }
    }

    /// Asks the engine to quit, and kills it if it has not after a short grace period.
    pub fn quit(self) {
        match self {
            Player::Uci(e, _) => e.quit(),
            Player::Xboard(x) => x.quit(),
        }
    }
}
