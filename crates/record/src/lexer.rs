//! Splits a game record into tag pairs and words, dropping what only people read: comments
//! (`{…}`, `; …`), numeric annotation glyphs (`$14`), escape lines (`%…`) and variations
//! (`(…)`, nested). Move numbers and annotation suffixes stay in the words: whether `15.4` is a
//! move number or a WXF move depends on the game, which the importer knows and this does not.

use super::ImportError;

/// One meaningful piece of a record, with the line it starts on (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    /// `[Name "value"]`, or a `FEN: …` line of the terminal game's xiangqi move list.
    Tag {
        /// The tag's name.
        name: String,
        /// Its value, escapes resolved.
        value: String,
        /// Where it starts.
        line: usize,
    },
    /// A `Moves:` label at the start of a line (the terminal game writes its moves twice, in
    /// WXF after `WXF:` and in coordinates after `Moves:`).
    MovesLabel {
        /// Where it is.
        line: usize,
    },
    /// A word of movetext: a move, a move number, a result.
    Word {
        /// The word.
        text: &'a str,
        /// Where it is.
        line: usize,
    },
}

/// Splits `text` into tokens.
pub fn tokens(text: &str) -> Result<Vec<Token<'_>>, ImportError> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut line = 1;
    let mut depth = 0usize; // variation nesting
    let mut variation_line = 0;
    let mut line_start = true;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'\n' {
            line += 1;
            i += 1;
            line_start = true;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let at_line_start = std::mem::replace(&mut line_start, false);
        if at_line_start && depth == 0 {
            let rest_of_line = line_rest(text, i);
            if c == b'%' || c == b'#' {
                // PGN escape line; a comment line in the terminal game's move list.
                i += rest_of_line.len();
                continue;
            }
            if let Some(fen) = rest_of_line.strip_prefix("FEN:") {
                out.push(Token::Tag {
                    name: "FEN".into(),
                    value: fen.trim().to_string(),
                    line,
                });
                i += rest_of_line.len();
                continue;
            }
            if rest_of_line.starts_with("WXF:") {
                i += "WXF:".len();
                continue;
            }
            if rest_of_line.starts_with("Moves:") {
                out.push(Token::MovesLabel { line });
                i += "Moves:".len();
                continue;
            }
        }
        match c {
            b'{' => {
                let end = text[i..].find('}').ok_or(ImportError::Unterminated {
                    what: "comment `{`",
                    line,
                })?;
                line += text[i..i + end].matches('\n').count();
                i += end + 1;
            }
            b';' => i += line_rest(text, i).len(),
            b'(' => {
                if depth == 0 {
                    variation_line = line;
                }
                depth += 1;
                i += 1;
            }
            b')' => {
                if depth == 0 {
                    return Err(ImportError::Unexpected {
                        token: ")".into(),
                        line,
                    });
                }
                depth -= 1;
                i += 1;
            }
            b'[' if depth == 0 => {
                let (token, len) = tag(&text[i..], line)?;
                out.push(token);
                i += len;
            }
            _ => {
                // A word runs to the next blank or bracket; its first character always
                // belongs to it (a stray `}` or `]` is a word the importer refuses).
                let first = text[i..].chars().next().map_or(1, char::len_utf8);
                let len = first
                    + text[i + first..]
                        .find(|ch: char| ch.is_whitespace() || "{};()[".contains(ch))
                        .unwrap_or(text.len() - i - first);
                let word = &text[i..i + len];
                if depth == 0 && !is_nag(word) {
                    out.push(Token::Word { text: word, line });
                }
                i += len;
            }
        }
    }
    if depth > 0 {
        return Err(ImportError::Unterminated {
            what: "variation `(`",
            line: variation_line,
        });
    }
    Ok(out)
}

/// The text from byte `i` to the end of its line.
fn line_rest(text: &str, i: usize) -> &str {
    &text[i..text[i..].find('\n').map_or(text.len(), |n| i + n)]
}

/// A numeric annotation glyph: `$` and digits.
fn is_nag(word: &str) -> bool {
    word.len() > 1 && word.starts_with('$') && word[1..].bytes().all(|b| b.is_ascii_digit())
}

/// Reads one `[Name "value"]` at the start of `text`; returns it and its length in bytes.
fn tag(text: &str, line: usize) -> Result<(Token<'static>, usize), ImportError> {
    let bad = |reason: &str| ImportError::BadTag {
        line,
        reason: reason.to_string(),
    };
    let body = &text[1..];
    let name_len = body
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(body.len());
    if name_len == 0 {
        return Err(bad("a tag pair starts with a name: [Name \"value\"]"));
    }
    let name = &body[..name_len];
    let after_name = &body[name_len..];
    let quote = after_name
        .find(|c: char| !c.is_whitespace())
        .filter(|&q| after_name[q..].starts_with('"'))
        .ok_or_else(|| bad("the tag's value must be in double quotes"))?;
    let mut value = String::new();
    let mut chars = after_name[quote + 1..].char_indices();
    let close = loop {
        match chars.next() {
            None => return Err(bad("the tag's value has no closing quote")),
            Some((_, '\n')) => return Err(bad("the tag's value has no closing quote")),
            Some((_, '\\')) => match chars.next() {
                Some((_, c @ ('"' | '\\'))) => value.push(c),
                Some((_, c)) if c != '\n' => {
                    value.push('\\');
                    value.push(c);
                }
                _ => return Err(bad("the tag's value has no closing quote")),
            },
            Some((at, '"')) => break quote + 1 + at + 1,
            Some((_, c)) => value.push(c),
        }
    };
    let tail = &after_name[close..];
    let bracket = tail
        .find(|c: char| !c.is_whitespace() || c == '\n')
        .filter(|&b| tail[b..].starts_with(']'));
    let len = match bracket {
        Some(bracket) => 1 + name_len + close + bracket + 1,
        None => {
            // python-chess writes quotes inside a value unescaped (`[White "A "B" C"]`) and
            // reads the value up to the line's last `"]`; do the same.
            let line_text = line_rest(after_name, quote);
            let end = line_text
                .rfind("\"]")
                .filter(|&e| e > 0)
                .ok_or_else(|| bad("a tag pair ends with `\"]` on the same line"))?;
            value = line_text[1..end].to_string();
            1 + name_len + quote + end + 2
        }
    };
    Ok((
        Token::Tag {
            name: name.to_string(),
            value,
            line,
        },
        len,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        tokens(text)
            .unwrap()
            .into_iter()
            .filter_map(|t| match t {
                Token::Word { text, .. } => Some(text.to_string()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn comments_nags_and_variations_are_dropped() {
        let text =
            "1. e4 {best by test\n(really)} e5 $1 (1... c5 (1... e6) 2. Nf3) ; rest\n2. Nf3 *";
        assert_eq!(words(text), ["1.", "e4", "e5", "2.", "Nf3", "*"]);
    }

    #[test]
    fn tags_with_escapes_and_lines() {
        let toks = tokens("[Event \"a \\\"b\\\" \\\\ c\"]\n[Site \"x\"]\n\n1. d4").unwrap();
        assert_eq!(
            toks[0],
            Token::Tag {
                name: "Event".into(),
                value: "a \"b\" \\ c".into(),
                line: 1
            }
        );
        assert!(matches!(toks[1], Token::Tag { line: 2, .. }));
        assert_eq!(
            toks[3],
            Token::Word {
                text: "d4",
                line: 4
            }
        );
    }

    #[test]
    fn broken_structure_is_reported_with_its_line() {
        assert!(matches!(
            tokens("1. e4 {open"),
            Err(ImportError::Unterminated { line: 1, .. })
        ));
        assert!(matches!(
            tokens("1. e4\n(1. d4"),
            Err(ImportError::Unterminated { line: 2, .. })
        ));
        assert!(matches!(
            tokens("e4 )"),
            Err(ImportError::Unexpected { line: 1, .. })
        ));
        assert!(matches!(
            tokens("[Event \"x]\n"),
            Err(ImportError::BadTag { line: 1, .. })
        ));
        assert!(matches!(
            tokens("\n[Event x]"),
            Err(ImportError::BadTag { line: 2, .. })
        ));
        assert_eq!(
            tokens("[White \"A \"B\" C\"]").unwrap().first().cloned(),
            Some(Token::Tag {
                name: "White".into(),
                value: "A \"B\" C".into(),
                line: 1
            })
        );
        assert!(matches!(tokens("[\"x\"]"), Err(ImportError::BadTag { .. })));
    }

    #[test]
    fn terminal_move_list_labels() {
        let toks = tokens("# xiangqi game\nFEN: a b c\nWXF: 1. C2=5\nMoves: h2e2\n").unwrap();
        assert_eq!(
            toks,
            [
                Token::Tag {
                    name: "FEN".into(),
                    value: "a b c".into(),
                    line: 2
                },
                Token::Word {
                    text: "1.",
                    line: 3
                },
                Token::Word {
                    text: "C2=5",
                    line: 3
                },
                Token::MovesLabel { line: 4 },
                Token::Word {
                    text: "h2e2",
                    line: 4
                },
            ]
        );
    }

    #[test]
    fn any_text_splits_without_panicking() {
        for text in [
            "",
            "[",
            "[A",
            "[A \"",
            "{",
            ";",
            "(",
            ")",
            "é{",
            "[A \"\\",
            "$",
            "象 [B \"c\"] ",
            "\u{3000}x",
            "a\u{3000}",
        ] {
            let _ = tokens(text);
        }
    }
}
