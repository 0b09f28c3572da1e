//! The engine facade every front end shares: it owns the game position and a searcher,
//! runs searches on a background thread and reports their progress through a [`Reporter`].
//!
//! UCI, the terminal game and the web game are three reporters of one [`Engine`]: they
//! decide what to print, the engine decides nothing about presentation.
#![deny(missing_docs)]

pub mod board;
pub mod book;
pub mod explain;
mod kind;
pub mod levels;
pub mod plain;
pub mod session;
pub mod tuning;

pub use kind::GameKind;
pub use search::{Mode, Think};

use crate::book::Book;
use game::{Game, MoveList};
use search::{Control, Info, Limits, Options, SearchResult};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;
use thiserror::Error;
pub use tuning::Tuned;

/// Receives a search's progress and its result, on the search thread.
pub trait Reporter<G: Game>: Send + 'static {
    /// Progress: one iteration (or one MultiPV line) finished. `root` is the searched position.
    fn info(&mut self, root: &G, info: &Info<G::Move>);
    /// The search is over; called exactly once per [`Engine::go`].
    fn finished(&mut self, root: &G, result: &SearchResult<G::Move>);
    /// A remark worth showing (a book move was played, the search failed…).
    fn note(&mut self, _text: &str) {}
}

/// How one search should run.
#[derive(Clone, Debug, Default)]
pub struct GoRequest<M> {
    /// The limits.
    pub limits: Limits,
    /// Only these root moves (all when empty).
    pub searchmoves: Vec<M>,
    /// Start in ponder mode: no time limit until [`Engine::ponderhit`], and no result
    /// before that or [`Engine::stop`], as UCI requires.
    pub ponder: bool,
}

/// Why the engine refused a request.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum EngineError {
    /// The move is not legal in the current position.
    #[error("illegal move")]
    IllegalMove,
    /// There is no move to take back.
    #[error("no move to take back")]
    NothingToUndo,
}

/// The searcher is searching and cannot answer a question about its table now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("the engine is searching")]
pub struct Busy;

struct Job {
    control: Arc<Control>,
    /// An infinite or pondering search, which ends only when told to.
    open_ended: bool,
    thread: JoinHandle<()>,
}

/// The position, a searcher on its own thread, and the options, book and evaluator it uses.
pub struct Engine<G: Game, S: Think<G> = search::Searcher<G>> {
    start: G,
    position: G,
    /// What every position the engine is given evaluates with (see [`Engine::set_evaluator`]).
    evaluator: G::Evaluator,
    moves: Vec<G::Move>,
    searcher: Arc<Mutex<S>>,
    options: Options,
    book: Option<Arc<dyn Book<G>>>,
    job: Option<Job>,
}

/// Deep enough for the deepest search the searcher allows, with stack move lists.
const SEARCH_STACK: usize = 64 << 20;

fn lock<S>(searcher: &Mutex<S>) -> MutexGuard<'_, S> {
    // A panic in an earlier search must not take the engine down with it.
    searcher.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<G: Tuned, S: Think<G>> Engine<G, S> {
    /// An engine at the game's starting position, with the classic evaluation.
    pub fn new(options: Options) -> Self {
        Self::with_evaluator(options, G::Evaluator::default())
    }

    /// An engine at the game's starting position whose positions evaluate with `evaluator`.
    pub fn with_evaluator(options: Options, evaluator: G::Evaluator) -> Self {
        let mut start = G::start();
        start.set_evaluator(evaluator.clone());
        Engine {
            position: start.clone(),
            start,
            evaluator,
            moves: Vec::new(),
            searcher: Arc::new(Mutex::new(S::create(options.clone(), G::TUNING))),
            options,
            book: None,
            job: None,
        }
    }
}

impl<G: Game, S: Think<G>> Engine<G, S> {
    /// The current position.
    pub fn position(&self) -> &G {
        &self.position
    }

    /// The position the current move list starts from.
    pub fn start_position(&self) -> &G {
        &self.start
    }

    /// The moves played since [`Engine::start_position`].
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// What the positions the engine is given evaluate with.
    pub fn evaluator(&self) -> &G::Evaluator {
        &self.evaluator
    }

    /// The options in force.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Sets a new position with no moves played (stops a running search first); it
    /// evaluates with the engine's evaluator.
    pub fn set_position(&mut self, mut start: G) {
        self.stop();
        start.set_evaluator(self.evaluator.clone());
        self.position = start.clone();
        self.start = start;
        self.moves.clear();
    }

    /// Makes the current position, and every position set from now on, evaluate with
    /// `evaluator` (stops a running search first). The searcher forgets what it learnt:
    /// its table holds the old evaluation's scores.
    pub fn set_evaluator(&mut self, evaluator: G::Evaluator) {
        self.clear_hash();
        self.start.set_evaluator(evaluator.clone());
        self.position.set_evaluator(evaluator.clone());
        self.evaluator = evaluator;
    }

    /// Plays a move after checking that it is legal.
    pub fn play(&mut self, mv: G::Move) -> Result<(), EngineError> {
        if !self.position.legal_moves().contains(mv) {
            return Err(EngineError::IllegalMove);
        }
        self.stop();
        self.position.make(mv);
        self.moves.push(mv);
        Ok(())
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Result<G::Move, EngineError> {
        self.stop();
        let mv = self.moves.pop().ok_or(EngineError::NothingToUndo)?;
        self.position.unmake(mv);
        Ok(mv)
    }

    /// Applies new options; a running search is stopped first.
    pub fn set_options(&mut self, options: Options) {
        self.stop();
        lock(&self.searcher).set_options(options.clone());
        self.options = options;
    }

    /// Sets or removes the opening book consulted before searching.
    pub fn set_book(&mut self, book: Option<Arc<dyn Book<G>>>) {
        self.book = book;
    }

    /// Forgets what the searcher learnt (transposition table, histories).
    pub fn clear_hash(&mut self) {
        self.stop();
        lock(&self.searcher).clear();
    }

    /// A new game: stops any search, clears the searcher, returns to the start position.
    pub fn new_game(&mut self) {
        self.clear_hash();
        self.set_position(G::start());
    }

    /// Whether a search is running (or waiting for `stop`/`ponderhit` to report).
    pub fn is_searching(&self) -> bool {
        self.job
            .as_ref()
            .is_some_and(|job| !job.thread.is_finished())
    }

    /// Starts searching the current position on a background thread; returns at once.
    /// A search already running is stopped (and reports) first.
    pub fn go(&mut self, request: GoRequest<G::Move>, reporter: impl Reporter<G>) {
        self.stop();
        let control = Arc::new(Control::new());
        control.set_pondering(request.ponder);
        let waits_for_gui = request.ponder || request.limits.infinite;
        let book_move = if waits_for_gui || !request.searchmoves.is_empty() {
            None
        } else {
            self.book
                .as_ref()
                .and_then(|book| book.pick(&self.position))
        };
        let task = Task {
            root: self.position.clone(),
            request,
            control: Arc::clone(&control),
            searcher: Arc::clone(&self.searcher),
            book_move,
        };
        let thread = std::thread::Builder::new()
            .name("chariot-search".into())
            .stack_size(SEARCH_STACK)
            .spawn(move || task.run(reporter))
            .expect("the system refused to start the search thread");
        self.job = Some(Job {
            control,
            open_ended: waits_for_gui,
            thread,
        });
    }

    /// Stops the running search and waits until it has reported its result.
    pub fn stop(&mut self) {
        if let Some(job) = self.job.take() {
            job.control.stop();
            // The thread catches panics of the search itself; a join error can only come
            // from a reporter that panicked, and there is nobody left to tell.
            let _ = job.thread.join();
        }
    }

    /// Waits for the running search to finish on its own limits.
    pub fn wait(&mut self) {
        if let Some(job) = self.job.take() {
            let _ = job.thread.join();
        }
    }

    /// Lets a search with limits run to its end, but stops an infinite or pondering one
    /// (which would never end): what a closed input means.
    pub fn finish(&mut self) {
        match &self.job {
            Some(job) if job.open_ended => self.stop(),
            _ => self.wait(),
        }
    }

    /// The opponent played the expected move: the pondering search now plays for real.
    pub fn ponderhit(&mut self) {
        if let Some(job) = &self.job {
            job.control.ponderhit();
        }
    }

    /// What the searcher's table remembers of `pos`, without searching and without
    /// stopping a search: `Err(Busy)` while one runs (the table is then in use).
    pub fn remembered(&self, pos: &G) -> Result<Option<search::Remembered<G::Move>>, Busy> {
        match self.searcher.try_lock() {
            Ok(searcher) => Ok(searcher.remembered(pos)),
            Err(std::sync::TryLockError::Poisoned(poisoned)) => {
                Ok(poisoned.into_inner().remembered(pos))
            }
            Err(std::sync::TryLockError::WouldBlock) => Err(Busy),
        }
    }

    /// Runs `f` with the searcher while no search is running (stops one first).
    pub fn with_searcher<R>(&mut self, f: impl FnOnce(&mut S) -> R) -> R {
        self.stop();
        f(&mut lock(&self.searcher))
    }
}

impl<G: Game, S: Think<G>> Drop for Engine<G, S> {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Everything the search thread owns.
struct Task<G: Game, S> {
    root: G,
    request: GoRequest<G::Move>,
    control: Arc<Control>,
    searcher: Arc<Mutex<S>>,
    book_move: Option<G::Move>,
}

impl<G: Game, S: Think<G>> Task<G, S> {
    fn run(self, mut reporter: impl Reporter<G>) {
        let result = match self.book_move {
            Some(mv) => {
                reporter.note("book move");
                book_result(mv, self.root.evaluate())
            }
            None => self.think(&mut reporter),
        };
        self.wait_for_gui();
        reporter.finished(&self.root, &result);
    }

    fn think(&self, reporter: &mut impl Reporter<G>) -> SearchResult<G::Move> {
        let legal = self.root.legal_moves();
        if legal.is_empty() {
            return SearchResult {
                best: None,
                ponder: None,
                score: 0,
                depth: 0,
                nodes: 0,
            };
        }
        let searched = catch_unwind(AssertUnwindSafe(|| {
            let mut searcher = lock(&self.searcher);
            searcher.search(
                &self.root,
                &self.request.limits,
                &self.request.searchmoves,
                &self.control,
                &mut |info| reporter.info(&self.root, info),
            )
        }));
        match searched {
            Ok(result) if result.best.is_some_and(|mv| legal.contains(mv)) => result,
            Ok(result) => {
                reporter.note("the search returned no legal move; playing a legal one");
                fallback(
                    &legal,
                    &self.request.searchmoves,
                    result.depth,
                    result.nodes,
                )
            }
            Err(_) => {
                reporter.note("the search failed; playing a legal move");
                fallback(&legal, &self.request.searchmoves, 0, 0)
            }
        }
    }

    /// UCI forbids `bestmove` during `go infinite` or pondering until `stop` (or, for
    /// pondering, `ponderhit`), even when the search itself is over.
    fn wait_for_gui(&self) {
        let must_wait = |c: &Control| {
            !c.stopped() && (self.request.limits.infinite || (self.request.ponder && c.pondering()))
        };
        while must_wait(&self.control) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

fn book_result<M>(mv: M, score: game::Score) -> SearchResult<M> {
    SearchResult {
        best: Some(mv),
        ponder: None,
        score,
        depth: 0,
        nodes: 0,
    }
}

/// A legal move when the searcher could not give one: the first allowed root move.
fn fallback<M: Copy + Default + PartialEq>(
    legal: &MoveList<M>,
    searchmoves: &[M],
    depth: u32,
    nodes: u64,
) -> SearchResult<M> {
    let best = legal
        .iter()
        .copied()
        .find(|mv| searchmoves.is_empty() || searchmoves.contains(mv))
        .or_else(|| legal.iter().copied().next());
    SearchResult {
        best,
        ponder: None,
        score: 0,
        depth,
        nodes,
    }
}

/// What a [`Reporter`] receives, as a value: for front ends that handle progress on
/// another thread through a channel (the terminal and web games).
#[derive(Clone, Debug)]
pub enum Event<M> {
    /// Progress of the search.
    Info(Info<M>),
    /// The search is over.
    Finished(SearchResult<M>),
    /// A remark.
    Note(String),
}

impl<G: Game> Reporter<G> for std::sync::mpsc::Sender<Event<G::Move>> {
    // A closed channel means nobody waits for the answer any more: dropping it is right.
    fn info(&mut self, _root: &G, info: &Info<G::Move>) {
        let _ = self.send(Event::Info(info.clone()));
    }
    fn finished(&mut self, _root: &G, result: &SearchResult<G::Move>) {
        let _ = self.send(Event::Finished(result.clone()));
    }
    fn note(&mut self, text: &str) {
        let _ = self.send(Event::Note(text.to_string()));
    }
}
