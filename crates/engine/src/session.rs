//! A game between a person and the engine, without threads: the start position, the moves
//! with who made them, how the game ended. The web game and the terminal game both keep
//! their game in a [`Session`], so they read moves, take them back and describe the end
//! alike; each adds its own engine handling and presentation.

use game::{EndReason, Game, MoveStyle, Outcome, Side};

/// One move played, kept in the notations front ends show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played<M> {
    /// The move itself.
    pub mv: M,
    /// Engine coordinates (`e2e4`, `h2e2`).
    pub coord: String,
    /// The game's human notation: SAN (chess) or WXF (xiangqi).
    pub text: String,
    /// Whether the person (not the engine) played it.
    pub by_human: bool,
}

/// Why a person's move was refused, in words for them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a legal move here ({reasons})")]
pub struct BadMove {
    /// What the person typed (at most 20 characters of it).
    pub text: String,
    /// Each notation's reason for refusing it, in the order they were tried.
    pub reasons: String,
}

/// There is nothing to take back: the person has not moved yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("nothing to undo: you have not moved yet")]
pub struct NothingToUndo;

/// A person's game against the engine.
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    /// The position the game started from.
    pub start: G,
    /// The current position.
    pub pos: G,
    /// The moves played from `start`.
    pub history: Vec<Played<G::Move>>,
    /// The side the person plays.
    pub human: Side,
    /// An ending the board does not show: resignation or agreed draw.
    pub forced: Option<Outcome>,
}

impl<G: Game> Session<G> {
    /// A game from `start` where the person plays `human`.
    pub fn new(start: G, human: Side) -> Session<G> {
        Session {
            pos: start.clone(),
            start,
            history: Vec::new(),
            human,
            forced: None,
        }
    }

    /// A game replaying `moves` (legal ones, as an imported record holds) from `start`;
    /// the moves of the person's side count as theirs, so that undo takes them back as if
    /// they had been played here.
    pub fn replay(start: G, human: Side, moves: impl IntoIterator<Item = G::Move>) -> Self {
        let mut session = Session::new(start, human);
        for mv in moves {
            let by_human = session.pos.side_to_move() == human;
            session.push(mv, by_human);
        }
        session
    }

    /// How the game ended, if it did.
    pub fn outcome(&self) -> Option<Outcome> {
        self.forced.or_else(|| self.pos.outcome())
    }

    /// Whether it is the engine's turn in a game still going on.
    pub fn engine_to_move(&self) -> bool {
        self.outcome().is_none() && self.pos.side_to_move() != self.human
    }

    /// The moves played, without their notations.
    pub fn moves(&self) -> Vec<G::Move> {
        self.history.iter().map(|p| p.mv).collect()
    }

    /// Reads a legal move in the notations the game accepts, in the order
    /// [`game::Description::input_styles`] gives (the preferred first).
    pub fn parse(&self, text: &str) -> Result<G::Move, BadMove> {
        let text = text.trim();
        let styles = match G::description().input_styles {
            [] => &[MoveStyle::Coord][..],
            styles => styles,
        };
        let mut reasons = Vec::with_capacity(styles.len());
        for &style in styles {
            match self.pos.parse_move(text, style) {
                Ok(mv) if self.pos.legal_moves().contains(mv) => return Ok(mv),
                Ok(_) => reasons.push("illegal".to_string()),
                Err(err) => reasons.push(err.to_string()),
            }
        }
        Err(BadMove {
            text: text.chars().take(20).collect(),
            reasons: reasons.join("; "),
        })
    }

    /// Plays a legal move and records it.
    pub fn push(&mut self, mv: G::Move, by_human: bool) {
        let coord = self.pos.format_move(mv, MoveStyle::Coord);
        let text = self.pos.format_move(mv, MoveStyle::Human);
        self.pos.make(mv);
        self.history.push(Played {
            mv,
            coord,
            text,
            by_human,
        });
    }

    /// Takes back the last move, whoever played it.
    pub fn pop(&mut self) -> Option<Played<G::Move>> {
        let played = self.history.pop()?;
        self.pos.unmake(played.mv);
        Some(played)
    }

    /// Takes back the last move of each side: moves until it is the person's turn again,
    /// at least one of theirs. Changes nothing when the person has not moved yet.
    pub fn undo(&mut self) -> Result<(), NothingToUndo> {
        if !self.history.iter().any(|p| p.by_human) {
            return Err(NothingToUndo);
        }
        while let Some(played) = self.pop() {
            if played.by_human {
                break;
            }
        }
        self.forced = None;
        Ok(())
    }

    /// The legal moves in `style`.
    pub fn legal(&self, style: MoveStyle) -> Vec<String> {
        self.pos
            .legal_moves()
            .iter()
            .map(|&mv| self.pos.format_move(mv, style))
            .collect()
    }

    /// A line of moves from the current position in human notation, stopping at the first
    /// move that is not legal (a stale or corrupt line never panics).
    pub fn line_text(&self, line: &[G::Move]) -> Vec<String> {
        let mut pos = self.pos.clone();
        let mut out = Vec::with_capacity(line.len());
        for &mv in line {
            if !pos.legal_moves().contains(mv) {
                break;
            }
            out.push(pos.format_move(mv, MoveStyle::Human));
            pos.make(mv);
        }
        out
    }

    /// A sentence saying how the game ended, if it did.
    pub fn result_text(&self) -> Option<String> {
        self.outcome().map(|outcome| result_text::<G>(&outcome))
    }
}

/// A sentence saying how a game of `G` ended, with the xiangqi verdicts spelled out.
pub fn result_text<G: Game>(outcome: &Outcome) -> String {
    let description = G::description();
    let Some(winner) = outcome.winner else {
        return match outcome.reason {
            EndReason::Stalemate => "Draw by stalemate".into(),
            EndReason::Repetition => format!("Draw by {}", description.repetition_draw),
            EndReason::MoveLimit => format!("Draw by the {}-move rule", description.move_rule),
            EndReason::InsufficientMaterial => "Draw: neither side can mate".into(),
            EndReason::Agreement => "Draw agreed".into(),
            other => format!("Draw ({other})"),
        };
    };
    let (w, l) = (
        description.side_name(winner),
        description.side_name(winner.flip()),
    );
    match outcome.reason {
        EndReason::Checkmate => format!("Checkmate: {w} wins"),
        EndReason::Stalemate => {
            format!("{l} has no legal move: {w} wins (stalemate loses in xiangqi)")
        }
        EndReason::PerpetualCheck => {
            format!("{w} wins: {l} repeated with perpetual check, which the rules forbid")
        }
        EndReason::PerpetualChase => {
            format!("{w} wins: {l} repeated with a perpetual chase, which the rules forbid")
        }
        EndReason::Resignation => format!("{l} resigned: {w} wins"),
        other => format!("{w} wins ({other})"),
    }
}

#[cfg(test)]
mod tests;
