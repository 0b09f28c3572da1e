//! The UCCI engine loop: UCCI commands on top of the UCI [`Session`], which keeps the
//! options, the position, the book and the engine. Only what UCCI does differently lives
//! here: its option names, time units, `banmoves`, draw offers, `probe` and the output
//! format.

use super::format;
use super::parse::{parse, Command, Go};
use crate::options::{HASH_MAX, THREADS_MAX};
use crate::parse::{Command as UciCommand, Start};
use crate::session::{Flow, Output, Session, ENGINE_NAME};
use engine::{GoRequest, Reporter, Think, Tuned};
use game::{Game, MoveStyle, Score};
use search::{Bound, Clock, Info, Limits, Remembered, SearchResult};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// A draw offer is accepted when the search scores the position at most this for us
/// (centipawns): level or worse.
pub const DRAW_ACCEPT_CP: Score = 10;

/// Options GUIs send that Chariot has no use for: accepted with a note, not refused.
const IGNORED_OPTIONS: &[&str] = &[
    "batch",
    "debug",
    "idle",
    "promotion",
    "style",
    "randomness",
    "knowledge",
    "pruning",
    "bookfiles",
    "egtbpaths",
    "evalapi",
    "loadbook",
];

/// What the last search found at its root: `probe` reports it, since the table does not
/// store the root itself.
#[derive(Clone, Copy)]
struct Record<M> {
    key: u64,
    found: Remembered<M>,
}

type LastSearch<M> = Arc<Mutex<Option<Record<M>>>>;

/// Prints a search's progress and result in UCCI.
struct UcciReporter<M> {
    out: Output,
    /// Set while the opponent's draw offer stands (`go draw`, `ponderhit draw`).
    draw_offer: Arc<AtomicBool>,
    last: LastSearch<M>,
}

impl<G: Game> Reporter<G> for UcciReporter<G::Move> {
    fn info(&mut self, root: &G, info: &Info<G::Move>) {
        if let Some(line) = format::info(root, info, MoveStyle::Coord) {
            self.out.line(&line);
        }
    }
    fn finished(&mut self, root: &G, result: &SearchResult<G::Move>) {
        if result.best.is_some() && result.depth > 0 {
            *self.last.lock().unwrap_or_else(PoisonError::into_inner) = Some(Record {
                key: root.hash(),
                found: Remembered {
                    best: result.best,
                    score: result.score,
                    bound: Bound::Exact,
                    depth: result.depth as i32,
                    eval: root.evaluate(),
                },
            });
        }
        let accept = self.draw_offer.load(Ordering::Relaxed) && result.score <= DRAW_ACCEPT_CP;
        self.out
            .line(&format::bestmove(root, result, MoveStyle::Coord, accept));
    }
    fn note(&mut self, text: &str) {
        self.out.note(text);
    }
}

/// A UCCI session playing game `G` (xiangqi) in Pikafish's coordinates (files a–i,
/// ranks 0–9 from Red's side), which are UCCI's.
pub struct UcciSession<G: Game, S: Think<G>> {
    inner: Session<G, S>,
    out: Output,
    /// Root moves the next search must not play (`banmoves`); cleared by `position`
    /// and by the search that obeyed them.
    banned: Vec<G::Move>,
    /// `usemillisec`: times are in milliseconds rather than seconds.
    millis: bool,
    draw_offer: Arc<AtomicBool>,
    last: LastSearch<G::Move>,
}

impl<G: Tuned, S: Think<G>> UcciSession<G, S> {
    /// Wraps a UCI session (made with [`MoveStyle::Coord`]); its error lines are kept.
    pub fn new(inner: Session<G, S>, out: Output) -> Self {
        UcciSession {
            inner,
            out,
            banned: Vec::new(),
            millis: false,
            draw_offer: Arc::new(AtomicBool::new(false)),
            last: Arc::new(Mutex::new(None)),
        }
    }

    /// Lets a search with limits finish and stops an endless one: what the end of the
    /// input means (and how a scripted client waits for an answer).
    pub fn finish(&mut self) {
        self.inner.finish();
    }

    /// Handles one line of input.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        match parse(line) {
            Ok(None) => Flow::Continue,
            Ok(Some(command)) => self.handle(command),
            Err(err) => {
                self.out.error(err);
                Flow::Continue
            }
        }
    }

    /// Handles one command.
    pub fn handle(&mut self, command: Command) -> Flow {
        match command {
            Command::Ucci => self.identify(),
            Command::IsReady => self.out.line("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value),
            Command::Position { start, moves } => {
                self.banned.clear();
                self.inner.handle(UciCommand::Position { start, moves });
            }
            Command::BanMoves(moves) => self.ban(&moves),
            Command::Go(go) => self.go(&go),
            Command::PonderHit { draw } => {
                self.draw_offer.store(draw, Ordering::Relaxed);
                self.inner.engine_mut().ponderhit();
            }
            Command::Stop => self.inner.engine_mut().stop(),
            Command::Probe(at) => self.probe(at),
            Command::Quit => {
                self.inner.engine_mut().stop();
                self.out.line("bye");
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    fn identify(&self) {
        self.out.line(&format!("id name {ENGINE_NAME}"));
        self.out.line("id author the Chariot developers");
        let settings = self.inner.settings();
        for line in [
            "option usemillisec type check default false".to_string(),
            format!(
                "option hashsize type spin min 1 max {HASH_MAX} default {}",
                settings.hash_mb
            ),
            format!(
                "option threads type spin min 1 max {THREADS_MAX} default {}",
                settings.threads
            ),
            "option ponder type check default false".to_string(),
            "option usebook type check default false".to_string(),
            "option newgame type button".to_string(),
            "option clearhash type button".to_string(),
        ] {
            self.out.line(&line);
        }
        self.out.line("ucciok");
    }

    fn set_option(&mut self, name: &str, value: Option<String>) {
        let uci_name = match name {
            "usemillisec" => {
                match value.as_deref().map(str::to_ascii_lowercase).as_deref() {
                    Some("true") => self.millis = true,
                    Some("false") => self.millis = false,
                    _ => self.out.error("usemillisec needs 'true' or 'false'"),
                }
                return;
            }
            "newgame" => {
                self.banned.clear();
                self.inner.handle(UciCommand::UciNewGame);
                return;
            }
            "hashsize" => "Hash",
            "threads" => "Threads",
            "ponder" => "Ponder",
            "usebook" => "OwnBook",
            "clearhash" => "Clear Hash",
            ignored if IGNORED_OPTIONS.contains(&ignored) => {
                self.out
                    .note(&format!("option {ignored} is not used; ignored"));
                return;
            }
            other => {
                let shown: String = other.chars().take(40).collect();
                self.out.error(format!("unknown option '{shown}'"));
                return;
            }
        };
        self.inner.handle(UciCommand::SetOption {
            name: uci_name.to_string(),
            value,
        });
    }

    fn ban(&mut self, moves: &[String]) {
        let pos = self.inner.engine_mut().position();
        let mut banned = Vec::new();
        for text in moves {
            match pos.parse_move(text, MoveStyle::Coord) {
                Ok(mv) => banned.push(mv),
                Err(err) => {
                    let shown: String = text.chars().take(20).collect();
                    self.out
                        .error(format!("banmoves: '{shown}' skipped ({err})"));
                }
            }
        }
        self.banned = banned;
    }

    fn go(&mut self, go: &Go) {
        self.draw_offer.store(go.draw, Ordering::Relaxed);
        let banned = std::mem::take(&mut self.banned);
        let engine = self.inner.engine_mut();
        let legal = engine.position().legal_moves();
        let allowed: Vec<G::Move> = legal
            .iter()
            .copied()
            .filter(|mv| !banned.contains(mv))
            .collect();
        if allowed.is_empty() {
            engine.stop();
            if !legal.is_empty() {
                self.out.note("every legal move is banned");
            }
            self.out.line("nobestmove");
            return;
        }
        // An empty list means every move; a list also keeps the book from choosing a
        // banned move.
        let searchmoves = if banned.is_empty() {
            Vec::new()
        } else {
            allowed
        };
        let reporter = UcciReporter {
            out: self.out.clone(),
            draw_offer: Arc::clone(&self.draw_offer),
            last: Arc::clone(&self.last),
        };
        engine.go(
            GoRequest {
                limits: limits(go, self.millis),
                searchmoves,
                ponder: go.ponder,
            },
            reporter,
        );
    }

    /// Answers `probe`: the static evaluation as an `info string` line, then `pophash`
    /// with what the table (or, for the last searched root, that search) knows.
    fn probe(&mut self, at: Option<(Start, Vec<String>)>) {
        let pos = match at {
            None => self.inner.engine_mut().position().clone(),
            Some((start, moves)) => match self.position_from(&start, &moves) {
                Ok(pos) => pos,
                Err(err) => {
                    self.out.error(format!("probe: {err}"));
                    self.out.line("pophash");
                    return;
                }
            },
        };
        self.out.note(&format!(
            "static eval {} (side to move's view), {} legal moves{}",
            format::score(pos.evaluate()),
            pos.legal_moves().len(),
            if pos.in_check() { ", in check" } else { "" }
        ));
        let last = *self.last.lock().unwrap_or_else(PoisonError::into_inner);
        let known = match last {
            Some(record) if record.key == pos.hash() => Some(record.found),
            _ => match self.inner.engine_mut().remembered(&pos) {
                Ok(known) => known,
                Err(busy) => {
                    self.out
                        .note(&format!("{busy}: its table cannot be read now"));
                    None
                }
            },
        };
        self.out
            .line(&format::pophash(&pos, known.as_ref(), MoveStyle::Coord));
    }

    /// A position described as in `position`, evaluated as the engine's positions are.
    fn position_from(&mut self, start: &Start, moves: &[String]) -> Result<G, String> {
        let mut pos = match start {
            Start::StartPos => G::start(),
            Start::Fen(fen) => G::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?,
        };
        pos.set_evaluator(self.inner.engine_mut().evaluator().clone());
        for text in moves {
            let mv = pos
                .parse_move(text, MoveStyle::Coord)
                .map_err(|e| format!("move '{}' refused ({e})", shorten(text)))?;
            if !pos.legal_moves().contains(mv) {
                return Err(format!("move '{}' is illegal", shorten(text)));
            }
            pos.make(mv);
        }
        Ok(pos)
    }
}

fn shorten(text: &str) -> String {
    text.chars().take(20).collect()
}

/// The search limits of a UCCI `go`; `millis` says whether its times are milliseconds
/// (`usemillisec true`) or seconds (UCCI's default). The opponent's clock is not used.
pub fn limits(go: &Go, millis: bool) -> Limits {
    let unit = |n: u64| {
        if millis {
            Duration::from_millis(n)
        } else {
            Duration::from_secs(n)
        }
    };
    Limits {
        depth: go.depth,
        nodes: go.nodes,
        movetime: None,
        clock: go.time.map(|time| Clock {
            time: unit(time),
            inc: go.increment.map(unit).unwrap_or_default(),
            moves_to_go: go.movestogo,
        }),
        mate: None,
        infinite: go.infinite,
    }
}
