//! One game between two engines, refereed by our own rules.
//!
//! Every move an engine sends is parsed by [`Game::parse_move`] in that engine's move style
//! and must be legal; the game ends when [`Game::outcome`] says so, or earlier by a fault
//! (illegal move, crash, hang, time loss) or by adjudication.

use super::adjudicate::{Adjudication, Adjudicator};
use super::engine::{EngineError, EngineScore};
use super::player::{Player, Turn};
use super::spec::{EngineSpec, Proto};
use super::tc::{Clocks, TimeControl};
use game::{EndReason, Game, MoveStyle, Outcome, Side};
use std::time::Duration;

/// How an engine lost by its own fault; each is counted separately.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fault {
    /// It sent a move our rules refuse.
    Illegal,
    /// Its process ended.
    Crash,
    /// It did not answer within its time plus the hang margin (and was killed).
    Hang,
    /// It answered after its time (plus move overhead) ran out.
    Time,
}

impl Fault {
    fn reason(self) -> EndReason {
        match self {
            Fault::Illegal => EndReason::IllegalMove,
            Fault::Crash | Fault::Hang => EndReason::Forfeit,
            Fault::Time => EndReason::Time,
        }
    }
}

/// Settings shared by every game of a match.
#[derive(Clone, Debug)]
pub struct GameConfig {
    /// The time control.
    pub tc: TimeControl,
    /// Move-overhead margin: how far past its clock a move may arrive and still count.
    pub overhead: Duration,
    /// How long past the allowed time to wait before declaring a hang.
    pub hang_margin: Duration,
    /// How long to wait for a move under a node or depth limit.
    pub untimed_wait: Duration,
    /// How long start-up and preparing a new game (`ucinewgame`/`isready`, xboard's
    /// `new`…`ping`) may take.
    pub handshake: Duration,
    /// Score adjudication rules.
    pub adjudication: Adjudication,
    /// Plies after which a game still running is adjudicated a draw (a safety net).
    pub max_plies: usize,
    /// The games are Chess960: engines are told so (`UCI_Chess960`) and castle
    /// king-takes-rook.
    pub chess960: bool,
}

/// One side of the board: the engine's spec and its (lazily started) process.
pub struct Seat<'a> {
    /// The engine's spec.
    pub spec: &'a EngineSpec,
    /// The process, started on first use and dropped (killed) after a hang or crash.
    pub engine: &'a mut Option<Player>,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord<M> {
    /// The opening position as FEN.
    pub start_fen: String,
    /// The moves played.
    pub moves: Vec<M>,
    /// How it ended.
    pub outcome: Outcome,
    /// The side that lost by a fault, and which.
    pub fault: Option<(Side, Fault)>,
    /// A human-readable note on how it ended (e.g. the illegal move's text).
    pub detail: String,
    /// What the mover reported with each move, in the order of `moves`.
    pub notes: Vec<MoveNote>,
}

/// What an engine reported with one move: the PGN writes it after the move, as cutechess
/// does (`{+0.31/14 0.523s}`), so a game can be read for where it was lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNote {
    /// The last score of the engine's `info` lines, from the mover's point of view.
    pub score: Option<EngineScore>,
    /// The depth of that line.
    pub depth: Option<u32>,
    /// Time from `go` to the move.
    pub elapsed: Duration,
}

impl Seat<'_> {
    fn proto<G: Game>(&self) -> Proto {
        self.spec
            .proto
            .unwrap_or_else(|| Proto::default_for(G::description().variant))
    }

    /// The running engine, started if needed. A failure to spawn at all is fatal for the
    /// match (a wrong command line); other start-up failures are the engine's fault.
    fn ready<G: Game>(&mut self, cfg: &GameConfig) -> Result<&mut Player, EngineError> {
        if self.engine.is_none() {
            let variant = G::description().variant;
            let proto = self.proto::<G>();
            *self.engine = Some(Player::start(
                self.spec,
                proto,
                variant,
                cfg.chess960,
                cfg.handshake,
            )?);
        }
        Ok(self.engine.as_mut().expect("started above"))
    }

    /// How this seat's engine writes moves, and whether SAN answers are read too.
    fn styles(&self) -> (MoveStyle, bool) {
        self.engine.as_ref().map_or((MoveStyle::Coord, false), |p| {
            (p.style(), p.may_answer_san())
        })
    }
}

/// Reads an engine's move in its style, or in SAN where its protocol allows both.
fn read_move<G: Game>(
    pos: &G,
    text: &str,
    (style, san_too): (MoveStyle, bool),
) -> Result<G::Move, G::MoveError> {
    pos.parse_move(text, style).or_else(|err| {
        if san_too && style != MoveStyle::Human {
            pos.parse_move(text, MoveStyle::Human).map_err(|_| err)
        } else {
            Err(err)
        }
    })
}

fn fault_of(err: &EngineError) -> Fault {
    match err {
        EngineError::Timeout { .. } => Fault::Hang,
        _ => Fault::Crash,
    }
}

/// Plays one game from `start` between `white` and `black`.
///
/// Returns `Err` only when an engine cannot be spawned at all.
pub fn play<'a, G: Game>(
    start: &G,
    mut white: Seat<'a>,
    mut black: Seat<'a>,
    cfg: &GameConfig,
) -> Result<GameRecord<G::Move>, EngineError> {
    let start_fen = start.to_fen();
    let mut record = GameRecord {
        start_fen: start_fen.clone(),
        moves: Vec::new(),
        outcome: Outcome {
            winner: None,
            reason: EndReason::Agreement,
        },
        fault: None,
        detail: String::new(),
        notes: Vec::new(),
    };
    let finish_fault = |mut rec: GameRecord<G::Move>, side: Side, fault: Fault, detail: String| {
        rec.outcome = Outcome {
            winner: Some(side.flip()),
            reason: fault.reason(),
        };
        rec.fault = Some((side, fault));
        rec.detail = detail;
        rec
    };

    // A seat's own clock (time odds) or the match's.
    let tcs = [white.spec.tc, black.spec.tc].map(|own| own.unwrap_or(cfg.tc));
    for (side, seat) in [(Side::White, &mut white), (Side::Black, &mut black)] {
        let tc = tcs[side.index()];
        let prepared = seat
            .ready::<G>(cfg)
            .and_then(|e| e.new_game(&start_fen, tc, cfg.handshake));
        match prepared {
            Ok(()) => {}
            Err(e) if e.is_fatal() => return Err(e),
            Err(e) => {
                *seat.engine = None;
                return Ok(finish_fault(record, side, fault_of(&e), e.to_string()));
            }
        }
    }

    let styles = [white.styles(), black.styles()];
    // The move list as each engine writes it.
    let mut texts: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    let mut pos = start.clone();
    let mut clocks = Clocks::per_side(tcs[0], tcs[1], cfg.overhead);
    let mut adjudicator = Adjudicator::new(cfg.adjudication);
    let start_fullmove = record::write::fullmove_number(&start_fen);

    loop {
        if let Some(outcome) = pos.outcome() {
            record.outcome = outcome;
            record.detail = outcome.reason.to_string();
            return Ok(record);
        }
        let fullmove = start_fullmove + (record.moves.len() as u32 + first_is_black(start)) / 2;
        if let Some(outcome) = adjudicator.verdict(fullmove) {
            record.outcome = outcome;
            record.detail = "agreed engine scores".to_string();
            return Ok(record);
        }
        if record.moves.len() >= cfg.max_plies {
            record.outcome = Outcome {
                winner: None,
                reason: EndReason::Adjudication,
            };
            record.detail = format!("game length limit ({} plies)", cfg.max_plies);
            return Ok(record);
        }

        let side = pos.side_to_move();
        let seat = if side == Side::White {
            &mut white
        } else {
            &mut black
        };
        let turn = Turn {
            start_fen: &start_fen,
            moves: &texts[side.index()],
            clocks: &clocks,
            side,
            wait: clocks
                .allowed(side)
                .map_or(cfg.untimed_wait, |a| a + cfg.hang_margin),
        };
        let engine = seat.engine.as_mut().expect("started before the first move");
        let reply = match engine.think(&turn) {
            Ok(r) => r,
            Err(e) => {
                *seat.engine = None;
                return Ok(finish_fault(record, side, fault_of(&e), e.to_string()));
            }
        };
        if let Err(loss) = clocks.charge(side, reply.elapsed) {
            let detail = format!(
                "used {} ms of {} ms",
                loss.used.as_millis(),
                loss.allowed.as_millis()
            );
            return Ok(finish_fault(record, side, Fault::Time, detail));
        }
        if reply.resigned {
            record.outcome = Outcome {
                winner: Some(side.flip()),
                reason: EndReason::Resignation,
            };
            record.detail = format!("{} resigned", seat.spec.name);
            return Ok(record);
        }
        let mv = match read_move(&pos, &reply.bestmove, styles[side.index()]) {
            Ok(mv) => mv,
            Err(e) => {
                let detail = format!("illegal move `{}`: {e}", reply.bestmove);
                return Ok(finish_fault(record, side, Fault::Illegal, detail));
            }
        };
        for (list, (style, _)) in texts.iter_mut().zip(styles) {
            list.push(pos.format_move(mv, style));
        }
        adjudicator.record(side, reply.score.map(|s| s.as_cp()));
        pos.make(mv);
        record.moves.push(mv);
        record.notes.push(MoveNote {
            score: reply.score,
            depth: reply.depth,
            elapsed: reply.elapsed,
        });
    }
}

fn first_is_black<G: Game>(start: &G) -> u32 {
    u32::from(start.side_to_move() == Side::Black)
}
