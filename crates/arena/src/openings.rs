//! Opening sets: one position per line, as FEN or EPD.
//!
//! Blank lines and `#` comments are skipped. An EPD line (four fields, perhaps
//! followed by `;`-separated operations such as `id "…";`) gets the move counters `0 1`.
//! Every position is checked by the game's own FEN parser, and must not be over already.

use game::Game;

/// The default opening set shipped for chess.
pub const CHESS: &str = include_str!("../data/openings/chess.epd");
/// The default opening set shipped for xiangqi.
pub const XIANGQI: &str = include_str!("../data/openings/xiangqi.epd");

/// A line of an opening file that is not a playable position.
#[derive(Debug, thiserror::Error)]
pub enum OpeningError {
    /// The FEN does not parse.
    #[error("line {line}: {message}")]
    BadFen {
        /// 1-based line number.
        line: usize,
        /// The parser's complaint.
        message: String,
    },
    /// The game is already decided in this position.
    #[error("line {line}: the game is already over in this position")]
    Finished {
        /// 1-based line number.
        line: usize,
    },
    /// No position at all.
    #[error("the opening file holds no position")]
    Empty,
}

/// Turns one FEN/EPD line into a FEN, or `None` for a blank or comment line.
pub fn line_to_fen(line: &str) -> Option<String> {
    // `#` starts a comment (it never occurs in a FEN).
    let line = line.split('#').next().unwrap_or("").trim();
    if line.is_empty() {
        return None;
    }
    let fields: Vec<&str> = line.split_whitespace().collect();
    let is_epd = line.contains(';')
        || fields.len() == 4
        || fields.get(4).is_some_and(|f| f.parse::<u32>().is_err());
    if is_epd && fields.len() >= 4 {
        Some(format!("{} 0 1", fields[..4].join(" ")))
    } else {
        Some(fields.join(" "))
    }
}

/// Reads an opening set and checks every position with the game's rules.
pub fn parse<G: Game>(text: &str) -> Result<Vec<G>, OpeningError> {
    parse_as(text, false)
}

/// Reads an opening set, as Chess960 positions with `chess960` (castling rights may name
/// rook files), and checks every position with the game's rules.
pub fn parse_as<G: Game>(text: &str, chess960: bool) -> Result<Vec<G>, OpeningError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(fen) = line_to_fen(line) else {
            continue;
        };
        let read = if chess960 {
            G::from_fen_chess960(&fen)
        } else {
            G::from_fen(&fen)
        };
        let pos = read.map_err(|e| OpeningError::BadFen {
            line: i + 1,
            message: e.to_string(),
        })?;
        if pos.outcome().is_some() || pos.legal_moves().is_empty() {
            return Err(OpeningError::Finished { line: i + 1 });
        }
        out.push(pos);
    }
    if out.is_empty() {
        return Err(OpeningError::Empty);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::toy::Toy;

    #[test]
    fn fen_and_epd_lines() {
        assert_eq!(line_to_fen("  # comment"), None);
        assert_eq!(line_to_fen(""), None);
        assert_eq!(
            line_to_fen("9 w - - 4 3 # name").as_deref(),
            Some("9 w - - 4 3")
        );
        assert_eq!(
            line_to_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        );
        assert_eq!(
            line_to_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 id \"x\";")
                .as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
        );
        assert_eq!(
            line_to_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - -")
                .as_deref(),
            Some("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
        );
    }

    /// The shipped sets, default and wide, are legal positions under the real rules, and
    /// the wide ones hold as many distinct positions as a 4000-game fixed-node match needs.
    #[test]
    fn shipped_sets_parse_and_the_wide_ones_are_distinct() {
        fn distinct<G: Game>(positions: &[G]) -> usize {
            let keys: std::collections::HashSet<u64> = positions.iter().map(|p| p.hash()).collect();
            keys.len()
        }
        assert!(parse::<chess::Position>(CHESS).unwrap().len() >= 40);
        assert!(parse::<xiangqi::Position>(XIANGQI).unwrap().len() >= 30);
        let chess_wide =
            parse::<chess::Position>(include_str!("../data/openings/chess-wide.epd")).unwrap();
        let xiangqi_wide =
            parse::<xiangqi::Position>(include_str!("../data/openings/xiangqi-wide.epd")).unwrap();
        assert_eq!(distinct(&chess_wide), 2000);
        assert_eq!(distinct(&xiangqi_wide), 2000);
    }

    #[test]
    fn positions_are_checked_by_the_rules() {
        assert_eq!(parse::<Toy>("# two\n5\n\n7\n").unwrap().len(), 2);
        assert!(matches!(
            parse::<Toy>("5\nx\n"),
            Err(OpeningError::BadFen { line: 2, .. })
        ));
        assert!(matches!(
            parse::<Toy>("0\n"),
            Err(OpeningError::Finished { line: 1 })
        ));
        assert!(matches!(parse::<Toy>("# none\n"), Err(OpeningError::Empty)));
    }
}
