//! Parsing of the `key=value,key=value` lists the arena's options take
//! (`--engine name=A,cmd="./eng -q",option.Hash=16`), and of command lines.

use crate::tc::TimeControl;
use game::MoveStyle;
use std::path::PathBuf;

/// Why a command-line value was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SpecError {
    /// A quote was opened and never closed.
    #[error("unclosed quote in `{0}`")]
    UnclosedQuote(String),
    /// An item has no `=`.
    #[error("`{0}` is not of the form key=value")]
    NotKeyValue(String),
    /// A key this option does not know.
    #[error("unknown key `{key}` in {what}")]
    UnknownKey {
        /// The key.
        key: String,
        /// Which option it was given to.
        what: &'static str,
    },
    /// A value that does not parse.
    #[error("bad value `{value}` for `{key}`")]
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
    },
    /// A required key is missing.
    #[error("{what} needs `{key}=`")]
    Missing {
        /// The key.
        key: &'static str,
        /// Which option lacks it.
        what: &'static str,
    },
}

/// Splits `text` at unquoted `sep` (or at unquoted whitespace when `sep` is `None`),
/// removing the quotes (`"` or `'`) themselves.
fn split_quoted(text: &str, sep: Option<char>) -> Result<Vec<String>, SpecError> {
    let mut parts = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut has_content = false;
    for c in text.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => cur.push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                has_content = true;
            }
            None if sep.map_or(c.is_whitespace(), |s| c == s) => {
                if has_content || !cur.is_empty() || sep.is_some() {
                    parts.push(std::mem::take(&mut cur));
                }
                has_content = false;
            }
            None => cur.push(c),
        }
    }
    if quote.is_some() {
        return Err(SpecError::UnclosedQuote(text.to_string()));
    }
    if has_content || !cur.is_empty() {
        parts.push(cur);
    }
    Ok(parts)
}

/// Splits a command line into program and arguments, honouring quotes (no other shell
/// syntax: use `cmd="sh -c '…'"` for pipes or variables).
pub fn split_command(text: &str) -> Result<Vec<String>, SpecError> {
    split_quoted(text, None)
}

/// Parses `key=value,key=value`; quotes protect commas and are removed from values.
pub fn key_values(text: &str) -> Result<Vec<(String, String)>, SpecError> {
    let mut out = Vec::new();
    for item in split_quoted_keep_inner(text)? {
        if item.trim().is_empty() {
            continue;
        }
        let (k, v) = item
            .split_once('=')
            .ok_or_else(|| SpecError::NotKeyValue(item.clone()))?;
        out.push((k.trim().to_string(), unquote(v.trim())));
    }
    Ok(out)
}

/// Like [`split_quoted`] at commas, but keeps quotes so that `cmd="a 'b c'"` survives
/// until the value is unquoted once.
fn split_quoted_keep_inner(text: &str) -> Result<Vec<String>, SpecError> {
    let mut parts = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match quote {
            Some(q) if c == q => {
                quote = None;
                cur.push(c);
            }
            Some(_) => cur.push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                cur.push(c);
            }
            None if c == ',' => parts.push(std::mem::take(&mut cur)),
            None => cur.push(c),
        }
    }
    if quote.is_some() {
        return Err(SpecError::UnclosedQuote(text.to_string()));
    }
    parts.push(cur);
    Ok(parts)
}

fn unquote(v: &str) -> String {
    let b = v.as_bytes();
    if b.len() >= 2 && (b[0] == b'"' || b[0] == b'\'') && b[b.len() - 1] == b[0] {
        v[1..v.len() - 1].to_string()
    } else {
        v.to_string()
    }
}

/// Parses a number-like value for `key`.
pub fn value<T: std::str::FromStr>(key: &str, v: &str) -> Result<T, SpecError> {
    v.parse().map_err(|_| SpecError::BadValue {
        key: key.to_string(),
        value: v.to_string(),
    })
}

/// How an engine writes moves and which variant it must be told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proto {
    /// Plain UCI (chess engines).
    Uci,
    /// Fairy-Stockfish: `setoption name UCI_Variant value xiangqi`, xiangqi ranks 1–10.
    UciFsf,
    /// Pikafish-style xiangqi engines: no variant option, ranks 0–9.
    UciPika,
    /// The xboard protocol (CECP), chess only: phalanx, sjeng, gnuchess in Debian.
    Xboard,
}

impl Proto {
    /// The default for a game, given the variant name it is known by
    /// ([`game::Description::variant`]): plain UCI for chess, which has none;
    /// Fairy-Stockfish's dialect for a variant such as xiangqi (the xiangqi engine Debian
    /// ships, told the variant by `UCI_Variant`).
    pub fn default_for(variant: Option<&str>) -> Proto {
        if variant.is_some() {
            Proto::UciFsf
        } else {
            Proto::Uci
        }
    }

    /// How moves are written to and read from this engine.
    pub fn move_style(self) -> MoveStyle {
        match self {
            Proto::Uci | Proto::UciPika | Proto::Xboard => MoveStyle::Coord,
            Proto::UciFsf => MoveStyle::CoordOneBased,
        }
    }

    /// Whether to send `UCI_Variant` (when the engine offers it) for a game other than chess.
    pub fn sets_variant(self) -> bool {
        self == Proto::UciFsf
    }
}

/// One engine as given by `--engine`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// Name shown in results and PGN.
    pub name: String,
    /// Program and arguments.
    pub cmd: Vec<String>,
    /// Working directory, if any.
    pub dir: Option<PathBuf>,
    /// UCI options to set, in order.
    pub options: Vec<(String, String)>,
    /// Protocol dialect; `None` means the game's default.
    pub proto: Option<Proto>,
    /// This engine's own clock (`tc=40+0.4`, for time-odds matches); `None` means the
    /// match's `--tc`.
    pub tc: Option<TimeControl>,
}

impl EngineSpec {
    /// Parses `name=A,cmd="…",option.Hash=16,dir=…,proto=uci|uci-fsf|uci-pika|xboard,tc=40+0.4`.
    pub fn parse(text: &str) -> Result<EngineSpec, SpecError> {
        let what = "--engine";
        let mut name = None;
        let mut cmd = None;
        let mut dir = None;
        let mut options = Vec::new();
        let mut proto = None;
        let mut tc = None;
        for (k, v) in key_values(text)? {
            if let Some(opt) = k.strip_prefix("option.") {
                options.push((opt.to_string(), v));
                continue;
            }
            match k.as_str() {
                "name" => name = Some(v),
                "cmd" => cmd = Some(split_command(&v)?),
                "dir" => dir = Some(PathBuf::from(v)),
                "tc" => match TimeControl::parse_clock(&v) {
                    Ok(clock) => tc = Some(clock),
                    Err(_) => return Err(SpecError::BadValue { key: k, value: v }),
                },
                "proto" => {
                    proto = Some(match v.as_str() {
                        "uci" => Proto::Uci,
                        "uci-fsf" => Proto::UciFsf,
                        "uci-pika" => Proto::UciPika,
                        "xboard" | "cecp" => Proto::Xboard,
                        _ => return Err(SpecError::BadValue { key: k, value: v }),
                    })
                }
                _ => return Err(SpecError::UnknownKey { key: k, what }),
            }
        }
        let cmd = cmd
            .filter(|c| !c.is_empty())
            .ok_or(SpecError::Missing { key: "cmd", what })?;
        let name = name.unwrap_or_else(|| {
            std::path::Path::new(&cmd[0])
                .file_name()
                .map_or_else(|| cmd[0].clone(), |f| f.to_string_lossy().into_owned())
        });
        Ok(EngineSpec {
            name,
            cmd,
            dir,
            options,
            proto,
            tc,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::Game;

    #[test]
    fn engine_spec_with_quotes_options_and_proto() {
        let spec = EngineSpec::parse(
            r#"name=A,cmd="/usr/games/fairy-stockfish --flag 'x y'",option.Hash=16,option.Move Overhead=5,dir=/tmp,proto=uci-pika"#,
        )
        .unwrap();
        assert_eq!(spec.name, "A");
        assert_eq!(spec.cmd, ["/usr/games/fairy-stockfish", "--flag", "x y"]);
        assert_eq!(
            spec.options,
            [
                ("Hash".into(), "16".into()),
                ("Move Overhead".into(), "5".into())
            ]
        );
        assert_eq!(spec.dir, Some(PathBuf::from("/tmp")));
        assert_eq!(spec.proto, Some(Proto::UciPika));
    }

    #[test]
    fn engine_name_defaults_to_program() {
        let spec = EngineSpec::parse("cmd=/usr/games/stockfish").unwrap();
        assert_eq!(spec.name, "stockfish");
        assert_eq!(spec.proto, None);
        assert_eq!(spec.tc, None);
        let odds = EngineSpec::parse("cmd=/usr/games/stockfish,tc=40+0.4").unwrap();
        assert_eq!(odds.tc, TimeControl::parse_clock("40+0.4").ok());
    }

    #[test]
    fn engine_spec_errors() {
        assert!(matches!(
            EngineSpec::parse("name=A"),
            Err(SpecError::Missing { .. })
        ));
        assert!(matches!(
            EngineSpec::parse("cmd=\"x"),
            Err(SpecError::UnclosedQuote(_))
        ));
        assert!(matches!(
            EngineSpec::parse("cmd=x,foo=1"),
            Err(SpecError::UnknownKey { .. })
        ));
        assert!(matches!(
            EngineSpec::parse("cmd=x,proto=winboard"),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            EngineSpec::parse("cmd=x,tc=fast"),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            EngineSpec::parse("cmd"),
            Err(SpecError::NotKeyValue(_))
        ));
    }

    #[test]
    fn commands_split_like_a_shell_without_expansion() {
        assert_eq!(
            split_command(r#"python3 "a b.py"  -x ''"#).unwrap(),
            ["python3", "a b.py", "-x", ""]
        );
    }

    #[test]
    fn protos_map_to_move_styles() {
        assert_eq!(
            Proto::default_for(xiangqi::Position::description().variant).move_style(),
            MoveStyle::CoordOneBased
        );
        assert_eq!(
            Proto::default_for(chess::Position::description().variant).move_style(),
            MoveStyle::Coord
        );
        assert_eq!(Proto::UciPika.move_style(), MoveStyle::Coord);
        assert_eq!(
            EngineSpec::parse("cmd=/usr/games/phalanx,proto=xboard")
                .unwrap()
                .proto,
            Some(Proto::Xboard)
        );
    }
}
