//! One engine process and its pipes, whatever protocol it speaks: start-up, writing a
//! line, reading lines until an expected one with a deadline, and shutting it down.
//!
//! A reader thread stamps each line of the engine's output with the instant it arrived
//! and passes it through a channel; the time a move took is measured from writing the
//! command to the stamp of the answer, so a busy arena thread does not charge the engine.

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
    /// The engine refused a legal move the arena sent it (its own fault: it lost sync).
    #[error("the engine refused a legal move: `{0}`")]
    Refused(String),
    /// The engine cannot play this game as asked (e.g. an opening position without
    /// `setboard`); a setup error, fatal for the match like a missing program.
    #[error("{0}")]
    Unsupported(String),
}

impl EngineError {
    /// Whether the error is the match's set-up rather than the engine's play, so that the
    /// match stops instead of scoring a forfeit.
    pub fn is_fatal(&self) -> bool {
        matches!(
            self,
            EngineError::Spawn { .. } | EngineError::Unsupported(_)
        )
    }
}

/// A running engine process.
pub struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<(Instant, String)>,
}

impl Process {
    /// Starts the spec's program with piped input and output (errors discarded).
    pub fn spawn(spec: &EngineSpec) -> Result<Process, EngineError> {
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
        Ok(Process {
            child,
            stdin,
            lines: rx,
        })
    }

    /// Writes one command line.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|_| EngineError::Crashed)
    }

    /// Reads lines until `done` accepts one (returned with its arrival time).
    pub fn wait_for(
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

    /// Forgets lines already received (left over from an earlier game, such as a late
    /// answer), so they are not read as answers in the next one.
    pub fn drain(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// Sends `quit` (both protocols' word for it), and kills the process if it has not
    /// ended after a short grace period.
    pub fn shutdown(&mut self) {
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

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.shutdown();
        }
    }
}
