//! Counting results: per engine pair (games and colour-swapped game pairs) and the
//! faults of each engine.

use super::game::Fault;
use super::schedule::Pairing;
use super::stats::{EloEstimate, Results};
use game::{Outcome, Side};
use std::collections::HashMap;

/// Faults of one engine, each kind counted separately.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Faults {
    /// Illegal moves.
    pub illegal: u32,
    /// Crashes (process ended, or failed start-up).
    pub crash: u32,
    /// Hangs (no reply within time + margin).
    pub hang: u32,
    /// Losses on time.
    pub time: u32,
}

impl Faults {
    fn add(&mut self, f: Fault) {
        match f {
            Fault::Illegal => self.illegal += 1,
            Fault::Crash => self.crash += 1,
            Fault::Hang => self.hang += 1,
            Fault::Time => self.time += 1,
        }
    }
}

/// Results of engine `a` against engine `b` (`a < b`), from `a`'s point of view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PairTally {
    /// Games `a` won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games `a` lost.
    pub losses: u64,
    /// Completed game pairs by `a`'s points in them, in half points: 0, ½, 1, 1½, 2.
    pub penta: [u64; 5],
}

impl PairTally {
    /// Number of games.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Per-game results for the statistics.
    pub fn trinomial(&self) -> Results {
        Results::trinomial(self.losses, self.draws, self.wins)
    }

    /// Per-pair results; every game belongs to a completed pair once the match is over.
    pub fn pentanomial(&self) -> Results {
        Results::pentanomial(self.penta)
    }

    /// Elo of `a` over `b`: from game pairs once there is one, from single games before.
    pub fn elo(&self) -> EloEstimate {
        let penta = self.pentanomial();
        if penta.samples() > 0 {
            penta.elo()
        } else {
            self.trinomial().elo()
        }
    }
}

/// Everything counted so far in a match.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pairs: HashMap<(usize, usize), PairTally>,
    faults: HashMap<usize, Faults>,
    /// Half points `a` scored in the first game of an unfinished game pair.
    open_pairs: HashMap<usize, u8>,
    /// Games counted.
    pub games: usize,
}

impl Tally {
    /// Counts one finished game.
    pub fn add(&mut self, p: &Pairing, outcome: &Outcome, fault: Option<(Side, Fault)>) {
        self.games += 1;
        let (a, b) = (p.white.min(p.black), p.white.max(p.black));
        let a_side = if p.white == a {
            Side::White
        } else {
            Side::Black
        };
        let half_points: u8 = match outcome.winner {
            None => 1,
            Some(s) if s == a_side => 2,
            Some(_) => 0,
        };
        let t = self.pairs.entry((a, b)).or_default();
        match half_points {
            2 => t.wins += 1,
            1 => t.draws += 1,
            _ => t.losses += 1,
        }
        match self.open_pairs.remove(&p.pair()) {
            Some(first) => t.penta[usize::from(first + half_points)] += 1,
            None => {
                self.open_pairs.insert(p.pair(), half_points);
            }
        }
        if let Some((side, f)) = fault {
            let engine = if side == Side::White {
                p.white
            } else {
                p.black
            };
            self.faults.entry(engine).or_default().add(f);
        }
    }

    /// Results of `a` against `b` (`a < b`), from `a`'s point of view.
    pub fn pair(&self, a: usize, b: usize) -> PairTally {
        self.pairs.get(&(a, b)).cloned().unwrap_or_default()
    }

    /// Faults of one engine.
    pub fn faults(&self, engine: usize) -> Faults {
        self.faults.get(&engine).copied().unwrap_or_default()
    }

    /// Points and games of one engine against all others.
    pub fn engine_score(&self, engine: usize) -> (f64, u64) {
        let mut points = 0.0;
        let mut games = 0;
        for (&(a, b), t) in &self.pairs {
            if a == engine {
                points += t.wins as f64 + 0.5 * t.draws as f64;
            } else if b == engine {
                points += t.losses as f64 + 0.5 * t.draws as f64;
            } else {
                continue;
            }
            games += t.games();
        }
        (points, games)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::EndReason;

    fn outcome(winner: Option<Side>) -> Outcome {
        Outcome {
            winner,
            reason: EndReason::Checkmate,
        }
    }

    #[test]
    fn games_and_pairs_are_counted_from_the_lower_engines_view() {
        let mut t = Tally::default();
        let g = |index, white, black| Pairing {
            index,
            opening: 0,
            white,
            black,
        };
        // Pair 0: engine 0 wins as White, draws as Black -> 1.5 points.
        t.add(&g(0, 0, 1), &outcome(Some(Side::White)), None);
        t.add(&g(1, 1, 0), &outcome(None), None);
        // Pair 1: engine 1 wins both; the second loss of engine 0 is a time forfeit.
        t.add(&g(2, 0, 1), &outcome(Some(Side::Black)), None);
        t.add(
            &g(3, 1, 0),
            &outcome(Some(Side::White)),
            Some((Side::Black, Fault::Time)),
        );
        let p = t.pair(0, 1);
        assert_eq!((p.wins, p.draws, p.losses), (1, 1, 2));
        assert_eq!(p.penta, [1, 0, 0, 1, 0]);
        assert_eq!(
            t.faults(0),
            Faults {
                time: 1,
                ..Faults::default()
            }
        );
        assert_eq!(t.faults(1), Faults::default());
        assert_eq!(t.engine_score(0), (1.5, 4));
        assert_eq!(t.engine_score(1), (2.5, 4));
        assert_eq!(t.games, 4);
    }
}
