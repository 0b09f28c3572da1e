//! What the page needs to draw a game's board, taken from the game's description
//! ([`game::Game::description`]), so the server stays generic over [`game::Game`].

use game::{Game, Side};

/// The shape and naming of a game's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSpec {
    /// Number of files (columns).
    pub files: usize,
    /// Number of ranks (rows).
    pub ranks: usize,
    /// The number of the bottom rank in coordinate moves: 1 in chess, 0 in xiangqi (Pikafish).
    pub rank_base: u8,
    /// Names of the two sides as players know them: White/Black, Red/Black.
    pub side_names: [&'static str; 2],
}

impl BoardSpec {
    /// The board of game `G`, as the game describes it.
    pub fn of<G: Game>() -> BoardSpec {
        let description = G::description();
        BoardSpec {
            files: description.files,
            ranks: description.ranks,
            rank_base: description.rank_base,
            side_names: description.side_names,
        }
    }

    /// The player's name of `side` ("Red" for xiangqi's first player).
    pub fn side_name(&self, side: Side) -> &'static str {
        self.side_names[side.index()]
    }
}

/// The board field of a FEN as rows from the top, one character per square, `.` for empty.
pub fn fen_rows(fen: &str) -> Vec<String> {
    let board = fen.split_whitespace().next().unwrap_or("");
    board
        .split('/')
        .map(|rank| {
            let mut row = String::new();
            let mut run = 0usize;
            for c in rank.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as usize;
                } else {
                    row.extend(std::iter::repeat_n('.', run));
                    run = 0;
                    row.push(c);
                }
            }
            row.extend(std::iter::repeat_n('.', run));
            row
        })
        .collect()
}

/// Number of pieces on the board of a FEN (both sides, kings included).
pub fn piece_count(fen: &str) -> usize {
    fen.split_whitespace()
        .next()
        .unwrap_or("")
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_rows_expand_digits() {
        let rows =
            fen_rows("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
        assert_eq!(rows.len(), 10);
        assert!(rows.iter().all(|r| r.len() == 9));
        assert_eq!(rows[2], ".c.....c.");
        assert_eq!(fen_rows("10/k9 w")[1], "k.........");
        assert_eq!(
            piece_count("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            32
        );
    }
}
