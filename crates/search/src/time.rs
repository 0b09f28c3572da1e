//! The time manager: how long to think, given the limits and the clock.
//!
//! Two limits: the *soft* one is checked between iterations (do not start or continue
//! deepening past it, scaled by how unstable the search looks), the *hard* one inside the
//! search (abort now). The hard limit always leaves the move overhead and a safety margin
//! on the clock, so the engine never loses on time as long as the overhead covers the
//! interface's delays.

use crate::api::Limits;
use crate::params::Params;
use std::time::{Duration, Instant};

/// The hard limit, when only one move is left to the next time control, uses at most
/// this fraction of the time left; the soft one at most `LAST_MOVE_SOFT`.
const LAST_MOVE_HARD: f64 = 0.9;
/// See `LAST_MOVE_HARD`.
const LAST_MOVE_SOFT: f64 = 0.8;

/// Clock times, increments and move times are read as at most this (a year): the
/// arithmetic below multiplies them (by percentages, the moves still to come, the hard
/// limit's share), and a front end may pass any number a GUI sent. A UCCI `go time 1000
/// increment 7777777799999999999` (seconds) overflowed `Duration`'s multiplication and
/// panicked the search (the fuzz campaign of session 65).
const LONGEST: Duration = Duration::from_secs(365 * 24 * 3600);

/// Time limits of one search.
#[derive(Clone, Copy, Debug)]
pub struct TimeManager {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
}

impl TimeManager {
    /// Limits for a search that starts at `start`, shaped by the time manager's numbers in
    /// `params` (`tm_*`); `None` limits when only depth, nodes, mate or infinite were asked
    /// for.
    pub fn new(
        limits: &Limits,
        overhead: Duration,
        start: Instant,
        params: &Params,
    ) -> TimeManager {
        let mut soft = None;
        let mut hard = None;
        if let Some(clock) = limits.clock {
            let available = clock.time.min(LONGEST).saturating_sub(overhead);
            // Keep a margin proportional to the clock for scheduling jitter.
            let available = available.saturating_sub(available / 32);
            let mtg = clock
                .moves_to_go
                .unwrap_or(params.tm_moves_to_go.max(1) as u32)
                .clamp(1, 60);
            // Plan as if the overhead were paid on every move still to come (Stockfish's
            // reserve). Without it the clock drained to a few tens of milliseconds in long
            // games at 3+0.03 (a search overshoots its soft limit by up to an iteration), and a
            // scheduling hiccup of 100-200 ms then lost on time: 19 of 200 games in a 2-thread
            // match (BENCHMARKS.md). Below the reserve the engine spends less than the
            // increment, so the clock climbs back.
            let reserve = overhead * (mtg + 2);
            let planned = available.saturating_sub(reserve);
            let inc = clock.inc.min(LONGEST);
            let inc_share = inc * params.tm_increment_percent.clamp(0, 100) as u32 / 100;
            let mut base = planned / mtg + inc_share;
            let soft_max = percent(params.tm_soft_max_percent);
            let hard_max = percent(params.tm_hard_max_percent);
            let (soft_cap, hard_cap) = if mtg == 1 {
                (
                    available.mul_f64(LAST_MOVE_SOFT),
                    available.mul_f64(LAST_MOVE_HARD),
                )
            } else {
                (
                    planned.mul_f64(soft_max) + inc / 2,
                    (planned.mul_f64(hard_max) + inc_share).min(available.mul_f64(hard_max)),
                )
            };
            base = base.min(soft_cap);
            let h = (base * params.tm_hard_per_soft.max(1) as u32).min(hard_cap);
            soft = Some(base.min(h));
            hard = Some(h);
        }
        if let Some(movetime) = limits.movetime {
            let t = movetime
                .min(LONGEST)
                .saturating_sub(overhead)
                .max(Duration::from_millis(1));
            soft = Some(soft.map_or(t, |s| s.min(t)));
            hard = Some(hard.map_or(t, |h| h.min(t)));
        }
        TimeManager { start, soft, hard }
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the search must stop at once.
    #[inline]
    pub fn hard_expired(&self) -> bool {
        self.hard.is_some_and(|h| self.start.elapsed() >= h)
    }

    /// Whether to stop after a finished iteration. `instability` is 1.0 for a quiet search
    /// and grows when the best move changes or the score drops (up to about 2.5), so the
    /// engine thinks longer exactly where the position needs it.
    pub fn stop_after_iteration(&self, instability: f64) -> bool {
        match self.soft {
            None => false,
            Some(soft) => self.start.elapsed() >= soft.mul_f64(instability.clamp(0.4, 3.0)),
        }
    }

    /// The soft limit, if any.
    #[cfg(test)]
    pub fn soft(&self) -> Option<Duration> {
        self.soft
    }

    /// The hard limit, if any.
    #[cfg(test)]
    pub fn hard(&self) -> Option<Duration> {
        self.hard
    }
}

/// A percentage (clamped to 0–100) as a fraction.
fn percent(p: i32) -> f64 {
    f64::from(p.clamp(0, 100)) / 100.0
}

/// How unstable the search looks: grows with recent best-move changes and a falling score,
/// each as `params` weighs them (`tm_change_weight`, `tm_drop_window`,
/// `tm_instability_percent`).
pub fn instability(best_move_changes: f64, score_drop: i32, params: &Params) -> f64 {
    let change_term = 1.0 + best_move_changes * f64::from(params.tm_change_weight) / 100.0;
    let window = params.tm_drop_window.max(1);
    let drop_term = 1.0 + f64::from(score_drop.clamp(0, window)) / f64::from(window);
    (change_term * drop_term).clamp(0.6, 2.5) * f64::from(params.tm_instability_percent) / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Clock;

    const P: Params = Params::DEFAULT;

    fn clock(ms: u64, inc: u64, mtg: Option<u32>) -> Limits {
        Limits {
            clock: Some(Clock {
                time: Duration::from_millis(ms),
                inc: Duration::from_millis(inc),
                moves_to_go: mtg,
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn hard_limit_leaves_overhead_and_margin() {
        for (ms, inc, mtg) in [
            (100, 0, None),
            (10_000, 100, None),
            (50, 0, Some(1)),
            (1_000, 0, Some(1)),
            (5, 0, None),
            (60_000, 0, Some(40)),
        ] {
            let tm = TimeManager::new(
                &clock(ms, inc, mtg),
                Duration::from_millis(10),
                Instant::now(),
                &P,
            );
            let hard = tm.hard().unwrap();
            let soft = tm.soft().unwrap();
            assert!(soft <= hard, "{ms} {inc} {mtg:?}");
            assert!(
                hard + Duration::from_millis(10)
                    <= Duration::from_millis(ms).max(Duration::from_millis(10)),
                "hard {hard:?} for {ms}ms"
            );
        }
    }

    #[test]
    fn more_time_and_increment_mean_more_thinking() {
        let o = Duration::from_millis(10);
        let now = Instant::now();
        let a = TimeManager::new(&clock(10_000, 0, None), o, now, &P)
            .soft()
            .unwrap();
        let b = TimeManager::new(&clock(60_000, 0, None), o, now, &P)
            .soft()
            .unwrap();
        let c = TimeManager::new(&clock(10_000, 1_000, None), o, now, &P)
            .soft()
            .unwrap();
        assert!(a < b && a < c);
    }

    /// A long game at 3+0.03 where every move overshoots its soft limit by half (an
    /// iteration finishing late) plus 5 ms of latency the engine does not see: the clock
    /// must keep a cushion for scheduling hiccups instead of draining to the increment.
    #[test]
    fn the_clock_keeps_a_cushion_in_long_games() {
        let overhead = Duration::from_millis(10);
        let mut left = Duration::from_millis(3000);
        let inc = Duration::from_millis(30);
        let mut lowest = left;
        for _ in 0..300 {
            let tm = TimeManager::new(
                &clock(left.as_millis() as u64, 30, None),
                overhead,
                Instant::now(),
                &P,
            );
            let used = (tm.soft().unwrap().mul_f64(1.5)).min(tm.hard().unwrap())
                + Duration::from_millis(5);
            assert!(used < left, "lost on time with {left:?} left");
            left = left - used + inc;
            lowest = lowest.min(left);
        }
        assert!(
            lowest >= Duration::from_millis(200),
            "clock fell to {lowest:?}"
        );
    }

    /// Any clock a front end can pass gives limits, not a panic: the largest `Duration`s
    /// (UCCI counts seconds, so a long number there is far beyond what milliseconds
    /// reach), with and without moves to go, and as a move time. The limits stay within a
    /// year, as sane as the clock allows.
    #[test]
    fn huge_clocks_give_limits_without_overflow() {
        let huge = [
            Duration::MAX,
            Duration::from_secs(7_777_777_799_999_999_999),
            Duration::from_secs(u64::MAX / 100),
        ];
        for &time in &huge {
            for &inc in &huge {
                for mtg in [None, Some(1), Some(40)] {
                    let limits = Limits {
                        clock: Some(Clock {
                            time,
                            inc,
                            moves_to_go: mtg,
                        }),
                        movetime: Some(time),
                        ..Limits::default()
                    };
                    let tm =
                        TimeManager::new(&limits, Duration::from_millis(10), Instant::now(), &P);
                    let (soft, hard) = (tm.soft().unwrap(), tm.hard().unwrap());
                    assert!(soft <= hard && hard <= LONGEST, "{soft:?} {hard:?}");
                    assert!(hard > Duration::from_secs(1));
                }
            }
        }
    }

    #[test]
    fn movetime_is_used_minus_overhead() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(500)),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, Duration::from_millis(20), Instant::now(), &P);
        assert_eq!(tm.hard(), Some(Duration::from_millis(480)));
        assert!(
            TimeManager::new(&Limits::default(), Duration::ZERO, Instant::now(), &P)
                .hard()
                .is_none()
        );
    }

    #[test]
    fn the_tunable_numbers_shape_the_limits() {
        let o = Duration::from_millis(10);
        let now = Instant::now();
        let soft = |p: &Params| {
            TimeManager::new(&clock(60_000, 500, None), o, now, p)
                .soft()
                .unwrap()
        };
        let fewer_moves = Params {
            tm_moves_to_go: 10,
            ..P
        };
        assert!(soft(&fewer_moves) > soft(&P));
        let less_inc = Params {
            tm_increment_percent: 25,
            ..P
        };
        assert!(soft(&less_inc) < soft(&P));
        let tight_hard = Params {
            tm_hard_per_soft: 2,
            ..P
        };
        let hard = |p: &Params| {
            TimeManager::new(&clock(60_000, 500, None), o, now, p)
                .hard()
                .unwrap()
        };
        assert!(hard(&tight_hard) < hard(&P));
        let calm = Params {
            tm_instability_percent: 40,
            tm_change_weight: 0,
            ..P
        };
        assert!(instability(2.0, 0, &calm) < instability(2.0, 0, &P));
        assert_eq!(instability(3.0, 0, &calm), instability(0.0, 0, &calm));
    }

    #[test]
    fn instability_grows_with_changes_and_drops() {
        assert!(instability(2.0, 0, &P) > instability(0.0, 0, &P));
        assert!(instability(0.0, 100, &P) > instability(0.0, 0, &P));
        assert!(instability(100.0, 1000, &P) <= 2.5);
    }
}
