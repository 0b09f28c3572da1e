//! Test fixtures shared by the front-end crates (a dev-dependency only): tiny games and a
//! scripted searcher, so the engine, the UCI session, the arena and the soak can be tested
//! on their own, independently of the real rules and search.

pub mod tictactoe;
pub mod toy;

pub use tictactoe::TicTacToe;

use game::{Game, MoveList, MoveStyle, Outcome, Score, Side, Verdict};
use search::{Bound, Control, Info, Limits, Options, SearchResult, Think};
use std::time::{Duration, Instant};

/// Take-away: players alternately take 1–3 stones; whoever cannot move loses.
/// Moves are written `t1`, `t2`, `t3` (`Coord`) or `take1`… (`Human`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pile {
    pub stones: u8,
    pub side: Side,
}

#[derive(Debug, thiserror::Error)]
#[error("bad {0}")]
pub struct PileError(String);

/// The take-away game searches with the base search (it is only ever scripted or tiny).
impl engine::Tuned for Pile {
    const TUNING: search::SearchTuning = search::SearchTuning::BASE;
}

impl Game for Pile {
    type Move = u8;
    type FenError = PileError;
    type MoveError = PileError;
    type Evaluator = ();
    const NAME: &'static str = "pile";

    fn start() -> Self {
        Pile {
            stones: 21,
            side: Side::White,
        }
    }
    fn from_fen(fen: &str) -> Result<Self, PileError> {
        let bad = || PileError(format!("fen '{fen}'"));
        let mut parts = fen.split_whitespace();
        let stones = parts.next().ok_or_else(bad)?.parse().map_err(|_| bad())?;
        let side = match parts.next() {
            Some("w") => Side::White,
            Some("b") => Side::Black,
            _ => return Err(bad()),
        };
        Ok(Pile { stones, side })
    }
    fn to_fen(&self) -> String {
        let side = if self.side == Side::White { "w" } else { "b" };
        format!("{} {side}", self.stones)
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn generate(&self, list: &mut MoveList<u8>) {
        for take in 1..=3u8.min(self.stones) {
            list.push(take);
        }
    }
    fn generate_noisy(&self, _list: &mut MoveList<u8>) {}
    fn make(&mut self, mv: u8) {
        self.stones -= mv;
        self.side = self.side.flip();
    }
    fn unmake(&mut self, mv: u8) {
        self.stones += mv;
        self.side = self.side.flip();
    }
    fn make_null(&mut self) {
        self.side = self.side.flip();
    }
    fn unmake_null(&mut self) {
        self.side = self.side.flip();
    }
    fn in_check(&self) -> bool {
        false
    }
    fn hash(&self) -> u64 {
        (u64::from(self.stones) << 1 | self.side.index() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn evaluate(&self) -> Score {
        if self.stones.is_multiple_of(4) {
            -100
        } else {
            100
        }
    }
    fn adjudicate(&self, _plies: usize) -> Option<Verdict> {
        None
    }
    fn no_moves_verdict(&self) -> Verdict {
        Verdict::Loss
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.stones == 0)
            .then(|| Outcome::from_verdict(Verdict::Loss, self.side, game::EndReason::Checkmate))
    }
    fn is_capture(&self, _mv: u8) -> bool {
        false
    }
    fn is_noisy(&self, _mv: u8) -> bool {
        false
    }
    fn mvv_lva(&self, _mv: u8) -> i32 {
        0
    }
    fn see_ge(&self, _mv: u8, _threshold: Score) -> bool {
        true
    }
    fn null_move_ok(&self) -> bool {
        false
    }
    fn encode(mv: u8) -> u16 {
        u16::from(mv)
    }
    fn decode(&self, code: u16) -> Option<u8> {
        let mv = u8::try_from(code).ok()?;
        self.legal_moves().contains(mv).then_some(mv)
    }
    fn format_move(&self, mv: u8, style: MoveStyle) -> String {
        match style {
            MoveStyle::Human => format!("take{mv}"),
            _ => format!("t{mv}"),
        }
    }
    fn parse_move(&self, text: &str, style: MoveStyle) -> Result<u8, PileError> {
        let digits = match style {
            MoveStyle::Human => text.strip_prefix("take"),
            _ => text.strip_prefix('t'),
        };
        let mv: u8 = digits
            .and_then(|d| d.parse().ok())
            .ok_or_else(|| PileError(format!("move '{text}'")))?;
        if self.legal_moves().contains(mv) {
            Ok(mv)
        } else {
            Err(PileError(format!("illegal move '{text}'")))
        }
    }
}

/// A searcher that pretends: one "iteration" per `STEP`, reporting progress, until a limit
/// or `stop`. It plays the winning take-away move when there is one. It records the
/// options and clears it receives so tests can check what the engine passed on.
#[derive(Debug)]
pub struct Scripted {
    pub options: Options,
    pub clears: usize,
    pub searches: usize,
}

pub const STEP: Duration = Duration::from_millis(5);

impl Think<Pile> for Scripted {
    fn create(options: Options, _tuning: search::SearchTuning) -> Self {
        Scripted {
            options,
            clears: 0,
            searches: 0,
        }
    }
    fn set_options(&mut self, options: Options) {
        self.options = options;
    }
    fn clear(&mut self) {
        self.clears += 1;
    }
    fn search(
        &mut self,
        pos: &Pile,
        limits: &Limits,
        searchmoves: &[u8],
        control: &Control,
        report: &mut dyn FnMut(&Info<u8>),
    ) -> SearchResult<u8> {
        self.searches += 1;
        let allowed: Vec<u8> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| searchmoves.is_empty() || searchmoves.contains(m))
            .collect();
        let winning = pos.stones % 4;
        let best = if allowed.contains(&winning) {
            winning
        } else {
            allowed[0]
        };
        let score = if winning != 0 { 100 } else { -100 };
        let mut result = pretend(best, score, STEP, limits, control, report);
        result.score = 0;
        result
    }
}

/// The scripted searcher on tic-tac-toe (for the web game): it plays the first legal
/// move, scoring it +0.10, one "iteration" per [`TICTACTOE_STEP`].
impl Think<TicTacToe> for Scripted {
    fn create(options: Options, tuning: search::SearchTuning) -> Self {
        <Scripted as Think<Pile>>::create(options, tuning)
    }
    fn set_options(&mut self, options: Options) {
        self.options = options;
    }
    fn clear(&mut self) {
        self.clears += 1;
    }
    fn search(
        &mut self,
        pos: &TicTacToe,
        limits: &Limits,
        searchmoves: &[u8],
        control: &Control,
        report: &mut dyn FnMut(&Info<u8>),
    ) -> SearchResult<u8> {
        self.searches += 1;
        let legal = pos.legal_moves();
        let Some(best) = legal
            .iter()
            .copied()
            .find(|m| searchmoves.is_empty() || searchmoves.contains(m))
        else {
            return SearchResult {
                best: None,
                ponder: None,
                score: 0,
                depth: 0,
                nodes: 0,
            };
        };
        pretend(best, 10, TICTACTOE_STEP, limits, control, report)
    }
}

/// Slower than [`STEP`], so that the web game's tests see a search still running.
pub const TICTACTOE_STEP: Duration = Duration::from_millis(20);

/// Pretends to search: one "iteration" per `step` reporting `best` with `score`, until a
/// limit or `stop` (at most 64 iterations unless infinite or pondering; at least two before
/// the movetime is read).
fn pretend<M: Copy>(
    best: M,
    score: Score,
    step: Duration,
    limits: &Limits,
    control: &Control,
    report: &mut dyn FnMut(&Info<M>),
) -> SearchResult<M> {
    let started = Instant::now();
    let mut depth = 0;
    let mut nodes = 0;
    loop {
        // Like a real engine, two iterations complete whatever the clock says, so that a
        // test reading "several depths" does not depend on how loaded the machine is.
        let out_of_time = depth >= 2 && limits.movetime.is_some_and(|t| started.elapsed() >= t);
        if control.stopped()
            || out_of_time
            || limits.depth.is_some_and(|d| depth >= d)
            || limits.nodes.is_some_and(|n| nodes >= n)
            || (depth >= 64 && !limits.infinite && !control.pondering())
        {
            break;
        }
        std::thread::sleep(step);
        depth += 1;
        nodes += 1000;
        report(&Info {
            depth,
            seldepth: depth + 2,
            multipv: 1,
            score,
            bound: Bound::Exact,
            nodes,
            nps: 1_000_000,
            hashfull: 0,
            time: started.elapsed(),
            pv: vec![best],
        });
    }
    SearchResult {
        best: Some(best),
        ponder: None,
        score,
        depth,
        nodes,
    }
}

/// A writer whose text a test can read while a session writes to it from another thread.
#[derive(Clone, Default)]
pub struct Capture(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Capture {
    /// Everything written since the last call.
    pub fn take(&self) -> String {
        String::from_utf8(std::mem::take(&mut *self.0.lock().unwrap())).unwrap()
    }
}
