//! Drives one engine that speaks the xboard protocol (CECP, version 2), as phalanx, sjeng
//! and gnuchess do in Debian. Chess only.
//!
//! The engine is kept in `force` mode except while it thinks: before each of its moves the
//! arena sends the moves played since its last one, `time`/`otim` (centiseconds) under a
//! clock, and `go`; the answer is `move X` (coordinates or SAN) or `resign`. Result claims
//! (`1-0 {…}`), draw offers and thinking output are not binding: the arena referees. A
//! legal move the engine refuses (`Illegal move`) costs it the game like a crash.

use super::engine::{EngineScore, Reply};
use super::process::{EngineError, Process};
use super::spec::EngineSpec;
use super::tc::{fmt_secs, Clocks, TimeControl};
use game::{MoveStyle, Side};
use std::time::{Duration, Instant};

/// How long an engine that sends no `feature` line at all gets before it is taken for a
/// protocol-1 engine. The xboard documentation says two seconds; a loaded machine can take
/// longer than that just to start a program, and a protocol-1 engine is rare.
const FEATURE_GRACE: Duration = Duration::from_secs(5);

/// The standard chess start (board, side, castling, en passant): an engine without
/// `setboard` can still play games from it.
const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";

/// What the engine announced with `feature` and the arena uses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// `ping N` / `pong N` synchronisation.
    pub ping: bool,
    /// `setboard FEN` instead of `edit`.
    pub setboard: bool,
    /// Moves are sent as `usermove X`.
    pub usermove: bool,
    /// Moves are sent in SAN.
    pub san: bool,
    /// `memory N` sets the hash size in MB.
    pub memory: bool,
    /// The name the engine gives itself.
    pub name: Option<String>,
}

impl Features {
    /// Takes one `feature` assignment; returns whether the arena honours it (the answer
    /// `accepted` or `rejected` the protocol asks for).
    fn take(&mut self, key: &str, value: &str) -> bool {
        let on = value == "1";
        match key {
            "ping" => self.ping = on,
            "setboard" => self.setboard = on,
            "usermove" => self.usermove = on,
            "san" => self.san = on,
            "memory" => self.memory = on,
            "myname" => self.name = Some(value.to_string()),
            // Never sends signals: the engine is never interrupted while thinking.
            "sigint" | "sigterm" => return !on,
            "done" | "time" | "reuse" | "variants" | "option" | "analyze" | "debug" => {}
            // Any other feature asks for something the arena does not do (draw offers,
            // `white`/`black`, `playother`, ICS, pause…).
            _ => return !on,
        }
        true
    }
}

/// Splits `feature a=1 b="x y"` into its assignments (quotes removed).
pub fn parse_features(line: &str) -> Vec<(String, String)> {
    let Some(rest) = line.trim().strip_prefix("feature") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut chars = rest.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        let key: String = chars
            .by_ref()
            .take_while(|&c| c != '=' && !c.is_whitespace())
            .collect();
        if key.is_empty() {
            return out;
        }
        let value: String = if chars.peek() == Some(&'"') {
            chars.next();
            chars.by_ref().take_while(|&c| c != '"').collect()
        } else {
            chars.by_ref().take_while(|c| !c.is_whitespace()).collect()
        };
        out.push((key, value));
    }
}

/// A thinking line (`depth score time nodes pv…`): depth and score in centipawns.
fn thinking(line: &str) -> Option<(u32, i32)> {
    let mut words = line.split_whitespace();
    let depth = words
        .next()?
        .trim_end_matches(|c: char| !c.is_ascii_digit());
    let depth: u32 = depth.parse().ok()?;
    let score: i32 = words.next()?.parse().ok()?;
    let _time: u64 = words.next()?.parse().ok()?;
    let _nodes: u64 = words.next()?.parse().ok()?;
    Some((depth, score))
}

/// The commands that set a time control, or why xboard cannot express it.
pub fn tc_commands(tc: TimeControl) -> Result<Vec<String>, String> {
    match tc {
        TimeControl::Clock { moves, base, inc } => {
            // Whole seconds (at least one): the precise clock comes with `time` each move.
            let secs = base.as_secs().max(1);
            let base = if secs % 60 == 0 {
                (secs / 60).to_string()
            } else {
                format!("{}:{:02}", secs / 60, secs % 60)
            };
            Ok(vec![format!(
                "level {} {base} {}",
                moves.unwrap_or(0),
                fmt_secs(inc)
            )])
        }
        TimeControl::MoveTime(t) if t.as_millis() % 1000 == 0 => {
            Ok(vec![format!("st {}", t.as_secs())])
        }
        TimeControl::MoveTime(_) => {
            Err("xboard engines take a move time in whole seconds (st)".to_string())
        }
        TimeControl::Depth(d) => Ok(vec![format!("sd {d}")]),
        TimeControl::Nodes(_) => Err("xboard engines cannot be limited by nodes".to_string()),
    }
}

/// A running xboard engine.
pub struct XboardEngine {
    process: Process,
    features: Features,
    /// Moves of the current game the engine has been told (or played itself).
    known: usize,
    pings: u32,
}

/// The engine's answer to `go`, as read from its output.
enum Answer {
    Move(String),
    Resign,
    Refused(String),
}

impl XboardEngine {
    /// Starts the engine: `xboard`, `protover 2`, the feature negotiation, then the spec's
    /// options (`Hash`/`memory` as `memory N`, others as `option NAME=VALUE`).
    pub fn start(spec: &EngineSpec, timeout: Duration) -> Result<XboardEngine, EngineError> {
        let mut engine = XboardEngine {
            process: Process::spawn(spec)?,
            features: Features::default(),
            known: 0,
            pings: 0,
        };
        engine.process.send("xboard")?;
        engine.process.send("protover 2")?;
        engine.negotiate(timeout)?;
        for (name, value) in &spec.options {
            let command = if name.eq_ignore_ascii_case("hash") || name == "memory" {
                if !engine.features.memory {
                    continue;
                }
                format!("memory {value}")
            } else {
                format!("option {name}={value}")
            };
            engine.process.send(&command)?;
        }
        engine.sync(timeout)?;
        Ok(engine)
    }

    /// Reads `feature` lines until `done=1`, answering each. An engine that says nothing
    /// for [`FEATURE_GRACE`] is a protocol-1 engine with no features; one that said
    /// `done=0` has until `timeout`.
    fn negotiate(&mut self, timeout: Duration) -> Result<(), EngineError> {
        let started = Instant::now();
        let mut deadline = started + FEATURE_GRACE.min(timeout);
        loop {
            let (_, line) = match self.process.wait_for("feature done=1", deadline, |l| {
                l.trim_start().starts_with("feature")
            }) {
                Ok(found) => found,
                Err(EngineError::Timeout { .. }) if deadline < started + timeout => {
                    return Ok(());
                }
                Err(e) => return Err(e),
            };
            let mut done = false;
            for (key, value) in parse_features(&line) {
                let verdict = if self.features.take(&key, &value) {
                    "accepted"
                } else {
                    "rejected"
                };
                self.process.send(&format!("{verdict} {key}"))?;
                if key == "done" {
                    done = value == "1";
                    if value == "0" {
                        deadline = started + timeout;
                    }
                }
            }
            if done {
                return Ok(());
            }
        }
    }

    /// `ping N` / `pong N` when the engine supports it: everything it printed before the
    /// pong (errors about commands it does not know) is read and forgotten.
    fn sync(&mut self, timeout: Duration) -> Result<(), EngineError> {
        if !self.features.ping {
            return Ok(());
        }
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.process.send(&format!("ping {}", self.pings))?;
        self.process
            .wait_for("pong", Instant::now() + timeout, |l| l.trim() == pong)
            .map(|_| ())
    }

    /// The features the engine announced.
    pub fn features(&self) -> &Features {
        &self.features
    }

    /// How moves are written to this engine: SAN if it asked for it.
    pub fn style(&self) -> MoveStyle {
        if self.features.san {
            MoveStyle::Human
        } else {
            MoveStyle::Coord
        }
    }

    /// Prepares a game from `fen` under `tc`: `new`, `force`, `setboard`, the time control,
    /// no pondering, thinking output on.
    pub fn new_game(
        &mut self,
        fen: &str,
        tc: TimeControl,
        timeout: Duration,
    ) -> Result<(), EngineError> {
        self.process.drain();
        self.known = 0;
        for command in ["new", "force", "easy", "post"] {
            self.process.send(command)?;
        }
        if self.features.setboard {
            self.process.send(&format!("setboard {fen}"))?;
        } else if !fen.starts_with(CHESS_START) {
            return Err(EngineError::Unsupported(
                "the engine has no setboard and the opening is not the start position".to_string(),
            ));
        }
        for command in tc_commands(tc).map_err(EngineError::Unsupported)? {
            self.process.send(&command)?;
        }
        self.sync(timeout)
    }

    /// Sends the moves the engine has not seen yet, the clocks, and `go`; waits at most
    /// `wait` for its move. `moves` are all the game's moves in this engine's notation.
    pub fn think(
        &mut self,
        moves: &[String],
        clocks: &Clocks,
        side: Side,
        wait: Duration,
    ) -> Result<Reply, EngineError> {
        for text in &moves[self.known.min(moves.len())..] {
            let line = if self.features.usermove {
                format!("usermove {text}")
            } else {
                text.clone()
            };
            self.process.send(&line)?;
        }
        self.known = moves.len();
        if let TimeControl::Clock { .. } = clocks.time_control(side) {
            let cs = |d: Duration| d.as_millis() / 10;
            self.process
                .send(&format!("time {}", cs(clocks.remaining(side))))?;
            self.process
                .send(&format!("otim {}", cs(clocks.remaining(side.flip()))))?;
        }
        let sent = Instant::now();
        self.process.send("go")?;
        let mut answer = None;
        let mut score = None;
        let (at, _) = self.process.wait_for("move", sent + wait, |line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            answer = match words.as_slice() {
                ["move", mv, ..] => Some(Answer::Move(mv.to_string())),
                ["resign", ..] => Some(Answer::Resign),
                [first, ..] if first.starts_with("Illegal") => {
                    Some(Answer::Refused(line.trim().to_string()))
                }
                _ => {
                    if let Some(found) = thinking(line) {
                        score = Some(found);
                    }
                    None
                }
            };
            answer.is_some()
        })?;
        let bestmove = match answer {
            Some(Answer::Move(mv)) => mv,
            Some(Answer::Resign) => String::new(),
            Some(Answer::Refused(line)) => return Err(EngineError::Refused(line)),
            // wait_for returns only once an answer was read.
            None => return Err(EngineError::Crashed),
        };
        let resigned = bestmove.is_empty();
        if !resigned {
            self.known += 1;
        }
        // Back to force mode, so that the opponent's move does not start a search.
        self.process.send("force")?;
        Ok(Reply {
            bestmove,
            elapsed: at.saturating_duration_since(sent),
            score: score.map(|(_, cp)| EngineScore::Cp(cp)),
            depth: score.map(|(depth, _)| depth),
            resigned,
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
    fn features_with_quotes_and_answers() {
        let line = r#"feature myname="Phalanx XXV" setboard=1 sigint=1 ping=1 option="Randomizer (0-50) -slider 0 0 50" done=1"#;
        let parsed = parse_features(line);
        assert_eq!(
            parsed,
            [
                ("myname".to_string(), "Phalanx XXV".to_string()),
                ("setboard".into(), "1".into()),
                ("sigint".into(), "1".into()),
                ("ping".into(), "1".into()),
                ("option".into(), "Randomizer (0-50) -slider 0 0 50".into()),
                ("done".into(), "1".into()),
            ]
        );
        let mut f = Features::default();
        let answers: Vec<bool> = parsed.iter().map(|(k, v)| f.take(k, v)).collect();
        assert_eq!(answers, [true, true, false, true, true, true]);
        assert!(f.setboard && f.ping && !f.san && !f.usermove);
        assert_eq!(f.name.as_deref(), Some("Phalanx XXV"));
        assert!(f.take("sigint", "0"));
        assert!(!f.take("playother", "1") && f.take("colors", "0"));
        assert!(parse_features("tellics set 1").is_empty());
    }

    #[test]
    fn thinking_lines_give_depth_and_score() {
        assert_eq!(thinking(" 7     -7    51    72331  e5 !"), Some((7, -7)));
        assert_eq!(thinking("12. 35 120 99999 Nf3 Nc6"), Some((12, 35)));
        assert_eq!(thinking("move e2e4"), None);
        assert_eq!(thinking("Time for move : 50"), None);
    }

    #[test]
    fn time_controls_in_xboard_terms() {
        let tc = |t: &str| tc_commands(TimeControl::parse_clock(t).unwrap()).unwrap();
        assert_eq!(tc("10+0.1"), ["level 0 0:10 0.1"]);
        assert_eq!(tc("40/120"), ["level 40 2 0"]);
        assert_eq!(tc("0.5+0.05"), ["level 0 0:01 0.05"]);
        assert_eq!(
            tc_commands(TimeControl::MoveTime(Duration::from_secs(2))).unwrap(),
            ["st 2"]
        );
        assert_eq!(tc_commands(TimeControl::Depth(5)).unwrap(), ["sd 5"]);
        assert!(tc_commands(TimeControl::MoveTime(Duration::from_millis(300))).is_err());
        assert!(tc_commands(TimeControl::Nodes(1000)).is_err());
    }
}
