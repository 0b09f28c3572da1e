//! A whole scripted UCI session: the input is many lines, fed one by one to Chariot's real
//! UCI session (`uci::session::Session`), which may switch between chess and
//! xiangqi through `UCI_Variant`. What would make one input slow or unbounded is capped
//! before the session sees it: every `go` searches at most depth 2 (depth 1 unless it asks
//! for more) and a few hundred nodes (no infinite or ponder searches, which wait for a
//! `stop`), Hash and Threads stay small, bench and perft stay shallow, book files are not
//! opened. After each `go` the search is awaited and its `bestmove` must be a legal move
//! (or none when there is none).
#![no_main]

use game::MoveStyle;
use testkit::Capture; // the session's output, kept so that each `bestmove` can be checked
use uci::options::{Settings, Variant};
use uci::parse::{parse, Command};
use uci::session::{Flow, Output, Session};

/// Most lines carried out per input.
const MAX_LINES: usize = 64;
/// Node budget of each `go`.
const NODES: u64 = 300;
/// Depth of a `go` that names none. The engine checks its node budget only every 1024
/// nodes, so a `go nodes 50` alone still searches a thousand nodes or more; a depth limit
/// keeps searches small. Depth 1 (root moves and quiescence, a few dozen nodes) runs the
/// whole protocol around the search at about three times the executions per second of
/// depth 3 (session 54: 300-375 against 107-125 on the loaded VM).
const DEPTH: u32 = 1;
/// Deepest `go depth N` carried out: depth 2 still gives a two-move PV, so `bestmove …
/// ponder …` and the deeper search paths stay covered (187 executions per second).
const MAX_DEPTH: u32 = 2;

/// A session of either game.
enum Any {
    Chess(Session<chess::Position>),
    Xiangqi(Session<xiangqi::Position>),
}

fn open(settings: Settings, out: &Capture) -> Any {
    let output = Output::new(out.clone());
    match settings.variant {
        Variant::Chess => Any::Chess(Session::new(settings, MoveStyle::Coord, true, output)),
        Variant::Xiangqi => Any::Xiangqi(Session::new(
            settings,
            MoveStyle::CoordOneBased,
            true,
            output,
        )),
    }
}

/// Caps what would make one input slow; `None` drops the command.
fn tame(command: Command) -> Option<Command> {
    Some(match command {
        Command::Go(mut go) => {
            go.nodes = Some(go.nodes.unwrap_or(NODES).min(NODES));
            go.depth = Some(go.depth.map_or(DEPTH, |d| d.min(MAX_DEPTH)));
            go.infinite = false;
            go.ponder = false;
            Command::Go(go)
        }
        Command::SetOption { name, value } => {
            let key = name.to_ascii_lowercase();
            if key.contains("book") && key.contains("file") {
                return None;
            }
            let cap = match key.as_str() {
                "hash" => Some(4),
                "threads" => Some(2),
                _ => None,
            };
            let value = match cap {
                Some(cap) if read_as(&name, value.as_deref()) > Some(cap) => Some(cap.to_string()),
                _ => value,
            };
            Command::SetOption { name, value }
        }
        Command::Bench(_) => return None,
        Command::Perft(depth) => Command::Perft(depth.min(2)),
        other => other,
    })
}

/// The Hash or Threads value the session would take from this `setoption`, read by the
/// session's own option parser, so that every number it accepts (one too long for `u64`
/// is clamped to the maximum, for Hash half the machine's memory) meets the cap.
fn read_as(name: &str, value: Option<&str>) -> Option<usize> {
    let mut probe = Settings::new(Variant::Chess);
    probe.set(name, value).ok()?;
    match name.trim().to_ascii_lowercase().as_str() {
        "hash" => Some(probe.hash_mb),
        "threads" => Some(probe.threads),
        _ => None,
    }
}

/// Checks the last `bestmove` the session wrote against its position.
fn check_bestmove<G: engine::Tuned>(session: &mut Session<G>, style: MoveStyle, out: &Capture) {
    session.engine_mut().wait();
    let text = out.take();
    let Some(line) = text.lines().rev().find(|l| l.starts_with("bestmove")) else {
        panic!("a go without bestmove: {text}");
    };
    let best = line.split_whitespace().nth(1).unwrap_or("");
    let pos = session.engine_mut().position().clone();
    let legal = pos.legal_moves();
    if legal.is_empty() {
        assert!(
            matches!(best, "(none)" | "0000"),
            "bestmove {best} with no legal move"
        );
    } else {
        let mv = pos
            .parse_move(best, style)
            .unwrap_or_else(|e| panic!("illegal bestmove {best} in {}: {e}", pos.to_fen()));
        assert!(legal.iter().any(|m| *m == mv));
    }
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let out = Capture::default();
    let mut settings = Settings::new(Variant::Chess);
    settings.hash_mb = 1;
    let mut session = open(settings, &out);
    for line in text.lines().take(MAX_LINES) {
        let command = match parse(line) {
            Ok(None) => continue,
            Ok(Some(command)) => command,
            Err(_) => {
                // Unparsable lines go in as they are: the session must report, not die.
                match &mut session {
                    Any::Chess(s) => s.handle_line(line),
                    Any::Xiangqi(s) => s.handle_line(line),
                };
                continue;
            }
        };
        let Some(command) = tame(command) else {
            continue;
        };
        let is_go = matches!(command, Command::Go(_));
        let flow = match &mut session {
            Any::Chess(s) => s.handle(command),
            Any::Xiangqi(s) => s.handle(command),
        };
        match flow {
            Flow::Continue => {}
            Flow::Quit => break,
            Flow::Switch(variant) => {
                let mut settings = match &session {
                    Any::Chess(s) => s.settings().clone(),
                    Any::Xiangqi(s) => s.settings().clone(),
                };
                settings.variant = variant;
                session = open(settings, &out);
                continue;
            }
        }
        if is_go {
            match &mut session {
                Any::Chess(s) => check_bestmove(s, MoveStyle::Coord, &out),
                Any::Xiangqi(s) => check_bestmove(s, MoveStyle::CoordOneBased, &out),
            }
        }
    }
    // Dropping the session stops any search still running (none should be).
    match &mut session {
        Any::Chess(s) => s.engine_mut().stop(),
        Any::Xiangqi(s) => s.engine_mut().stop(),
    }
});
