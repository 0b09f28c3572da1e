//! Opening names: which published opening a game is in, found by position so that a
//! transposition is named too. Chess names come from the lichess chess-openings table
//! (`data/chess-openings.tsv`, CC0); xiangqi's few well-known openings are in
//! `data/xiangqi-openings.tsv`. Both are built into one index the first time a game asks.

use game::{Game, MoveStyle};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The lichess chess-openings table: `eco<TAB>name<TAB>pgn`, one opening a line.
const CHESS: &str = include_str!("../data/chess-openings.tsv");
/// Xiangqi's table in the same form: no ECO code, moves in engine coordinates.
const XIANGQI: &str = include_str!("../data/xiangqi-openings.tsv");

/// A named opening as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Opening {
    /// The ECO code (chess), e.g. `"C60"`; `None` where the table gives none (xiangqi).
    pub eco: Option<String>,
    /// The opening's name; xiangqi's carry the Chinese name after the English one.
    pub name: String,
}

/// Openings keyed by the position after their moves.
#[derive(Debug, Default)]
pub struct Book {
    by_position: HashMap<String, Opening>,
    /// The longest line, in plies: no position further into a game can be in the book.
    deepest: usize,
}

/// A position's key: the FEN without its move counters, so that the same position reached
/// by other moves (or later in the game) has the same key. Chess writes an en-passant
/// square only when a capture there is legal, so it rightly tells positions apart.
pub fn position_key(fen: &str) -> String {
    fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

impl Book {
    /// Reads a table of `eco<TAB>name<TAB>moves` lines (header lines, which start with
    /// `eco<TAB>`, are skipped), replaying each line's moves (the game's human notation or
    /// coordinates; move numbers such as `1.` are skipped) from `G`'s start. A later line
    /// for the same position replaces an earlier one. Errors name the first line whose
    /// moves do not replay.
    pub fn parse<G: Game>(table: &str) -> Result<Book, String> {
        let mut book = Book::default();
        for (number, line) in table.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with("eco\t") {
                continue;
            }
            let mut fields = line.split('\t');
            let (Some(eco), Some(name), Some(moves), None) =
                (fields.next(), fields.next(), fields.next(), fields.next())
            else {
                return Err(format!("line {}: expected eco, name and moves", number + 1));
            };
            let mut pos = G::start();
            let mut plies = 0;
            for token in moves.split_whitespace() {
                if token.ends_with('.')
                    && token[..token.len() - 1].bytes().all(|b| b.is_ascii_digit())
                {
                    continue;
                }
                let mv = pos
                    .parse_move(token, MoveStyle::Human)
                    .or_else(|_| pos.parse_move(token, MoveStyle::Coord))
                    .map_err(|e| format!("line {}: `{token}`: {e}", number + 1))?;
                pos.make(mv);
                plies += 1;
            }
            if plies == 0 {
                return Err(format!("line {}: no moves", number + 1));
            }
            book.deepest = book.deepest.max(plies);
            let eco = eco.trim();
            book.by_position.insert(
                position_key(&pos.to_fen()),
                Opening {
                    eco: (!eco.is_empty()).then(|| eco.to_string()),
                    name: name.trim().to_string(),
                },
            );
        }
        Ok(book)
    }

    /// How many positions are named.
    pub fn len(&self) -> usize {
        self.by_position.len()
    }

    /// Whether no position is named.
    pub fn is_empty(&self) -> bool {
        self.by_position.is_empty()
    }

    /// The opening of the deepest named position reached by `moves` from `start` (which
    /// itself is not looked up): the name stays once a game leaves the book.
    pub fn name_of<G: Game>(&self, start: &G, moves: &[G::Move]) -> Option<&Opening> {
        let mut pos = start.clone();
        let mut named = None;
        for &mv in moves.iter().take(self.deepest) {
            pos.make(mv);
            if let Some(opening) = self.by_position.get(&position_key(&pos.to_fen())) {
                named = Some(opening);
            }
        }
        named
    }
}

/// Both games' openings in one index, built once. Keys of the two games never collide
/// (their boards have different sizes), so a game looks itself up without saying which it
/// is. A table line that does not replay is a bug the tests catch; here it only empties
/// that game's book rather than failing the server.
fn book() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| {
        let mut all = Book::default();
        for book in [
            Book::parse::<chess::Position>(CHESS),
            Book::parse::<xiangqi::Position>(XIANGQI),
        ]
        .into_iter()
        .flatten()
        {
            all.deepest = all.deepest.max(book.deepest);
            all.by_position.extend(book.by_position);
        }
        all
    })
}

/// The opening a game of `moves` from `start` is in, if it reached a named position.
pub fn opening_of<G: Game>(start: &G, moves: &[G::Move]) -> Option<Opening> {
    book().name_of(start, moves).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named<G: Game>(moves: &[&str]) -> Option<Opening> {
        let start = G::start();
        let mut pos = start.clone();
        let mut played = Vec::new();
        for text in moves {
            let mv = pos
                .parse_move(text, MoveStyle::Human)
                .or_else(|_| pos.parse_move(text, MoveStyle::Coord))
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            pos.make(mv);
            played.push(mv);
        }
        opening_of(&start, &played)
    }

    #[test]
    fn every_line_of_both_tables_replays() {
        let chess = Book::parse::<chess::Position>(CHESS).unwrap();
        assert!(chess.len() > 3000, "{} chess positions", chess.len());
        let xiangqi = Book::parse::<xiangqi::Position>(XIANGQI).unwrap();
        assert!(xiangqi.len() >= 20, "{} xiangqi positions", xiangqi.len());
    }

    #[test]
    fn the_ruy_lopez_is_named_with_its_eco_code() {
        let o = named::<chess::Position>(&["e4", "e5", "Nf3", "Nc6", "Bb5"]).unwrap();
        assert_eq!(o.eco.as_deref(), Some("C60"));
        assert_eq!(o.name, "Ruy Lopez");
    }

    #[test]
    fn a_transposition_is_named_by_its_position() {
        // The Queen's Gambit Declined is usually 1.d4 d5 2.c4 e6; reached via 1.c4 e6 2.d4 d5.
        let usual = named::<chess::Position>(&["d4", "d5", "c4", "e6"]).unwrap();
        let transposed = named::<chess::Position>(&["c4", "e6", "d4", "d5"]).unwrap();
        assert_eq!(usual, transposed);
        assert_eq!(usual.eco.as_deref(), Some("D30"));
        assert!(
            usual.name.starts_with("Queen's Gambit Declined"),
            "{usual:?}"
        );
    }

    #[test]
    fn an_unknown_position_keeps_the_last_name() {
        let book = named::<chess::Position>(&["e4", "e5", "Nf3", "Nc6", "Bb5"]).unwrap();
        // 3...Ke7 is in no table: the game stays a Ruy Lopez.
        let later = named::<chess::Position>(&["e4", "e5", "Nf3", "Nc6", "Bb5", "Ke7", "Ke2"]);
        assert_eq!(later, Some(book));
        assert_eq!(named::<chess::Position>(&[]), None);
        assert_eq!(
            named::<chess::Position>(&["a3", "h6", "Ra2"])
                .unwrap()
                .eco
                .as_deref(),
            Some("A00")
        );
    }

    #[test]
    fn xiangqi_openings_are_named_in_english_and_chinese() {
        let central = named::<xiangqi::Position>(&["h2e2"]).unwrap();
        assert_eq!(central.name, "Central Cannon 中炮");
        assert_eq!(central.eco, None);
        let screen = named::<xiangqi::Position>(&["h2e2", "h9g7", "h0g2", "b9c7"]).unwrap();
        assert_eq!(screen.name, "Central Cannon vs Screen Horses 中炮对屏风马");
        // The same position by another order of moves.
        let transposed = named::<xiangqi::Position>(&["h2e2", "b9c7", "h0g2", "h9g7"]).unwrap();
        assert_eq!(transposed, screen);
        let same = named::<xiangqi::Position>(&["h2e2", "h7e7"]).unwrap();
        assert_eq!(same.name, "Same-direction Cannons 顺炮");
    }

    #[test]
    fn keys_drop_only_the_move_counters() {
        assert_eq!(
            position_key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"
        );
    }
}
