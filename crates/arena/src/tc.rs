//! Time controls and the two clocks of one game.
//!
//! Forms accepted on the command line: `10+0.1` (base seconds plus increment), `40/60`
//! (60 seconds for every 40 moves), `40/60+0.5`, and the fixed limits `--movetime MS`,
//! `--nodes N`, `--depth N`.

use game::Side;
use std::fmt;
use std::time::Duration;

/// How long each side may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A clock: `base` for the first `moves` moves (or the whole game), plus `inc` per move.
    Clock {
        /// Moves per period (`40` in `40/60`); `None` for sudden death (with increment).
        moves: Option<u32>,
        /// Time per period.
        base: Duration,
        /// Increment added after each move.
        inc: Duration,
    },
    /// A fixed time per move.
    MoveTime(Duration),
    /// A fixed number of nodes per move (no clock).
    Nodes(u64),
    /// A fixed depth per move (no clock).
    Depth(u32),
}

/// Why a time control was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TcError {
    /// The text is not one of the forms above.
    #[error("bad time control `{0}`: expected e.g. 10+0.1, 40/60 or 40/60+0.5")]
    Malformed(String),
    /// A limit of zero would make every engine lose or search nothing.
    #[error("time control `{0}` allows no thinking at all")]
    Zero(String),
}

fn seconds(text: &str) -> Option<Duration> {
    let value: f64 = text.trim().parse().ok()?;
    (0.0..1e7)
        .contains(&value)
        .then(|| Duration::from_secs_f64(value))
}

impl TimeControl {
    /// Parses a clock time control (`10+0.1`, `40/60`, `40/60+0.5`).
    pub fn parse_clock(text: &str) -> Result<TimeControl, TcError> {
        let bad = || TcError::Malformed(text.to_string());
        let (period, inc) = match text.split_once('+') {
            Some((p, i)) => (p, seconds(i).ok_or_else(bad)?),
            None => (text, Duration::ZERO),
        };
        let (moves, base) = match period.split_once('/') {
            Some((m, b)) => {
                let moves: u32 = m.trim().parse().map_err(|_| bad())?;
                if moves == 0 {
                    return Err(bad());
                }
                (Some(moves), seconds(b).ok_or_else(bad)?)
            }
            None => (None, seconds(period).ok_or_else(bad)?),
        };
        if base.is_zero() && inc.is_zero() {
            return Err(TcError::Zero(text.to_string()));
        }
        Ok(TimeControl::Clock { moves, base, inc })
    }

    /// The `TimeControl` tag value of the PGN standard: `40/60`, `10+0.1`, or `-`
    /// when no clock is used.
    pub fn pgn_tag(&self) -> String {
        match *self {
            TimeControl::Clock { moves, base, inc } => {
                let mut s = match moves {
                    Some(m) => format!("{m}/{}", fmt_secs(base)),
                    None => fmt_secs(base),
                };
                if !inc.is_zero() {
                    s.push_str(&format!("+{}", fmt_secs(inc)));
                }
                s
            }
            TimeControl::MoveTime(_) | TimeControl::Nodes(_) | TimeControl::Depth(_) => {
                "-".to_string()
            }
        }
    }
}

/// Seconds as the PGN tag writes them: `0.1`, `2`, `0.05`.
pub(crate) fn fmt_secs(d: Duration) -> String {
    let s = format!("{:.3}", d.as_secs_f64());
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Clock { .. } => f.write_str(&self.pgn_tag()),
            TimeControl::MoveTime(t) => write!(f, "{} ms/move", t.as_millis()),
            TimeControl::Nodes(n) => write!(f, "{n} nodes/move"),
            TimeControl::Depth(d) => write!(f, "depth {d}"),
        }
    }
}

/// A move that came too late: the side's clock (plus the allowed overhead) ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLoss {
    /// How long the move took.
    pub used: Duration,
    /// How long it was allowed to take.
    pub allowed: Duration,
}

/// The clocks of both sides during one game.
#[derive(Clone, Debug)]
pub struct Clocks {
    /// Each side's time control, indexed by [`Side::index`]; they differ only when an
    /// engine was given its own (`--engine …,tc=40+0.4`), and then both are clocks.
    tcs: [TimeControl; 2],
    remaining: [Duration; 2],
    moves_made: [u32; 2],
    overhead: Duration,
}

fn ms(d: Duration) -> u128 {
    d.as_millis()
}

impl Clocks {
    /// Fresh clocks. `overhead` is the move-overhead margin: a move may exceed the time
    /// left by this much before it loses on time (it absorbs process and pipe latency).
    pub fn new(tc: TimeControl, overhead: Duration) -> Clocks {
        Clocks::per_side(tc, tc, overhead)
    }

    /// Fresh clocks with a time control for each side (time odds: `white` for White or
    /// Red, `black` for Black).
    pub fn per_side(white: TimeControl, black: TimeControl, overhead: Duration) -> Clocks {
        let start = |tc| match tc {
            TimeControl::Clock { base, .. } => base,
            _ => Duration::ZERO,
        };
        Clocks {
            tcs: [white, black],
            remaining: [start(white), start(black)],
            moves_made: [0; 2],
            overhead,
        }
    }

    /// The time control `side`'s clock runs.
    pub fn time_control(&self, side: Side) -> TimeControl {
        self.tcs[side.index()]
    }

    /// Time left on a side's clock (zero without a clock).
    pub fn remaining(&self, side: Side) -> Duration {
        self.remaining[side.index()]
    }

    /// The UCI `go` command for `side` to move.
    pub fn go_command(&self, side: Side) -> String {
        match self.time_control(side) {
            TimeControl::Clock { moves, .. } => {
                let [w, b] = self.remaining;
                let [wi, bi] = self.tcs.map(|tc| match tc {
                    TimeControl::Clock { inc, .. } => inc,
                    _ => Duration::ZERO,
                });
                let mut cmd = format!(
                    "go wtime {} btime {} winc {} binc {}",
                    ms(w),
                    ms(b),
                    ms(wi),
                    ms(bi)
                );
                if let Some(m) = moves {
                    let to_go = m - self.moves_made[side.index()] % m;
                    cmd.push_str(&format!(" movestogo {to_go}"));
                }
                cmd
            }
            TimeControl::MoveTime(t) => format!("go movetime {}", ms(t)),
            TimeControl::Nodes(n) => format!("go nodes {n}"),
            TimeControl::Depth(d) => format!("go depth {d}"),
        }
    }

    /// How long `side` may think before losing on time, overhead included;
    /// `None` when the limit is nodes or depth (no clock runs).
    pub fn allowed(&self, side: Side) -> Option<Duration> {
        match self.time_control(side) {
            TimeControl::Clock { .. } => Some(self.remaining[side.index()] + self.overhead),
            TimeControl::MoveTime(t) => Some(t + self.overhead),
            TimeControl::Nodes(_) | TimeControl::Depth(_) => None,
        }
    }

    /// Charges `used` to `side` after its move; adds the increment and, at the end of a
    /// period, the next period's time.
    pub fn charge(&mut self, side: Side, used: Duration) -> Result<(), TimeLoss> {
        if let Some(allowed) = self.allowed(side) {
            if used > allowed {
                return Err(TimeLoss { used, allowed });
            }
        }
        let i = side.index();
        if let TimeControl::Clock { moves, base, inc } = self.time_control(side) {
            self.remaining[i] = self.remaining[i].saturating_sub(used) + inc;
            self.moves_made[i] += 1;
            if moves.is_some_and(|m| self.moves_made[i].is_multiple_of(m)) {
                self.remaining[i] += base;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn parses_the_three_clock_forms() {
        assert_eq!(
            TimeControl::parse_clock("10+0.1"),
            Ok(TimeControl::Clock {
                moves: None,
                base: ms(10_000),
                inc: ms(100)
            })
        );
        assert_eq!(
            TimeControl::parse_clock("40/60"),
            Ok(TimeControl::Clock {
                moves: Some(40),
                base: ms(60_000),
                inc: ms(0)
            })
        );
        assert_eq!(
            TimeControl::parse_clock("40/60+0.5").map(|t| t.pgn_tag()),
            Ok("40/60+0.5".to_string())
        );
        assert_eq!(
            TimeControl::parse_clock("10+0.1").unwrap().pgn_tag(),
            "10+0.1"
        );
        for bad in ["", "abc", "0/60", "10+x", "-5", "40/", "1e99"] {
            assert!(TimeControl::parse_clock(bad).is_err(), "{bad}");
        }
        assert!(matches!(
            TimeControl::parse_clock("0+0"),
            Err(TcError::Zero(_))
        ));
    }

    #[test]
    fn increment_clock_charges_and_refills() {
        let tc = TimeControl::parse_clock("1+0.1").unwrap();
        let mut c = Clocks::new(tc, ms(50));
        assert_eq!(
            c.go_command(Side::White),
            "go wtime 1000 btime 1000 winc 100 binc 100"
        );
        c.charge(Side::White, ms(300)).unwrap();
        assert_eq!(c.remaining(Side::White), ms(800));
        assert_eq!(c.remaining(Side::Black), ms(1000));
        // 800 left + 50 overhead: 840 is in time, 900 is not.
        assert_eq!(c.allowed(Side::White), Some(ms(850)));
        assert!(c.clone().charge(Side::White, ms(840)).is_ok());
        assert_eq!(
            c.charge(Side::White, ms(900)),
            Err(TimeLoss {
                used: ms(900),
                allowed: ms(850)
            })
        );
    }

    #[test]
    fn moves_per_period_adds_time_and_counts_down() {
        let tc = TimeControl::parse_clock("2/10").unwrap();
        let mut c = Clocks::new(tc, Duration::ZERO);
        assert!(c.go_command(Side::Black).ends_with("movestogo 2"));
        c.charge(Side::Black, ms(4000)).unwrap();
        assert!(c.go_command(Side::Black).ends_with("movestogo 1"));
        c.charge(Side::Black, ms(4000)).unwrap();
        // Two moves made: the next period's 10 s arrive.
        assert_eq!(c.remaining(Side::Black), ms(12_000));
        assert!(c.go_command(Side::Black).ends_with("movestogo 2"));
    }

    #[test]
    fn fixed_limits() {
        let c = Clocks::new(TimeControl::MoveTime(ms(100)), ms(20));
        assert_eq!(c.go_command(Side::White), "go movetime 100");
        assert_eq!(c.allowed(Side::White), Some(ms(120)));
        let mut c = Clocks::new(TimeControl::Nodes(5000), ms(20));
        assert_eq!(c.go_command(Side::Black), "go nodes 5000");
        assert_eq!(c.allowed(Side::Black), None);
        assert!(c.charge(Side::Black, Duration::from_secs(100)).is_ok());
        assert_eq!(
            Clocks::new(TimeControl::Depth(7), ms(0)).go_command(Side::White),
            "go depth 7"
        );
    }

    #[test]
    fn time_odds_give_each_side_its_own_clock() {
        let slow = TimeControl::parse_clock("40+0.4").unwrap();
        let fast = TimeControl::parse_clock("10+0.1").unwrap();
        let mut c = Clocks::per_side(fast, slow, ms(0));
        assert_eq!(c.time_control(Side::Black), slow);
        assert_eq!(
            c.go_command(Side::Black),
            "go wtime 10000 btime 40000 winc 100 binc 400"
        );
        c.charge(Side::White, ms(1000)).unwrap();
        c.charge(Side::Black, ms(1000)).unwrap();
        // Each side gets its own increment back.
        assert_eq!(c.remaining(Side::White), ms(9100));
        assert_eq!(c.remaining(Side::Black), ms(39_400));
        // White's 9.1 s is its limit, whatever Black has left.
        assert!(c.clone().charge(Side::White, ms(9200)).is_err());
        assert!(c.charge(Side::Black, ms(9200)).is_ok());
    }
}
