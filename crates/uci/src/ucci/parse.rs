//! The UCCI parser: one line of text in, one [`Command`] out.
//!
//! Like the UCI parser it is pure and total and knows no game: moves and FENs stay text.
//! `position` (and the position after `probe`) has exactly UCI's syntax, so it is read
//! by [`crate::parse`].

use crate::parse::{self as uci, Start};
use thiserror::Error;

/// The parameters of a UCCI `go`. Times are numbers as written: seconds, or milliseconds
/// once the GUI has set `usemillisec true`; the session converts them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `go ponder`: think on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `go draw`: the opponent offers a draw with its last move.
    pub draw: bool,
    /// `depth <d>`.
    pub depth: Option<u32>,
    /// `nodes <n>`.
    pub nodes: Option<u64>,
    /// `time <t>`: our remaining time.
    pub time: Option<u64>,
    /// `increment <i>`: our increment per move.
    pub increment: Option<u64>,
    /// `movestogo <m>`: our moves to the next time control.
    pub movestogo: Option<u32>,
    /// `opptime <t>`: the opponent's remaining time (read, not used by the time manager).
    pub opptime: Option<u64>,
    /// `oppincrement <i>`: the opponent's increment (read, not used).
    pub oppincrement: Option<u64>,
    /// `oppmovestogo <m>`: the opponent's moves to go (read, not used).
    pub oppmovestogo: Option<u32>,
    /// `infinite` (or `depth infinite`): search until `stop`.
    pub infinite: bool,
}

/// One command a UCCI GUI can send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `ucci`: identify, list the options, answer `ucciok`.
    Ucci,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `setoption <name> [<value>]` (UCI's `setoption name N value V` is read too).
    SetOption {
        /// The option's name, lower-cased.
        name: String,
        /// The value; `None` for buttons.
        value: Option<String>,
    },
    /// `position fen <fen>|startpos [moves …]`.
    Position {
        /// The position before the moves.
        start: Start,
        /// Moves to play from there.
        moves: Vec<String>,
    },
    /// `banmoves <move>…`: root moves the next search must not play.
    BanMoves(Vec<String>),
    /// `go …`.
    Go(Box<Go>),
    /// `ponderhit [draw]`: the opponent played the pondered move (offering a draw with it).
    PonderHit {
        /// The opponent offers a draw.
        draw: bool,
    },
    /// `stop`: answer at once.
    Stop,
    /// `probe [fen <fen>|startpos [moves …]]`: what the engine knows of a position (the
    /// current one without arguments), without searching.
    Probe(Option<(Start, Vec<String>)>),
    /// `quit`: answer `bye` and end.
    Quit,
}

/// Why a line is not a valid UCCI command.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// The first word is no UCCI command.
    #[error("unknown command '{0}'")]
    Unknown(String),
    /// A keyword needs a value that is not there.
    #[error("'{0}' needs a value")]
    MissingValue(&'static str),
    /// A value that is not a number in range.
    #[error("'{value}' is not a valid value for '{keyword}'")]
    BadNumber {
        /// The keyword the value belongs to.
        keyword: &'static str,
        /// What was written.
        value: String,
    },
    /// A token inside `go` that is not a `go` parameter.
    #[error("unknown go parameter '{0}'")]
    BadGoToken(String),
    /// `setoption` without a name.
    #[error("setoption needs '<name> [<value>]'")]
    BadSetOption,
    /// `banmoves` without moves.
    #[error("banmoves needs at least one move")]
    NoMoves,
    /// `ponderhit` followed by something other than `draw`.
    #[error("ponderhit takes only 'draw', found '{0}'")]
    BadPonderHit(String),
    /// A malformed `position` (or `probe`) as the UCI parser sees it.
    #[error("{0}")]
    Position(uci::ParseError),
}

/// Parses one line. `Ok(None)` for a blank line.
pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&name, args)) = tokens.split_first() else {
        return Ok(None);
    };
    Ok(Some(match name {
        "ucci" => Command::Ucci,
        "isready" => Command::IsReady,
        "stop" => Command::Stop,
        "quit" => Command::Quit,
        "ponderhit" => match args {
            [] => Command::PonderHit { draw: false },
            ["draw"] => Command::PonderHit { draw: true },
            [other, ..] => return Err(ParseError::BadPonderHit(shorten(other))),
        },
        "setoption" => parse_setoption(args)?,
        "position" => {
            let (start, moves) = position(args)?;
            Command::Position { start, moves }
        }
        "probe" if args.is_empty() => Command::Probe(None),
        "probe" => Command::Probe(Some(position(args)?)),
        "banmoves" if args.is_empty() => return Err(ParseError::NoMoves),
        "banmoves" => Command::BanMoves(args.iter().map(|m| m.to_string()).collect()),
        "go" => Command::Go(Box::new(parse_go(args)?)),
        other => return Err(ParseError::Unknown(shorten(other))),
    }))
}

/// Keeps error messages one short line even for a megabyte of garbage.
fn shorten(token: &str) -> String {
    const MAX: usize = 40;
    match token.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &token[..cut]),
        None => token.to_string(),
    }
}

/// A position description, read by the UCI parser (the syntax is the same).
fn position(args: &[&str]) -> Result<(Start, Vec<String>), ParseError> {
    let line = format!("position {}", args.join(" "));
    match uci::parse(&line) {
        Ok(Some(uci::Command::Position { start, moves })) => Ok((start, moves)),
        Ok(_) => Err(ParseError::MissingValue("position")),
        Err(err) => Err(ParseError::Position(err)),
    }
}

fn parse_setoption(args: &[&str]) -> Result<Command, ParseError> {
    // UCCI writes `setoption hashsize 64`; a GUI speaking UCI's form is understood too.
    let (name, value) = match args {
        ["name", rest @ ..] => match rest.iter().position(|t| *t == "value") {
            Some(at) => (rest[..at].join(" "), Some(rest[at + 1..].join(" "))),
            None => (rest.join(" "), None),
        },
        [name] => (name.to_string(), None),
        [name, value @ ..] => (name.to_string(), Some(value.join(" "))),
        [] => return Err(ParseError::BadSetOption),
    };
    if name.is_empty() {
        return Err(ParseError::BadSetOption);
    }
    Ok(Command::SetOption {
        name: name.to_ascii_lowercase(),
        value,
    })
}

fn parse_go(args: &[&str]) -> Result<Go, ParseError> {
    let mut go = Go::default();
    let mut i = 0;
    while i < args.len() {
        let keyword = args[i];
        i += 1;
        match keyword {
            "ponder" => go.ponder = true,
            "draw" => go.draw = true,
            "infinite" => go.infinite = true,
            "depth" if args.get(i) == Some(&"infinite") => {
                go.infinite = true;
                i += 1;
            }
            "depth" => go.depth = Some(number("depth", take(args, &mut i, "depth")?)?),
            "nodes" => go.nodes = Some(number("nodes", take(args, &mut i, "nodes")?)?),
            "time" => go.time = Some(number("time", take(args, &mut i, "time")?)?),
            "increment" => {
                go.increment = Some(number("increment", take(args, &mut i, "increment")?)?)
            }
            "movestogo" => {
                go.movestogo = Some(number("movestogo", take(args, &mut i, "movestogo")?)?)
            }
            "opptime" => go.opptime = Some(number("opptime", take(args, &mut i, "opptime")?)?),
            "oppincrement" => {
                go.oppincrement = Some(number("oppincrement", take(args, &mut i, "oppincrement")?)?)
            }
            "oppmovestogo" => {
                go.oppmovestogo = Some(number("oppmovestogo", take(args, &mut i, "oppmovestogo")?)?)
            }
            other => return Err(ParseError::BadGoToken(shorten(other))),
        }
    }
    Ok(go)
}

/// The value after a keyword.
fn take<'a>(args: &[&'a str], i: &mut usize, keyword: &'static str) -> Result<&'a str, ParseError> {
    let value = args.get(*i).ok_or(ParseError::MissingValue(keyword))?;
    *i += 1;
    Ok(value)
}

/// A non-negative integer.
fn number<T: std::str::FromStr>(keyword: &'static str, text: &str) -> Result<T, ParseError> {
    text.parse().map_err(|_| ParseError::BadNumber {
        keyword,
        value: shorten(text),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> Go {
        match parse(line) {
            Ok(Some(Command::Go(go))) => *go,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn go_reads_every_ucci_parameter() {
        let g = go("go ponder draw time 300 movestogo 20 increment 5 opptime 280 oppincrement 4 oppmovestogo 19");
        assert!(g.ponder && g.draw && !g.infinite);
        assert_eq!(
            (g.time, g.movestogo, g.increment),
            (Some(300), Some(20), Some(5))
        );
        assert_eq!(
            (g.opptime, g.oppincrement, g.oppmovestogo),
            (Some(280), Some(4), Some(19))
        );
        assert_eq!(go("go depth 7").depth, Some(7));
        assert_eq!(go("go nodes 5000").nodes, Some(5000));
        assert!(go("go depth infinite").infinite);
        assert!(go("go infinite").infinite);
        assert_eq!(go("go"), Go::default());
    }

    #[test]
    fn malformed_lines_are_errors_not_panics() {
        assert_eq!(parse("go depth"), Err(ParseError::MissingValue("depth")));
        assert!(matches!(
            parse("go time -3"),
            Err(ParseError::BadNumber {
                keyword: "time",
                ..
            })
        ));
        assert_eq!(
            parse("go wtime 100"),
            Err(ParseError::BadGoToken("wtime".into()))
        );
        assert_eq!(parse("banmoves"), Err(ParseError::NoMoves));
        assert_eq!(parse("setoption"), Err(ParseError::BadSetOption));
        assert_eq!(parse("uci"), Err(ParseError::Unknown("uci".into())));
        assert!(matches!(
            parse("position nowhere"),
            Err(ParseError::Position(_))
        ));
        assert_eq!(
            parse("ponderhit now"),
            Err(ParseError::BadPonderHit("now".into()))
        );
        assert_eq!(parse("   "), Ok(None));
    }

    #[test]
    fn options_in_ucci_and_in_uci_form() {
        let set = |name: &str, value: Option<&str>| {
            Ok(Some(Command::SetOption {
                name: name.into(),
                value: value.map(String::from),
            }))
        };
        assert_eq!(parse("setoption hashsize 64"), set("hashsize", Some("64")));
        assert_eq!(parse("setoption newgame"), set("newgame", None));
        assert_eq!(
            parse("setoption UseBook true"),
            set("usebook", Some("true"))
        );
        assert_eq!(
            parse("setoption name Threads value 2"),
            set("threads", Some("2"))
        );
    }

    #[test]
    fn positions_bans_and_probes() {
        assert_eq!(
            parse("position startpos moves h2e2 h9g7"),
            Ok(Some(Command::Position {
                start: Start::StartPos,
                moves: vec!["h2e2".into(), "h9g7".into()],
            }))
        );
        assert_eq!(
            parse("banmoves h2e2 b2e2"),
            Ok(Some(Command::BanMoves(vec!["h2e2".into(), "b2e2".into()])))
        );
        assert_eq!(parse("probe"), Ok(Some(Command::Probe(None))));
        assert_eq!(
            parse("probe fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1 moves e0d0"),
            Ok(Some(Command::Probe(Some((
                Start::Fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1".into()),
                vec!["e0d0".into()]
            )))))
        );
        assert_eq!(
            parse("ponderhit draw"),
            Ok(Some(Command::PonderHit { draw: true }))
        );
    }
}
