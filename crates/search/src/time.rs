//! The time manager: how long to think, given the limits and the clock.
//!
//! Two limits: the *soft* one is checked between iterations (do not start or continue
//! deepening past it, scaled by how unstable the search looks), the *hard* one inside the
//! search (abort now). The hard limit always leaves the move overhead and a safety margin
//! on the clock, so the engine never loses on time as long as the overhead covers the
//! interface's delays.

use crate::api::Limits;
use std::time::{Duration, Instant};

/// Moves assumed left in the game when the clock does not say. 20 spends more of a
/// sudden-death clock early than 25 did: +24.5 ± 22.1 over 412 games at 6+0.06
/// (BENCHMARKS.md, session 27). Stockfish's plan, which spends less early and more in
/// the middlegame, lost 18.7 ± 27.9 over 260 games.
const DEFAULT_MOVES_TO_GO: u32 = 20;
/// Fraction of the remaining time the soft limit may use at most.
const SOFT_MAX_FRACTION: f64 = 0.4;
/// Fraction of the remaining time the hard limit may use at most (sudden death).
const HARD_MAX_FRACTION: f64 = 0.75;
/// The hard limit is at most this many times the soft one.
const HARD_PER_SOFT: u32 = 4;

/// Time limits of one search.
#[derive(Clone, Copy, Debug)]
pub struct TimeManager {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
}

impl TimeManager {
    /// Limits for a search that starts at `start`; `None` limits when only depth, nodes,
    /// mate or infinite were asked for.
    pub fn new(limits: &Limits, overhead: Duration, start: Instant) -> TimeManager {
        let mut soft = None;
        let mut hard = None;
        if let Some(clock) = limits.clock {
            let available = clock.time.saturating_sub(overhead);
            // Keep a margin proportional to the clock for scheduling jitter.
            let available = available.saturating_sub(available / 32);
            let mtg = clock
                .moves_to_go
                .unwrap_or(DEFAULT_MOVES_TO_GO)
                .clamp(1, 60);
            // Plan as if the overhead were paid on every move still to come (Stockfish's
            // reserve). Without it the clock drained to a few tens of milliseconds in long
            // games at 3+0.03 (a search overshoots its soft limit by up to an iteration), and a
            // scheduling hiccup of 100-200 ms then lost on time: 19 of 200 games in a 2-thread
            // match (BENCHMARKS.md). Below the reserve the engine spends less than the
            // increment, so the clock climbs back.
            let reserve = overhead * (mtg + 2);
            let planned = available.saturating_sub(reserve);
            let inc = clock.inc;
            let mut base = planned / mtg + inc * 3 / 4;
            let (soft_cap, hard_cap) = if mtg == 1 {
                (available.mul_f64(0.8), available.mul_f64(0.9))
            } else {
                (
                    planned.mul_f64(SOFT_MAX_FRACTION) + inc / 2,
                    (planned.mul_f64(HARD_MAX_FRACTION) + inc * 3 / 4)
                        .min(available.mul_f64(HARD_MAX_FRACTION)),
                )
            };
            base = base.min(soft_cap);
            let h = (base * HARD_PER_SOFT).min(hard_cap);
            soft = Some(base.min(h));
            hard = Some(h);
        }
        if let Some(movetime) = limits.movetime {
            let t = movetime
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

/// How unstable the search looks: grows with recent best-move changes and a falling score.
pub fn instability(best_move_changes: f64, score_drop: i32) -> f64 {
    let change_term = 1.0 + best_move_changes * 0.5;
    let drop_term = 1.0 + (score_drop.clamp(0, 150) as f64) / 150.0;
    (change_term * drop_term).clamp(0.6, 2.5) * 0.8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Clock;

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
        let a = TimeManager::new(&clock(10_000, 0, None), o, now)
            .soft()
            .unwrap();
        let b = TimeManager::new(&clock(60_000, 0, None), o, now)
            .soft()
            .unwrap();
        let c = TimeManager::new(&clock(10_000, 1_000, None), o, now)
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

    #[test]
    fn movetime_is_used_minus_overhead() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(500)),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, Duration::from_millis(20), Instant::now());
        assert_eq!(tm.hard(), Some(Duration::from_millis(480)));
        assert!(
            TimeManager::new(&Limits::default(), Duration::ZERO, Instant::now())
                .hard()
                .is_none()
        );
    }

    #[test]
    fn instability_grows_with_changes_and_drops() {
        assert!(instability(2.0, 0) > instability(0.0, 0));
        assert!(instability(0.0, 100) > instability(0.0, 0));
        assert!(instability(100.0, 1000) <= 2.5);
    }
}
