//! What a soak run counts, and how it is reported.

use super::check::Fault;
use game::{Outcome, Side};
use std::fmt;
use std::time::Duration;

/// Most fault descriptions kept for the report (the counts are always complete).
const KEPT: usize = 12;

/// Totals over the games of one game kind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games finished or stopped.
    pub games: u64,
    /// Plies played (all games).
    pub plies: u64,
    /// Games White (Red) won.
    pub white_wins: u64,
    /// Games Black won.
    pub black_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games stopped at the ply cap without a result.
    pub capped: u64,
    /// Our moves that were not legal.
    pub illegal_moves: u64,
    /// Games in which something panicked (caught per game).
    pub panics: u64,
    /// Our moves that took longer than the clock allowed.
    pub time_losses: u64,
    /// Make/unmake or incremental-hash inconsistencies.
    pub hash_errors: u64,
    /// Positions whose FEN did not read back.
    pub fen_errors: u64,
    /// Principal variations holding an illegal move.
    pub pv_errors: u64,
    /// Games the opponent engine lost by its own fault (illegal move, crash, hang, time).
    pub opponent_faults: u64,
    /// Descriptions of the first faults, for the report.
    pub details: Vec<String>,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
}

impl Stats {
    /// Our own faults: what must be zero for a clean run.
    pub fn faults(&self) -> u64 {
        self.illegal_moves
            + self.panics
            + self.time_losses
            + self.hash_errors
            + self.fen_errors
            + self.pv_errors
    }

    /// Counts a game's result.
    pub fn record_outcome(&mut self, outcome: Option<Outcome>) {
        match outcome.map(|o| o.winner) {
            Some(Some(Side::White)) => self.white_wins += 1,
            Some(Some(Side::Black)) => self.black_wins += 1,
            Some(None) => self.draws += 1,
            None => self.capped += 1,
        }
    }

    /// Counts one of our faults, keeping its description (with the game number).
    pub fn record_fault(&mut self, game: usize, fault: &Fault) {
        match fault {
            Fault::Illegal(_) => self.illegal_moves += 1,
            Fault::Hash(_) => self.hash_errors += 1,
            Fault::Fen(_) => self.fen_errors += 1,
            Fault::Pv(_) => self.pv_errors += 1,
        }
        self.note(game, fault.to_string());
    }

    /// Keeps a description of something that went wrong in a game.
    pub fn note(&mut self, game: usize, text: String) {
        if self.details.len() < KEPT {
            self.details.push(format!("game {game}: {text}"));
        }
    }

    /// Adds another worker's totals.
    pub fn merge(&mut self, other: Stats) {
        self.games += other.games;
        self.plies += other.plies;
        self.white_wins += other.white_wins;
        self.black_wins += other.black_wins;
        self.draws += other.draws;
        self.capped += other.capped;
        self.illegal_moves += other.illegal_moves;
        self.panics += other.panics;
        self.time_losses += other.time_losses;
        self.hash_errors += other.hash_errors;
        self.fen_errors += other.fen_errors;
        self.pv_errors += other.pv_errors;
        self.opponent_faults += other.opponent_faults;
        for d in other.details {
            if self.details.len() < KEPT {
                self.details.push(d);
            }
        }
    }
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.elapsed.as_secs_f64();
        writeln!(
            f,
            "  games {} ({} plies, {:.1} s, {:.1} games/s): white {} black {} draws {} capped {}",
            self.games,
            self.plies,
            secs,
            self.games as f64 / secs.max(1e-9),
            self.white_wins,
            self.black_wins,
            self.draws,
            self.capped
        )?;
        writeln!(
            f,
            "  illegal moves {}, panics {}, time losses {}, hash inconsistencies {}, \
             FEN round-trip errors {}, illegal PVs {}",
            self.illegal_moves,
            self.panics,
            self.time_losses,
            self.hash_errors,
            self.fen_errors,
            self.pv_errors
        )?;
        writeln!(f, "  opponent faults {}", self.opponent_faults)?;
        for d in &self.details {
            writeln!(f, "  - {d}")?;
        }
        Ok(())
    }
}
