//! The UCI engine loop for one game: turns parsed commands into engine actions and
//! writes the answers. Input is read on the caller's thread while the engine searches
//! on its own, so `stop`, `ponderhit` and `isready` are answered during a search.

use super::format;
use super::options::{memory_cap_mb, Change, Settings, Variant};
use super::parse::{parse, Command, Go, Start};
use engine::board::Grid;
use engine::book::polyglot::PolyglotBook;
use engine::book::repertoire::Repertoire;
use engine::book::Book;
use engine::Mode;
use engine::{Engine, GoRequest, Reporter, Think, Tuned};
use game::{Game, MoveStyle, Side};
use search::{Clock, Info, Limits, SearchResult};
use std::io::Write;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// Where the session writes: shared by the input thread and the search thread, one whole
/// line at a time, flushed at once (GUIs wait for each line).
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Wraps a writer.
    pub fn new(writer: impl Write + Send + 'static) -> Self {
        Output(Arc::new(Mutex::new(Box::new(writer))))
    }

    /// Writes one line. A closed output (the GUI went away) is not an error worth dying
    /// for mid-search; the input side sees the end of the stream and quits.
    pub fn line(&self, text: &str) {
        let mut out = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }

    /// Writes an `info string` line.
    pub fn note(&self, text: &str) {
        self.line(&format!("info string {text}"));
    }

    /// Writes an `info string error: …` line.
    pub fn error(&self, text: impl std::fmt::Display) {
        self.line(&format!("info string error: {text}"));
    }
}

/// Prints a search's progress and result in UCI.
struct UciReporter {
    out: Output,
    style: MoveStyle,
    /// `UCI_ShowWDL`: add win/draw/loss chances to info lines.
    show_wdl: bool,
}

impl<G: Game> Reporter<G> for UciReporter {
    fn info(&mut self, root: &G, info: &Info<G::Move>) {
        self.out
            .line(&format::info(root, info, self.style, self.show_wdl));
    }
    fn finished(&mut self, root: &G, result: &SearchResult<G::Move>) {
        self.out.line(&format::bestmove(root, result, self.style));
    }
    fn note(&mut self, text: &str) {
        self.out.note(text);
    }
}

/// What the driver should do after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// `quit` (or end of input): stop.
    Quit,
    /// `setoption name UCI_Variant` asked for another game: start a session of it.
    Switch(Variant),
}

/// A UCI session playing game `G`.
pub struct Session<G: Game, S: Think<G> = search::Searcher<G>> {
    engine: Engine<G, S>,
    out: Output,
    style: MoveStyle,
    settings: Settings,
    with_variant: bool,
    memory_mb: usize,
    /// The `EvalFile` value the engine's evaluator came from: what the setting returns to
    /// when a new value is refused.
    eval_file: String,
}

/// Names the engine gives itself in `uci`.
pub const ENGINE_NAME: &str = concat!("Chariot ", env!("CARGO_PKG_VERSION"));

impl<G: Tuned, S: Think<G>> Session<G, S> {
    /// A session with these settings. `style` is how moves are read and written;
    /// `with_variant` whether `uci` offers UCI_Variant. Its positions evaluate as
    /// `settings.eval_file` says (a file that cannot be used is reported, and the
    /// classic evaluation used).
    pub fn new(settings: Settings, style: MoveStyle, with_variant: bool, out: Output) -> Self {
        let memory_mb = memory_cap_mb();
        let (evaluator, eval_file) = match evaluator_named::<G>(&settings.eval_file) {
            Ok(evaluator) => (evaluator, settings.eval_file.clone()),
            Err(err) => {
                out.error(format!(
                    "EvalFile {}: {err}; the classic evaluation is used",
                    settings.eval_file
                ));
                (G::Evaluator::default(), String::new())
            }
        };
        let mut session = Session {
            engine: Engine::with_evaluator(settings.search_options(memory_mb), evaluator),
            out,
            style,
            eval_file,
            settings,
            with_variant,
            memory_mb,
        };
        session.load_book();
        if session.settings.mode() != Mode::Full {
            session.apply_mode();
        }
        if !session.settings.tuned.is_empty() {
            session.apply_tuning();
        }
        session
    }

    /// The option values (carried over when the game changes).
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The engine (for tests and for the driver).
    pub fn engine_mut(&mut self) -> &mut Engine<G, S> {
        &mut self.engine
    }

    /// The input ended: finish a search with limits (so `echo "go depth 9" | chariot uci`
    /// answers in full), stop an infinite one.
    pub fn finish(&mut self) {
        self.engine.finish();
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
            Command::Uci => self.identify(),
            Command::IsReady => self.out.line("readyok"),
            Command::Debug(_) | Command::Register => {}
            Command::UciNewGame => self.engine.new_game(),
            Command::SetOption { name, value } => return self.set_option(&name, value.as_deref()),
            Command::Position { start, moves } => self.set_position(&start, &moves),
            Command::Go(go) => self.go(&go),
            Command::Stop => self.engine.stop(),
            Command::PonderHit => self.engine.ponderhit(),
            Command::Quit => {
                self.engine.stop();
                return Flow::Quit;
            }
            Command::Display => self.display(),
            Command::Eval => self.eval(),
            Command::Perft(depth) => self.perft(depth),
            Command::Bench(depth) => self.bench(depth.unwrap_or(DEFAULT_BENCH_DEPTH)),
        }
        Flow::Continue
    }

    fn identify(&self) {
        self.out.line(&format!("id name {ENGINE_NAME}"));
        self.out.line("id author the Chariot developers");
        for line in self.settings.declarations(self.with_variant) {
            self.out.line(&line);
        }
        self.out.line("uciok");
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Flow {
        let mut change = match self.settings.set(name, value) {
            Ok(change) => change,
            Err(err) => {
                self.out.error(err);
                return Flow::Continue;
            }
        };
        if let Change::Noted(inner, note) = change {
            self.out.note(&note);
            change = *inner;
        }
        match change {
            Change::Nothing | Change::Noted(..) => {}
            Change::Search => self.apply_search_options(),
            Change::ClearHash => self.engine.clear_hash(),
            Change::Book => self.load_book(),
            Change::EvalFile => self.load_network(),
            Change::Mode => self.apply_mode(),
            Change::Tuning => self.apply_tuning(),
            Change::Variant(variant) if G::KIND == Some(variant.kind()) => {}
            Change::Variant(variant) => {
                self.engine.stop();
                if let Some(note) = self.settings.switch_to(variant) {
                    self.out.note(&note);
                }
                return Flow::Switch(variant);
            }
        }
        Flow::Continue
    }

    fn apply_search_options(&mut self) {
        let options = self.settings.search_options(self.memory_mb);
        if options.hash_mb < self.settings.hash_mb {
            self.out.note(&format!(
                "Hash {} MiB is more than half this machine's memory, using {} MiB",
                self.settings.hash_mb, options.hash_mb
            ));
        }
        self.engine.set_options(options);
    }

    fn apply_mode(&mut self) {
        let mode = self.settings.mode();
        if !self
            .engine
            .with_searcher(|searcher| searcher.set_mode(mode))
        {
            self.out
                .error("this session's searcher has only the engine search");
        }
    }

    /// Hands the searcher the game's preset with the parameters set in tuning mode.
    fn apply_tuning(&mut self) {
        let tuning = search::tunable::apply(G::TUNING, &self.settings.tuned);
        if !self
            .engine
            .with_searcher(|searcher| searcher.set_tuning(tuning))
        {
            self.out
                .error("this session's searcher has no tunable parameters");
        }
    }

    fn load_book(&mut self) {
        if !self.settings.own_book {
            self.engine.set_book(None);
            return;
        }
        let book: Result<Arc<dyn Book<G>>, String> = if self.settings.book_file.is_empty() {
            Repertoire::<G>::builtin()
                .map(|r| Arc::new(r) as Arc<dyn Book<G>>)
                .map_err(|e| e.to_string())
        } else if !G::KIND.is_some_and(engine::GameKind::reads_polyglot) {
            Err("Polyglot books are for chess only".to_string())
        } else {
            PolyglotBook::open(self.settings.book_file.as_ref())
                .map(|b| Arc::new(b) as Arc<dyn Book<G>>)
                .map_err(|e| format!("{}: {e}", self.settings.book_file))
        };
        match book {
            Ok(book) => self.engine.set_book(Some(book)),
            Err(err) => {
                self.out.error(err);
                self.engine.set_book(None);
            }
        }
    }

    /// Loads `EvalFile` (see [`evaluator_named`]) and makes it the evaluation of the
    /// current position and every later one; the searcher starts afresh, so a search
    /// never mixes two evaluations. A value that cannot be used is refused with the
    /// reason, and the engine keeps the evaluation it had.
    fn load_network(&mut self) {
        let file = self.settings.eval_file.clone();
        match evaluator_named::<G>(&file) {
            Ok(evaluator) => {
                self.engine.set_evaluator(evaluator);
                self.eval_file.clone_from(&file);
                self.out.note(&if file.is_empty() {
                    "EvalFile empty: the classic evaluation".to_string()
                } else if file == G::builtin_evaluator_name() {
                    format!("EvalFile {file}: the built-in network")
                } else {
                    format!("EvalFile {file} loaded")
                });
            }
            Err(err) => {
                self.settings.eval_file.clone_from(&self.eval_file);
                self.out.error(format!(
                    "EvalFile {file}: {err}; the evaluation is unchanged"
                ));
            }
        }
    }

    fn set_position(&mut self, start: &Start, moves: &[String]) {
        let chess960 = self.settings.chess960;
        let read = |fen: &str| {
            if chess960 {
                G::from_fen_chess960(fen)
            } else {
                G::from_fen(fen)
            }
        };
        let pos = match start {
            Start::StartPos if chess960 => {
                read(&G::start().to_fen()).unwrap_or_else(|_| G::start())
            }
            Start::StartPos => G::start(),
            Start::Fen(fen) => match read(fen) {
                Ok(pos) => pos,
                Err(err) => {
                    self.out
                        .error(format!("bad FEN, position unchanged: {err}"));
                    return;
                }
            },
        };
        self.engine.set_position(pos);
        for (ply, text) in moves.iter().enumerate() {
            let parsed = self.engine.position().parse_move(text, self.style);
            match parsed.map(|mv| self.engine.play(mv)) {
                Ok(Ok(())) => {}
                Ok(Err(err)) => {
                    self.illegal_move(text, ply, &err);
                    break;
                }
                Err(err) => {
                    self.illegal_move(text, ply, &err);
                    break;
                }
            }
        }
    }

    fn illegal_move(&self, text: &str, ply: usize, err: &dyn std::fmt::Display) {
        let shown: String = text.chars().take(20).collect();
        self.out.error(format!(
            "move {} '{shown}' refused ({err}); the rest of the line is ignored",
            ply + 1
        ));
    }

    fn go(&mut self, go: &Go) {
        let pos = self.engine.position();
        let mut searchmoves = Vec::new();
        for text in &go.searchmoves {
            match pos.parse_move(text, self.style) {
                Ok(mv) => searchmoves.push(mv),
                Err(err) => self
                    .out
                    .error(format!("searchmoves: '{text}' skipped ({err})")),
            }
        }
        if searchmoves.is_empty() && !go.searchmoves.is_empty() {
            self.out
                .error("searchmoves: no legal move given, searching all moves");
        }
        let limits = limits(go, pos.side_to_move());
        let reporter = UciReporter {
            out: self.out.clone(),
            style: self.style,
            show_wdl: self.settings.show_wdl,
        };
        self.engine.go(
            GoRequest {
                limits,
                searchmoves,
                ponder: go.ponder,
            },
            reporter,
        );
    }

    fn display(&mut self) {
        let pos = self.engine.position();
        let fen = pos.to_fen();
        // Coordinates as this session writes them: Pikafish's xiangqi ranks start at 0.
        let first_rank = match self.style {
            MoveStyle::Coord => usize::from(G::description().rank_base),
            _ => 1,
        };
        if let Some(grid) = Grid::from_fen(&fen) {
            for line in grid.ascii(first_rank).lines() {
                self.out.line(line);
            }
        }
        self.out.line("");
        self.out.line(&format!("Fen: {fen}"));
        self.out.line(&format!("Key: {:016X}", pos.hash()));
        let side = G::description()
            .side_name(pos.side_to_move())
            .to_ascii_lowercase();
        self.out.line(&format!("Side to move: {side}"));
    }

    fn eval(&mut self) {
        let pos = self.engine.position();
        for line in engine::explain::explain(pos).lines() {
            self.out.line(&format!("info string {line}"));
        }
        self.out.line(&format!(
            "info string static eval cp {} (side to move's view)",
            pos.evaluate()
        ));
    }

    fn perft(&mut self, depth: u32) {
        self.engine.stop();
        let started = Instant::now();
        let mut pos = self.engine.position().clone();
        let mut total = 0u64;
        if depth == 0 {
            total = 1;
        } else {
            for &mv in pos.legal_moves().iter() {
                let text = pos.format_move(mv, self.style);
                pos.make(mv);
                let count = pos.perft(depth - 1);
                pos.unmake(mv);
                total += count;
                self.out.line(&format!("{text}: {count}"));
            }
        }
        let ms = started.elapsed().as_millis();
        self.out.line("");
        self.out.line(&format!("Nodes searched: {total}"));
        self.out
            .note(&format!("perft {depth}: {total} nodes in {ms} ms"));
    }

    /// Searches the start position and the positions the built-in repertoire leads to, at
    /// a fixed depth, from a cleared table: the node count is a signature of the search.
    fn bench(&mut self, depth: u32) {
        let lines = engine::book::repertoire::builtin_lines::<G>();
        let start = || {
            let mut pos = G::start();
            pos.set_evaluator(self.engine.evaluator().clone());
            pos
        };
        let mut positions = vec![start()];
        for line in lines.lines().filter(|l| !l.starts_with('#')) {
            let mut pos = start();
            for word in line.split_whitespace() {
                match pos.parse_move(word, MoveStyle::Coord) {
                    Ok(mv) => pos.make(mv),
                    Err(_) => break,
                }
            }
            positions.push(pos);
        }
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let started = Instant::now();
        let nodes: u64 = self.engine.with_searcher(|searcher| {
            searcher.clear();
            positions
                .iter()
                .map(|pos| {
                    let control = search::Control::new();
                    searcher
                        .search(pos, &limits, &[], &control, &mut |_| {})
                        .nodes
                })
                .sum()
        });
        let ms = started.elapsed().as_millis().max(1);
        self.out
            .line(&format!("Positions searched: {}", positions.len()));
        self.out.line(&format!("Total time (ms) : {ms}"));
        self.out.line(&format!("Nodes searched  : {nodes}"));
        self.out.line(&format!(
            "Nodes/second    : {}",
            u128::from(nodes) * 1000 / ms
        ));
    }
}

/// The evaluator a UCI `EvalFile` value names for game `G`: empty for the classic
/// evaluation, the game's built-in network's name ([`Game::builtin_evaluator_name`]) for
/// the engine's own ([`Game::builtin_evaluator`]), anything else a file to load (so another
/// game's built-in name is a file name, refused unless such a file is there and is this
/// game's network).
pub fn evaluator_named<G: Game>(file: &str) -> Result<G::Evaluator, String> {
    if file.is_empty() {
        Ok(G::Evaluator::default())
    } else if file == G::builtin_evaluator_name() {
        Ok(G::builtin_evaluator())
    } else {
        G::load_evaluator(std::path::Path::new(file))
    }
}

/// Depth of `bench` without an argument.
pub const DEFAULT_BENCH_DEPTH: u32 = 6;

/// The search limits of a `go`, with the clock of the side to move.
pub fn limits(go: &Go, side: Side) -> Limits {
    let (time, inc) = match side {
        Side::White => (go.wtime, go.winc),
        Side::Black => (go.btime, go.binc),
    };
    Limits {
        depth: go.depth,
        nodes: go.nodes,
        movetime: go.movetime,
        clock: time.map(|time| Clock {
            time,
            inc: inc.unwrap_or_default(),
            moves_to_go: go.movestogo,
        }),
        mate: go.mate,
        infinite: go.infinite,
    }
}

#[cfg(test)]
mod tests;
