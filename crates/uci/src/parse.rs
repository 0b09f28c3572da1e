//! The UCI parser: one line of text in, one [`Command`] out.
//!
//! Pure and total: it never panics, never allocates without bound beyond the line itself,
//! and knows nothing about any game. Moves and FENs stay text here; the session checks them
//! against the current game, because only the game knows what is legal.

use std::time::Duration;
use thiserror::Error;

/// Where a `position` command starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// `startpos`: the game's standard starting position.
    StartPos,
    /// `fen …`: the FEN fields joined by single spaces.
    Fen(String),
}

/// The parameters of a `go` command. Times are already clamped to be non-negative.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// Only consider these moves (as written by the GUI).
    pub searchmoves: Vec<String>,
    /// Start pondering on the move the GUI just played for us.
    pub ponder: bool,
    /// White's (Red's) remaining time.
    pub wtime: Option<Duration>,
    /// Black's remaining time.
    pub btime: Option<Duration>,
    /// White's (Red's) increment per move.
    pub winc: Option<Duration>,
    /// Black's increment per move.
    pub binc: Option<Duration>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Search this many plies.
    pub depth: Option<u32>,
    /// Search this many nodes.
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    /// Search exactly this long.
    pub movetime: Option<Duration>,
    /// Search until `stop`.
    pub infinite: bool,
}

/// One command a GUI (or a person) can send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify and list the options.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`: answer `readyok` once every earlier command is done.
    IsReady,
    /// `setoption name N [value V]`; `name` keeps its spelling, matching is case-insensitive.
    SetOption {
        /// The option's name (may contain spaces).
        name: String,
        /// Its new value; `None` for buttons.
        value: Option<String>,
    },
    /// `register …`: accepted and ignored (Chariot needs no registration).
    Register,
    /// `ucinewgame`: the next position belongs to a new game.
    UciNewGame,
    /// `position startpos|fen … [moves …]`.
    Position {
        /// The position before the moves.
        start: Start,
        /// Moves to play from there, as written.
        moves: Vec<String>,
    },
    /// `go …`: start searching.
    Go(Box<Go>),
    /// `go perft N`: count the leaves of the move tree, per root move.
    Perft(u32),
    /// `stop`: end the search and answer `bestmove`.
    Stop,
    /// `ponderhit`: the opponent played the move we ponder on.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d`: show the board, FEN and hash key (Stockfish's debugging command).
    Display,
    /// `eval`: the static evaluation of the current position.
    Eval,
    /// `bench [depth]`: search a fixed set of positions and print a node signature.
    Bench(Option<u32>),
}

/// Why a line is not a valid command.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// No known command on the line.
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
    /// `position` without `startpos` or `fen`.
    #[error("position needs 'startpos' or 'fen', found '{0}'")]
    BadPosition(String),
    /// `setoption` without `name`.
    #[error("setoption needs 'name <id> [value <x>]'")]
    BadSetOption,
    /// `debug` with something other than on/off.
    #[error("debug needs 'on' or 'off'")]
    BadDebug,
    /// A token inside `go` that is not a `go` parameter.
    #[error("unknown go parameter '{0}'")]
    BadGoToken(String),
}

/// Parses one line. `Ok(None)` for a blank line.
///
/// As the UCI protocol asks, unknown tokens before a known command are skipped
/// (`joho debug on` switches debug on); a line with no known command at all is an error.
pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some(first) = tokens.first() else {
        return Ok(None);
    };
    let Some(at) = tokens.iter().position(|t| is_command(t)) else {
        return Err(ParseError::Unknown(shorten(first)));
    };
    parse_command(tokens[at], &tokens[at + 1..]).map(Some)
}

const COMMANDS: &[&str] = &[
    "uci",
    "debug",
    "isready",
    "setoption",
    "register",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "d",
    "eval",
    "bench",
];

fn is_command(token: &str) -> bool {
    COMMANDS.contains(&token)
}

/// Keeps error messages one short line even when the input is a megabyte of garbage.
fn shorten(token: &str) -> String {
    const MAX: usize = 40;
    match token.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &token[..cut]),
        None => token.to_string(),
    }
}

fn parse_command(name: &str, args: &[&str]) -> Result<Command, ParseError> {
    Ok(match name {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::UciNewGame,
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        "register" => Command::Register,
        "d" => Command::Display,
        "eval" => Command::Eval,
        "debug" => match args.first() {
            Some(&"on") => Command::Debug(true),
            Some(&"off") => Command::Debug(false),
            _ => return Err(ParseError::BadDebug),
        },
        "bench" => match args.first() {
            None => Command::Bench(None),
            Some(depth) => Command::Bench(Some(number("bench", depth)?)),
        },
        "setoption" => parse_setoption(args)?,
        "position" => parse_position(args)?,
        "go" => parse_go(args)?,
        _ => return Err(ParseError::Unknown(shorten(name))),
    })
}

fn parse_setoption(args: &[&str]) -> Result<Command, ParseError> {
    if args.first() != Some(&"name") {
        return Err(ParseError::BadSetOption);
    }
    let rest = &args[1..];
    let (name, value) = match rest.iter().position(|t| *t == "value") {
        Some(at) => (&rest[..at], Some(rest[at + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(ParseError::BadSetOption);
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(args: &[&str]) -> Result<Command, ParseError> {
    let moves_at = args.iter().position(|t| *t == "moves");
    let (head, moves) = match moves_at {
        Some(at) => (&args[..at], &args[at + 1..]),
        None => (args, &[][..]),
    };
    let start = match head.split_first() {
        Some((&"startpos", [])) => Start::StartPos,
        Some((&"fen", fields)) if !fields.is_empty() => Start::Fen(fields.join(" ")),
        Some((&"fen", _)) => return Err(ParseError::MissingValue("fen")),
        Some((other, _)) => return Err(ParseError::BadPosition(shorten(other))),
        None => return Err(ParseError::MissingValue("position")),
    };
    Ok(Command::Position {
        start,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

const GO_KEYWORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

fn parse_go(args: &[&str]) -> Result<Command, ParseError> {
    let mut go = Go::default();
    let mut i = 0;
    while i < args.len() {
        let keyword = args[i];
        i += 1;
        match keyword {
            "searchmoves" => {
                while i < args.len() && !GO_KEYWORDS.contains(&args[i]) {
                    go.searchmoves.push(args[i].to_string());
                    i += 1;
                }
            }
            "ponder" => go.ponder = true,
            "infinite" => go.infinite = true,
            "wtime" => go.wtime = Some(millis("wtime", take(args, &mut i, "wtime")?)?),
            "btime" => go.btime = Some(millis("btime", take(args, &mut i, "btime")?)?),
            "winc" => go.winc = Some(millis("winc", take(args, &mut i, "winc")?)?),
            "binc" => go.binc = Some(millis("binc", take(args, &mut i, "binc")?)?),
            "movetime" => go.movetime = Some(millis("movetime", take(args, &mut i, "movetime")?)?),
            "movestogo" => {
                go.movestogo = Some(number("movestogo", take(args, &mut i, "movestogo")?)?)
            }
            "depth" => go.depth = Some(number("depth", take(args, &mut i, "depth")?)?),
            "nodes" => go.nodes = Some(number("nodes", take(args, &mut i, "nodes")?)?),
            "mate" => go.mate = Some(number("mate", take(args, &mut i, "mate")?)?),
            "perft" => {
                return Ok(Command::Perft(number(
                    "perft",
                    take(args, &mut i, "perft")?,
                )?))
            }
            other => return Err(ParseError::BadGoToken(shorten(other))),
        }
    }
    Ok(Command::Go(Box::new(go)))
}

/// The value after a keyword.
fn take<'a>(args: &[&'a str], i: &mut usize, keyword: &'static str) -> Result<&'a str, ParseError> {
    let value = args.get(*i).ok_or(ParseError::MissingValue(keyword))?;
    *i += 1;
    Ok(value)
}

/// A non-negative integer. Leading `+` is accepted; anything else must be digits.
fn number<T: std::str::FromStr>(keyword: &'static str, text: &str) -> Result<T, ParseError> {
    text.parse().map_err(|_| ParseError::BadNumber {
        keyword,
        value: shorten(text),
    })
}

/// Milliseconds on a clock. GUIs send negative times when a player overstepped a little
/// (and some send fractions); both are accepted, negatives read as zero.
fn millis(keyword: &'static str, text: &str) -> Result<Duration, ParseError> {
    let bad = || ParseError::BadNumber {
        keyword,
        value: shorten(text),
    };
    let ms: f64 = text.parse().map_err(|_| bad())?;
    if !ms.is_finite() {
        return Err(bad());
    }
    // About 11 days: no real clock holds more, and it keeps Duration arithmetic far from overflow.
    const MAX_MS: f64 = 1e9;
    Ok(Duration::from_micros(
        (ms.clamp(0.0, MAX_MS) * 1000.0) as u64,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ok(line: &str) -> Command {
        parse(line).unwrap().unwrap()
    }

    fn go(line: &str) -> Go {
        match ok(line) {
            Command::Go(go) => *go,
            other => panic!("{line}: expected go, got {other:?}"),
        }
    }

    #[test]
    fn simple_commands() {
        assert_eq!(ok("uci"), Command::Uci);
        assert_eq!(ok("  isready \r"), Command::IsReady);
        assert_eq!(ok("ucinewgame"), Command::UciNewGame);
        assert_eq!(ok("stop"), Command::Stop);
        assert_eq!(ok("ponderhit"), Command::PonderHit);
        assert_eq!(ok("quit"), Command::Quit);
        assert_eq!(ok("d"), Command::Display);
        assert_eq!(ok("eval"), Command::Eval);
        assert_eq!(ok("register later"), Command::Register);
        assert_eq!(ok("debug on"), Command::Debug(true));
        assert_eq!(ok("debug off"), Command::Debug(false));
        assert_eq!(ok("bench"), Command::Bench(None));
        assert_eq!(ok("bench 7"), Command::Bench(Some(7)));
    }

    #[test]
    fn blank_lines_are_nothing() {
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse(" \t \r\n"), Ok(None));
    }

    #[test]
    fn unknown_leading_tokens_are_skipped_as_uci_asks() {
        assert_eq!(ok("joho debug on"), Command::Debug(true));
        assert_eq!(ok("xx yy isready"), Command::IsReady);
        assert_eq!(
            parse("hello world"),
            Err(ParseError::Unknown("hello".into()))
        );
        // Commands are case-sensitive in UCI.
        assert!(matches!(parse("ISREADY"), Err(ParseError::Unknown(_))));
    }

    #[test]
    fn error_messages_stay_short() {
        let garbage = "x".repeat(100_000);
        let message = parse(&garbage).unwrap_err().to_string();
        assert!(message.len() < 100, "{message}");
    }

    #[test]
    fn setoption_names_and_values_may_hold_spaces() {
        assert_eq!(
            ok("setoption name Move Overhead value 30"),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }
        );
        assert_eq!(
            ok("setoption name BookFile value /tmp/my book.bin"),
            Command::SetOption {
                name: "BookFile".into(),
                value: Some("/tmp/my book.bin".into())
            }
        );
        assert_eq!(
            ok("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert_eq!(
            ok("setoption name Hash value"),
            Command::SetOption {
                name: "Hash".into(),
                value: Some(String::new())
            }
        );
        assert_eq!(parse("setoption"), Err(ParseError::BadSetOption));
        assert_eq!(parse("setoption Hash 3"), Err(ParseError::BadSetOption));
        assert_eq!(
            parse("setoption name value 3"),
            Err(ParseError::BadSetOption)
        );
    }

    #[test]
    fn positions() {
        assert_eq!(
            ok("position startpos"),
            Command::Position {
                start: Start::StartPos,
                moves: vec![]
            }
        );
        assert_eq!(
            ok("position startpos moves e2e4 e7e5"),
            Command::Position {
                start: Start::StartPos,
                moves: vec!["e2e4".into(), "e7e5".into()]
            }
        );
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert_eq!(
            ok(&format!("position fen {fen} moves h2e2")),
            Command::Position {
                start: Start::Fen(fen.into()),
                moves: vec!["h2e2".into()]
            }
        );
        assert_eq!(
            ok("position   fen  8/8/8/8/8/8/8/K1k5   w"),
            Command::Position {
                start: Start::Fen("8/8/8/8/8/8/8/K1k5 w".into()),
                moves: vec![]
            }
        );
        assert_eq!(
            ok("position startpos moves"),
            Command::Position {
                start: Start::StartPos,
                moves: vec![]
            }
        );
        assert_eq!(parse("position"), Err(ParseError::MissingValue("position")));
        assert_eq!(parse("position fen"), Err(ParseError::MissingValue("fen")));
        assert_eq!(
            parse("position fen moves e2e4"),
            Err(ParseError::MissingValue("fen"))
        );
        assert_eq!(
            parse("position kiwipete"),
            Err(ParseError::BadPosition("kiwipete".into()))
        );
        assert!(matches!(
            parse("position startpos e2e4"),
            Err(ParseError::BadPosition(_))
        ));
    }

    #[test]
    fn go_with_every_parameter() {
        let g = go(
            "go searchmoves e2e4 d2d4 ponder wtime 1000 btime 2000 winc 10 binc 20 \
                    movestogo 30 depth 5 nodes 12345 mate 3 movetime 700 infinite",
        );
        assert_eq!(g.searchmoves, vec!["e2e4", "d2d4"]);
        assert!(g.ponder && g.infinite);
        assert_eq!(g.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(g.btime, Some(Duration::from_millis(2000)));
        assert_eq!(g.winc, Some(Duration::from_millis(10)));
        assert_eq!(g.binc, Some(Duration::from_millis(20)));
        assert_eq!(g.movestogo, Some(30));
        assert_eq!(g.depth, Some(5));
        assert_eq!(g.nodes, Some(12345));
        assert_eq!(g.mate, Some(3));
        assert_eq!(g.movetime, Some(Duration::from_millis(700)));
    }

    #[test]
    fn go_defaults_and_odd_clocks() {
        assert_eq!(go("go"), Go::default());
        assert_eq!(go("go wtime -150").wtime, Some(Duration::ZERO));
        assert_eq!(go("go btime 1.5").btime, Some(Duration::from_micros(1500)));
        assert_eq!(
            go("go wtime 99999999999999").wtime,
            Some(Duration::from_secs(1_000_000))
        );
        assert!(go("go searchmoves").searchmoves.is_empty());
        assert_eq!(go("go searchmoves a1a2 depth 2").depth, Some(2));
    }

    #[test]
    fn go_errors() {
        assert_eq!(parse("go depth"), Err(ParseError::MissingValue("depth")));
        assert_eq!(
            parse("go depth -1"),
            Err(ParseError::BadNumber {
                keyword: "depth",
                value: "-1".into()
            })
        );
        assert!(matches!(
            parse("go nodes lots"),
            Err(ParseError::BadNumber { .. })
        ));
        assert!(matches!(
            parse("go wtime NaN"),
            Err(ParseError::BadNumber { .. })
        ));
        assert!(matches!(
            parse("go wtime inf"),
            Err(ParseError::BadNumber { .. })
        ));
        assert_eq!(parse("go fast"), Err(ParseError::BadGoToken("fast".into())));
        assert!(matches!(
            parse("go depth 99999999999"),
            Err(ParseError::BadNumber { .. })
        ));
    }

    #[test]
    fn perft() {
        assert_eq!(ok("go perft 4"), Command::Perft(4));
        assert_eq!(parse("go perft"), Err(ParseError::MissingValue("perft")));
        assert!(parse("go perft x").is_err());
    }

    #[test]
    fn bad_debug_and_bench() {
        assert_eq!(parse("debug"), Err(ParseError::BadDebug));
        assert_eq!(parse("debug maybe"), Err(ParseError::BadDebug));
        assert!(parse("bench deep").is_err());
    }

    const WORDS: &[&str] = &[
        "uci",
        "go",
        "position",
        "fen",
        "startpos",
        "moves",
        "setoption",
        "name",
        "value",
        "depth",
        "wtime",
        "searchmoves",
        "perft",
        "infinite",
        "-5",
        "1e309",
        "e2e4",
        "debug",
        "\u{fffd}",
        "🐉",
        "isready",
        "ponder",
        "mate",
        "movetime",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn never_panics_on_any_text(line in "\\PC{0,200}") {
            let _ = parse(&line);
        }

        #[test]
        fn never_panics_on_keyword_soup(
            words in proptest::collection::vec(proptest::sample::select(WORDS), 0..20)
        ) {
            let line = words.join(" ");
            let _ = parse(&line);
        }

        #[test]
        fn go_depth_round_trips(depth in 0u32..10_000, ms in 0u64..1_000_000_000) {
            let g = go(&format!("go depth {depth} wtime {ms}"));
            prop_assert_eq!(g.depth, Some(depth));
            prop_assert_eq!(g.wtime, Some(Duration::from_millis(ms)));
        }
    }
}
