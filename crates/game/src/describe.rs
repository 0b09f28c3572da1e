//! What front ends need to know about a game to show it, write its records and read typed
//! moves, said by the game itself so that no front end compares game names.

use crate::{MoveStyle, Side};

/// How a front end writes a finished game to a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    /// PGN with moves in the game's [`Description::pgn_style`] (chess).
    Pgn,
    /// A plain numbered move list in the human notation and in coordinates (xiangqi, whose
    /// programs exchange move lists).
    MoveList,
}

/// What the pieces stand on, for drawing the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cells {
    /// Squares, coloured alternately (chess).
    Squares,
    /// The points where the lines cross, with a river across the middle (xiangqi).
    Points,
}

/// The notation people write moves in, as far as a record reader must know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HumanNotation {
    /// Standard algebraic notation; a record may add `e.p.` after an en-passant capture.
    San,
    /// WXF; a move may start with digits (`15=4`), so it is tried before a move number.
    Wxf,
    /// The game has no notation of its own besides coordinates (test games).
    Coordinates,
}

/// The description of a game for front ends: names, board, notations and records.
/// Each game gives its own ([`crate::Game::description`]); the default suits test games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Description {
    /// The game's name as a title (`"Chess"`, `"Xiangqi"`).
    pub title: &'static str,
    /// The players' names of the two sides, first mover first (White/Black, Red/Black).
    pub side_names: [&'static str; 2],
    /// Number of files (columns) of the board.
    pub files: usize,
    /// Number of ranks (rows) of the board.
    pub ranks: usize,
    /// The number of the bottom rank in [`MoveStyle::Coord`] moves: 1 in chess, 0 in
    /// xiangqi (as Pikafish writes them).
    pub rank_base: u8,
    /// What the pieces stand on.
    pub cells: Cells,
    /// How a saved game is written.
    pub record: RecordFormat,
    /// The extension of a saved game's file, without the dot.
    pub extension: &'static str,
    /// The value of the PGN `Variant` tag written for this game; `None` writes no tag
    /// (standard chess).
    pub variant: Option<&'static str>,
    /// Other `Variant` tag values (lowercase) that name this game when a record is read,
    /// besides [`Description::variant`] and an empty value.
    pub variant_aliases: &'static [&'static str],
    /// The `Variant` tag values of the game's Chess960 form, if it has one: the
    /// first is written, every one is read (cutechess writes `fischerandom`, lichess
    /// `Chess960`). Empty: the game has no Chess960 form.
    pub chess960_variants: &'static [&'static str],
    /// The notation moves are written in inside PGN: SAN for chess, one-based coordinates
    /// for xiangqi (what Fairy-Stockfish-based tools read back).
    pub pgn_style: MoveStyle,
    /// The notations tried, in order, when a person types a move.
    pub input_styles: &'static [MoveStyle],
    /// The human notation, for reading records.
    pub human_notation: HumanNotation,
    /// One line telling a person how to type moves.
    pub move_help: &'static str,
    /// The number of moves without progress after which the game is drawn (50, 60).
    pub move_rule: u32,
    /// How a draw by repetition is explained, after "Draw by ".
    pub repetition_draw: &'static str,
}

impl Description {
    /// A plain description of the game called `name` on a `files` × `ranks` board:
    /// White/Black, records in PGN with coordinate moves under `[Variant "name"]`, moves
    /// typed in coordinates.
    pub const fn plain(name: &'static str, files: usize, ranks: usize) -> Description {
        Description {
            title: name,
            side_names: ["White", "Black"],
            files,
            ranks,
            rank_base: 1,
            cells: Cells::Squares,
            record: RecordFormat::Pgn,
            extension: "pgn",
            variant: Some(name),
            variant_aliases: &[],
            chess960_variants: &[],
            pgn_style: MoveStyle::Coord,
            input_styles: &[MoveStyle::Coord],
            human_notation: HumanNotation::Coordinates,
            move_help: "Moves: coordinates (e.g. a1a2).",
            move_rule: 50,
            repetition_draw: "threefold repetition",
        }
    }

    /// The player's name of `side` ("Red" for xiangqi's first player).
    pub fn side_name(&self, side: Side) -> &'static str {
        self.side_names[side.index()]
    }

    /// Whether a record's `Variant` tag value names this game (case and spaces ignored; an
    /// empty value names every game).
    pub fn accepts_variant(&self, value: &str) -> bool {
        let value = value.trim().to_ascii_lowercase();
        value.is_empty()
            || self.variant == Some(value.as_str())
            || self.variant_aliases.contains(&value.as_str())
    }
}

impl Description {
    /// Whether the game has a Chess960 form (start positions drawn from 960, castling
    /// written king-takes-rook).
    pub fn has_chess960(&self) -> bool {
        !self.chess960_variants.is_empty()
    }

    /// Whether a record's `Variant` tag value names this game's Chess960 form (case
    /// ignored).
    pub fn is_chess960_variant(&self, value: &str) -> bool {
        let value = value.trim();
        self.chess960_variants
            .iter()
            .any(|v| v.eq_ignore_ascii_case(value))
    }
}

/// The board size of a FEN's board field: (files, ranks); (0, 0) when it has none.
pub fn board_size(fen: &str) -> (usize, usize) {
    let board = fen.split_whitespace().next().unwrap_or("");
    if board.is_empty() {
        return (0, 0);
    }
    let rows: Vec<&str> = board.split('/').collect();
    let files = rows.first().map_or(0, |row| {
        let mut count = 0;
        let mut run = 0;
        for c in row.chars() {
            match c.to_digit(10) {
                Some(d) => run = run * 10 + d as usize,
                None => {
                    count += run + 1;
                    run = 0;
                }
            }
        }
        count + run
    });
    (files, rows.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_sizes_come_from_the_fen() {
        assert_eq!(
            board_size("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            (8, 8)
        );
        assert_eq!(board_size("3/1x1/3 o"), (3, 3));
        assert_eq!(board_size("10/10 w"), (10, 2));
        assert_eq!(board_size(""), (0, 0));
    }

    #[test]
    fn variants_are_read_case_blind_and_empty_names_any_game() {
        let mut d = Description::plain("test", 3, 3);
        d.variant_aliases = &["other"];
        assert!(d.accepts_variant(" Test "));
        assert!(d.accepts_variant("OTHER"));
        assert!(d.accepts_variant(""));
        assert!(!d.accepts_variant("chess"));
        assert_eq!(d.side_name(Side::Black), "Black");
    }

    #[test]
    fn chess960_variants_are_read_case_blind() {
        let mut d = Description::plain("test", 3, 3);
        assert!(!d.has_chess960() && !d.is_chess960_variant("Chess960"));
        d.chess960_variants = &["Chess960", "fischerandom"];
        assert!(d.has_chess960());
        assert!(d.is_chess960_variant(" chess960"));
        assert!(d.is_chess960_variant("FischeRandom"));
        assert!(!d.is_chess960_variant("test"));
    }
}
