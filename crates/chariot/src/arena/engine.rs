//! Drives one UCI engine process: start-up handshake, options, `go`, with every wait
//! bounded by a deadline so that a hung engine cannot hang the match.
//!
//! A reader thread stamps each line of the engine's output with the instant it arrived
//! and passes it through a channel; the time a move took is measured from writing `go`
//! to the stamp of `bestmove`, so a busy arena thread does not charge the engine.

use super::spec::EngineSpec;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// What went wrong with an engine.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The program could not be started at all (missing, not executable).
    #[error("cannot start `{cmd}`: {source}")]
    Spawn {
        /// The program.
        cmd: String,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// The process exited or closed its pipes.
    #[error("engine process ended (crash)")]
    Crashed,
    /// No expected reply within the deadline.
    #[error("no `{expected}` from the engine within {waited:?}")]
    Timeout {
        /// The reply awaited.
        expected: &'static str,
        /// How long the arena waited.
        waited: Duration,
    },
}

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
}

/// A running engine.
pub struct Engine {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<(Instant, String)>,
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
        let mut cmd = Command::new(&spec.cmd[0]);
        cmd.args(&spec.cmd[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &spec.dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd.spawn().map_err(|source| EngineError::Spawn {
            cmd: spec.cmd.join(" "),
            source,
        })?;
        let stdin = child.stdin.take().ok_or(EngineError::Crashed)?;
        let stdout = child.stdout.take().ok_or(EngineError::Crashed)?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            name: spec.name.clone(),
            child,
            stdin,
            lines: rx,
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
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|_| EngineError::Crashed)
    }

    /// Reads lines until `done` accepts one (returned with its arrival time).
    fn wait_for(
        &mut self,
        expected: &'static str,
        deadline: Instant,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<(Instant, String), EngineError> {
        let start = Instant::now();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok((at, line)) => {
                    if done(&line) {
                        return Ok((at, line));
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineError::Timeout {
                        expected,
                        waited: start.elapsed(),
                    })
                }
                Err(RecvTimeoutError::Disconnected) => return Err(EngineError::Crashed),
            }
        }
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
        while self.lines.try_recv().is_ok() {}
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
        })
    }

    /// Asks the engine to quit, and kills it if it has not after a short grace period.
    pub fn quit(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        let _ = self.send("quit");
        let until = Instant::now() + Duration::from_millis(300);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.shutdown();
        }
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
