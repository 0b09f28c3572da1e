//! Chess clocks for the web game: the time control a new game asks for, the two clocks
//! kept on the server (the person's runs between their moves whether or not anyone is
//! watching), and what a fallen flag means in each game.

use super::session::{side_key, ApiError};
use super::store::SavedClock;
use game::{EndReason, Game, Outcome, Side};
use serde::Serialize;
use std::time::{Duration, Instant};

/// Longest base time a game may ask for (3 hours).
const MAX_BASE: Duration = Duration::from_secs(3 * 3600);
/// Largest increment a game may ask for.
const MAX_INC: Duration = Duration::from_secs(60);

/// A base time and an increment added after each of a side's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Each side's time at the start.
    pub base: Duration,
    /// Time added to a side's clock after it moves.
    pub inc: Duration,
}

impl TimeControl {
    /// Reads `"none"` (no clock) or `"M+S"`: M minutes (a decimal, so `0.5+0` is 30 s)
    /// plus S seconds per move, as `5+3` or `15+10`. A bad value is a 400.
    pub fn parse(text: &str) -> Result<Option<TimeControl>, ApiError> {
        let text = text.trim();
        if text.is_empty() || text == "none" {
            return Ok(None);
        }
        let bad = || {
            ApiError::new(
                400,
                format!("clock must be `none` or minutes+seconds like `5+3`, not `{text}`"),
            )
        };
        let (base, inc) = text.split_once('+').ok_or_else(bad)?;
        let seconds = |s: &str, scale: f64, max: Duration| {
            let v: f64 = s.trim().parse().map_err(|_| bad())?;
            let d = v * scale;
            if !d.is_finite() {
                return Err(bad());
            }
            if d < 0.0 || d > max.as_secs_f64() {
                return Err(bad());
            }
            Ok(Duration::from_secs_f64(d))
        };
        let base = seconds(base, 60.0, MAX_BASE)?;
        let inc = seconds(inc, 1.0, MAX_INC)?;
        if base.is_zero() {
            return Err(bad());
        }
        Ok(Some(TimeControl { base, inc }))
    }
}

/// The two clocks of a game: time left for each side, and which one runs since when.
#[derive(Clone, Debug)]
pub struct Clock {
    control: TimeControl,
    left: [Duration; 2],
    running: Option<(Side, Instant)>,
}

/// The clocks as the state shows them.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ClockView {
    /// White's (Red's) time left in milliseconds when the state was written.
    pub white_ms: u64,
    /// Black's time left in milliseconds.
    pub black_ms: u64,
    /// `"white"`/`"black"`: whose clock runs; `null` when none does.
    pub running: Option<&'static str>,
    /// The base time in milliseconds.
    pub base_ms: u64,
    /// The increment in milliseconds.
    pub inc_ms: u64,
}

impl Clock {
    /// Both clocks at the base time, stopped.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left: [control.base; 2],
            running: None,
        }
    }

    /// The clocks of a stored game, stopped: its time control and each side's time left
    /// when it was written (the time since then, the server's down time included, is
    /// charged to nobody). `None` when the stored values are no time control this server
    /// would accept.
    pub fn resume(saved: &SavedClock) -> Option<Clock> {
        let ms = Duration::from_millis;
        let control = TimeControl {
            base: ms(saved.base_ms),
            inc: ms(saved.inc_ms),
        };
        if control.base.is_zero() || control.base > MAX_BASE || control.inc > MAX_INC {
            return None;
        }
        // A side's time can have grown past the base through increments, but not without
        // bound; a larger value is a damaged row, and is cut to what it could have been.
        let cap = MAX_BASE + MAX_INC * 1000;
        Some(Clock {
            control,
            left: [ms(saved.white_ms).min(cap), ms(saved.black_ms).min(cap)],
            running: None,
        })
    }

    /// The clocks at `now` as the store keeps them, with `move_ms`, the mover's time left
    /// after each move.
    pub fn saved(&self, now: Instant, move_ms: Vec<Option<u64>>) -> SavedClock {
        let ms = |side| self.left(side, now).as_millis() as u64;
        SavedClock {
            base_ms: self.control.base.as_millis() as u64,
            inc_ms: self.control.inc.as_millis() as u64,
            white_ms: ms(Side::White),
            black_ms: ms(Side::Black),
            move_ms,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Time `side` has left at `now`.
    pub fn left(&self, side: Side, now: Instant) -> Duration {
        let left = self.left[side.index()];
        match self.running {
            Some((s, since)) if s == side => {
                left.saturating_sub(now.saturating_duration_since(since))
            }
            _ => left,
        }
    }

    /// The side whose flag has fallen at `now`, if any (only a running clock can fall).
    pub fn flagged(&self, now: Instant) -> Option<Side> {
        let (side, _) = self.running?;
        self.left(side, now).is_zero().then_some(side)
    }

    /// Stops the running clock, charging it the time since it started.
    pub fn stop(&mut self, now: Instant) {
        if let Some((side, _)) = self.running {
            self.left[side.index()] = self.left(side, now);
            self.running = None;
        }
    }

    /// Starts `side`'s clock (stopping the other first).
    pub fn start(&mut self, side: Side, now: Instant) {
        self.stop(now);
        self.running = Some((side, now));
    }

    /// `mover` has just moved: their clock stops and gains the increment, the other starts.
    pub fn moved(&mut self, mover: Side, now: Instant) {
        self.stop(now);
        self.left[mover.index()] += self.control.inc;
        self.running = Some((mover.flip(), now));
    }

    /// The clocks at `now` for the state.
    pub fn view(&self, now: Instant) -> ClockView {
        let ms = |side| self.left(side, now).as_millis() as u64;
        ClockView {
            white_ms: ms(Side::White),
            black_ms: ms(Side::Black),
            running: self.running.map(|(side, _)| side_key(side)),
            base_ms: self.control.base.as_millis() as u64,
            inc_ms: self.control.inc.as_millis() as u64,
        }
    }

    /// The search clock for `side` to move now, as a UCI `go wtime/btime/winc/binc` gives it.
    pub fn search_clock(&self, side: Side, now: Instant) -> search::Clock {
        search::Clock {
            time: self.left(side, now),
            inc: self.control.inc,
            moves_to_go: None,
        }
    }
}

/// How the game ends when `flagged`'s time runs out in `pos`: a loss, unless the game's
/// rules say the opponent could never mate (then a draw; [`Game::can_win_on_time`]).
pub fn flag_outcome<G: Game>(pos: &G, flagged: Side) -> Outcome {
    let opponent = flagged.flip();
    Outcome {
        winner: pos.can_win_on_time(opponent).then_some(opponent),
        reason: EndReason::Time,
    }
}

/// The result banner's sentence for a game lost or drawn on time by `flagged`.
pub fn flag_text<G: Game>(outcome: &Outcome, flagged: Side) -> String {
    let flagged_name = G::description().side_name(flagged);
    match outcome.winner {
        Some(winner) => format!(
            "{flagged_name} ran out of time: {} wins",
            G::description().side_name(winner)
        ),
        None => format!("{flagged_name} ran out of time, but the opponent cannot mate: draw"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_minutes_plus_seconds() {
        let tc = TimeControl::parse("5+3").unwrap().unwrap();
        assert_eq!(tc.base, Duration::from_secs(300));
        assert_eq!(tc.inc, Duration::from_secs(3));
        assert_eq!(
            TimeControl::parse("0.5+0").unwrap().unwrap().base,
            Duration::from_secs(30)
        );
        assert_eq!(TimeControl::parse("none").unwrap(), None);
        for bad in ["5", "x+3", "0+3", "-1+0", "500+0", "5+99", "NaN+1", "inf+0"] {
            assert_eq!(TimeControl::parse(bad).unwrap_err().status, 400, "{bad}");
        }
    }

    #[test]
    fn the_running_clock_loses_time_and_the_mover_gains_the_increment() {
        let mut clock = Clock::new(TimeControl {
            base: Duration::from_secs(10),
            inc: Duration::from_secs(2),
        });
        let t0 = Instant::now();
        clock.start(Side::White, t0);
        let t1 = t0 + Duration::from_secs(3);
        assert_eq!(clock.left(Side::White, t1), Duration::from_secs(7));
        assert_eq!(clock.left(Side::Black, t1), Duration::from_secs(10));
        clock.moved(Side::White, t1);
        assert_eq!(clock.left(Side::White, t1), Duration::from_secs(9));
        let t2 = t1 + Duration::from_secs(11);
        assert_eq!(clock.flagged(t2), Some(Side::Black));
        assert_eq!(clock.view(t2).black_ms, 0);
        assert_eq!(clock.view(t2).running, Some("black"));
    }

    #[test]
    fn a_flag_draws_in_chess_only_without_mating_material() {
        let bare = chess::Position::from_fen("8/8/8/8/8/k7/8/K1N5 w - - 0 1").unwrap();
        assert_eq!(flag_outcome(&bare, Side::Black).winner, None);
        assert_eq!(flag_outcome(&bare, Side::White).winner, None);
        let rook = chess::Position::from_fen("8/8/8/8/8/k7/8/K1R5 w - - 0 1").unwrap();
        assert_eq!(flag_outcome(&rook, Side::Black).winner, Some(Side::White));
        let xq = xiangqi::Position::start();
        assert_eq!(flag_outcome(&xq, Side::White).winner, Some(Side::Black));
    }
}
