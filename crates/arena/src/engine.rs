//! Drives one UCI engine process: start-up handshake, options, `go`, with every wait
//! bounded by a deadline so that a hung engine cannot hang the match.

pub use super::process::EngineError;
use super::process::Process;
use super::spec::EngineSpec;
use std::time::{Duration, Instant};

/// A score an engine reported, from its own point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineScore {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl EngineScore {
    /// The score as centipawns, mates as ±100000 (for adjudication thresholds).
    pub fn as_cp(self) -> i32 {
        match self {
            EngineScore::Cp(cp) => cp,
            EngineScore::Mate(m) if m > 0 => 100_000 - m,
            EngineScore::Mate(m) => -100_000 - m,
        }
    }
}

/// The answer to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The move as the engine wrote it (`(none)` or `0000` when it had none).
    pub bestmove: String,
    /// Time from `go` to `bestmove`.
    pub elapsed: Duration,
    /// The last score reported in an `info` line, if any.
    pub score: Option<EngineScore>,
    /// The depth of that `info` line, if given.
    pub depth: Option<u32>,
    /// The engine resigned instead of moving (xboard's `resign`).
    pub resigned: bool,
}

/// A running engine.
pub struct Engine {
    name: String,
    process: Process,
    /// Option names the engine declared during the handshake.
    declared: Vec<String>,
}

/// Parses the score of an `info` line (`score cp 31`, `score mate -3`), ignoring bounds.
fn info_score(line: &str) -> (Option<EngineScore>, Option<u32>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut score = None;
    let mut depth = None;
    let mut bound = false;
    for (i, w) in words.iter().enumerate() {
        let next = words.get(i + 1).copied().unwrap_or("");
        match *w {
            "depth" => depth = next.parse().ok(),
            "lowerbound" | "upperbound" => bound = true,
            "cp" if i > 0 && words[i - 1] == "score" => {
                score = next.parse().ok().map(EngineScore::Cp)
            }
            "mate" if i > 0 && words[i - 1] == "score" => {
                score = next.parse().ok().map(EngineScore::Mate)
            }
            _ => {}
        }
    }
    if bound {
        score = None;
    }
    (score, depth)
}

impl Engine {
    /// Starts the engine and completes the `uci` / `uciok` handshake, then sets the spec's
    /// options, `UCI_Variant` if `variant` is given and the engine declares that option,
    /// and waits for `readyok`.
    pub fn start(
        spec: &EngineSpec,
        variant: Option<&str>,
        timeout: Duration,
    ) -> Result<Engine, EngineError> {
        let mut engine = Engine {
            name: spec.name.clone(),
            process: Process::spawn(spec)?,
            declared: Vec::new(),
        };
        engine.send("uci")?;
        let deadline = Instant::now() + timeout;
        let mut declared = Vec::new();
        engine.wait_for("uciok", deadline, |line| {
            if let Some(rest) = line.strip_prefix("option name ") {
                let name = rest.split(" type ").next().unwrap_or(rest).trim();
                declared.push(name.to_string());
            }
            line.trim() == "uciok"
        })?;
        engine.declared = declared;
        if let Some(v) = variant {
            if engine.declares("UCI_Variant") {
                engine.send(&format!("setoption name UCI_Variant value {v}"))?;
            }
        }
        for (name, value) in &spec.options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.sync(timeout)?;
        Ok(engine)
    }

    /// Switches the engine to Chess960 (`setoption name UCI_Chess960 value true`; it takes
    /// effect with the next `isready`, which every game starts with). An engine that does
    /// not announce the option cannot read the positions or the king-takes-rook castling:
    /// a set-up error that stops the match.
    pub fn enable_chess960(&mut self) -> Result<(), EngineError> {
        if !self.declares("UCI_Chess960") {
            return Err(EngineError::Unsupported(format!(
                "{} does not announce the UCI option UCI_Chess960, so it cannot play Chess960",
                self.name
            )));
        }
        self.send("setoption name UCI_Chess960 value true")
    }

    /// The engine's name from its spec.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether the engine declared a UCI option of this name (case-insensitive, as UCI says).
    pub fn declares(&self, option: &str) -> bool {
        self.declared.iter().any(|o| o.eq_ignore_ascii_case(option))
    }

    /// Writes one command line.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        self.process.send(line)
    }

    fn wait_for(
        &mut self,
        expected: &'static str,
        deadline: Instant,
        done: impl FnMut(&str) -> bool,
    ) -> Result<(Instant, String), EngineError> {
        self.process.wait_for(expected, deadline, done)
    }

    /// `isready` / `readyok`.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), EngineError> {
        self.send("isready")?;
        self.wait_for("readyok", Instant::now() + timeout, |l| {
            l.trim() == "readyok"
        })
        .map(|_| ())
    }

    /// Prepares for a new game: `ucinewgame`, then `isready`.
    pub fn new_game(&mut self, timeout: Duration) -> Result<(), EngineError> {
        // Lines left over from an earlier game (a late `bestmove`) must not be read as
        // answers in this one.
        self.process.drain();
        self.send("ucinewgame")?;
        self.sync(timeout)
    }

    /// Sends `position` and `go`, and waits at most `wait` for `bestmove`.
    pub fn go(&mut self, position: &str, go: &str, wait: Duration) -> Result<Reply, EngineError> {
        self.send(position)?;
        let sent = Instant::now();
        self.send(go)?;
        let mut score = None;
        let mut depth = None;
        let (at, line) = self.wait_for("bestmove", sent + wait, |line| {
            if line.starts_with("info ") {
                let (s, d) = info_score(line);
                if s.is_some() {
                    score = s;
                    depth = d;
                }
            }
            line.starts_with("bestmove")
        })?;
        let bestmove = line.split_whitespace().nth(1).unwrap_or("").to_string();
        Ok(Reply {
            bestmove,
            elapsed: at.saturating_duration_since(sent),
            score,
            depth,
            resigned: false,
        })
    }

    /// Asks the engine to quit, and kills it if it has not after a short grace period.
    pub fn quit(mut self) {
        self.process.shutdown();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_scores() {
        assert_eq!(
            info_score("info depth 12 seldepth 20 score cp -31 nodes 5 pv e2e4"),
            (Some(EngineScore::Cp(-31)), Some(12))
        );
        assert_eq!(
            info_score("info depth 3 score mate 2 pv a1a2").0,
            Some(EngineScore::Mate(2))
        );
        assert_eq!(info_score("info depth 9 score cp 40 lowerbound").0, None);
        assert_eq!(info_score("info string score cp").0, None);
        assert!(EngineScore::Mate(-1).as_cp() < -99_000);
        assert!(EngineScore::Mate(3).as_cp() > 99_000);
    }
}
