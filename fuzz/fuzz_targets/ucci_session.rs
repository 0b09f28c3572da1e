//! A whole scripted UCCI session (`chariot ucci`, xiangqi): the input is many lines, fed one
//! by one to the real UCCI front end (`uci::ucci::xiangqi_session`). What would make one
//! input slow or unbounded is capped before the session sees it, as in `uci_session`: every
//! `go` searches at most depth 2 (depth 1 unless it asks for more) and a few hundred nodes
//! (no infinite or ponder searches, which wait for `stop`/`ponderhit`), hashsize and
//! threads stay small. After each `go` the search is let finish and must have answered
//! `bestmove` or `nobestmove`; at the end `quit` must be answered `bye` and end the session.
#![no_main]

use game::Evaluation;
use testkit::Capture; // the session's output, kept so that answers can be checked
use uci::options::{Settings, Variant};
use uci::session::{Flow, Output};
use uci::ucci::parse::{parse, Command};

/// Most lines carried out per input.
const MAX_LINES: usize = 64;
/// Node budget of each `go`.
const NODES: u64 = 300;
/// Depth of a `go` that names none (why so shallow: `uci_session`'s `DEPTH`).
const DEPTH: u32 = 1;
/// Deepest `go depth N` carried out: two plies give a two-move PV.
const MAX_DEPTH: u32 = 2;

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
            let (uci_name, cap) = match name.as_str() {
                "hashsize" => ("Hash", 4),
                "threads" => ("Threads", 2),
                _ => return Some(Command::SetOption { name, value }),
            };
            let value = match read_as(uci_name, value.as_deref()) {
                Some(n) if n > cap => Some(cap.to_string()),
                _ => value,
            };
            Command::SetOption { name, value }
        }
        other => other,
    })
}

/// The Hash or Threads value the session would take, read by the session's own option
/// parser, so that every number it accepts meets the cap.
fn read_as(name: &str, value: Option<&str>) -> Option<usize> {
    let mut probe = Settings::new(Variant::Xiangqi);
    probe.set(name, value).ok()?;
    Some(if name == "Hash" {
        probe.hash_mb
    } else {
        probe.threads
    })
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let out = Capture::default();
    let mut session = uci::ucci::xiangqi_session(Output::new(out.clone()), Evaluation::Classic);
    session.handle(Command::SetOption {
        name: "hashsize".into(),
        value: Some("1".into()),
    });
    for line in text.lines().take(MAX_LINES) {
        let command = match parse(line) {
            Ok(None) => continue,
            Ok(Some(command)) => command,
            Err(_) => {
                // Unparsable lines go in as they are: the session must report, not die.
                assert_eq!(session.handle_line(line), Flow::Continue);
                continue;
            }
        };
        let Some(command) = tame(command) else {
            continue;
        };
        let is_go = matches!(command, Command::Go(_));
        if session.handle(command) == Flow::Quit {
            assert!(out.take().ends_with("bye\n"), "quit without bye");
            return;
        }
        if is_go {
            session.finish();
            let text = out.take();
            assert!(
                text.lines()
                    .any(|l| l.starts_with("bestmove") || l.starts_with("nobestmove")),
                "a go without an answer: {text}"
            );
        }
    }
    assert_eq!(session.handle(Command::Quit), Flow::Quit);
    assert!(out.take().ends_with("bye\n"), "quit without bye");
});
