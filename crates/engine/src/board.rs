//! Board diagrams drawn from a FEN's piece placement, for both games: the UCI `d` command
//! and the terminal game draw from the same grid, so neither needs more from the rules
//! than [`game::Game::to_fen`].

/// Wider than any board drawn here; bounds the work done for hostile input.
const MAX_WIDTH: usize = 16;

/// The squares of a board, top rank (Black's side) first; `None` is an empty square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Rows from the top (rank 8 in chess, rank 9 in xiangqi) down; each left to right.
    pub rows: Vec<Vec<Option<char>>>,
}

impl Grid {
    /// Reads the first field of a FEN. `None` if it is not a rectangular placement.
    pub fn from_fen(fen: &str) -> Option<Grid> {
        let placement = fen.split_whitespace().next()?;
        let mut rows = Vec::new();
        for text in placement.split('/') {
            let mut row = Vec::new();
            let mut digits = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    digits = digits * 10 + d as usize;
                    if row.len() + digits > MAX_WIDTH {
                        return None;
                    }
                    continue;
                }
                row.extend(std::iter::repeat_n(None, std::mem::take(&mut digits)));
                if !c.is_ascii_alphabetic() {
                    return None;
                }
                row.push(Some(c));
            }
            row.extend(std::iter::repeat_n(None, digits));
            if row.len() > MAX_WIDTH {
                return None;
            }
            rows.push(row);
        }
        let width = rows.first()?.len();
        (width > 0 && rows.iter().all(|r| r.len() == width)).then_some(Grid { rows })
    }

    /// Number of files.
    pub fn width(&self) -> usize {
        self.rows.first().map_or(0, Vec::len)
    }

    /// Number of ranks.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// A plain ASCII diagram with rank numbers from `first_rank` (1 for chess and for
    /// Fairy-Stockfish xiangqi, 0 for Pikafish xiangqi) and file letters.
    pub fn ascii(&self, first_rank: usize) -> String {
        let border = format!(" {}+\n", "+---".repeat(self.width()));
        let mut out = border.clone();
        for (i, row) in self.rows.iter().enumerate() {
            let rank = first_rank + self.height() - 1 - i;
            for square in row {
                out.push_str(&format!(" | {}", square.unwrap_or(' ')));
            }
            out.push_str(&format!(" | {rank}\n"));
            out.push_str(&border);
        }
        out.push(' ');
        for file in (b'a'..).take(self.width()) {
            out.push_str(&format!("  {} ", file as char));
        }
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_and_xiangqi_placements() {
        let chess =
            Grid::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
        assert_eq!((chess.width(), chess.height()), (8, 8));
        assert_eq!(chess.rows[4][4], Some('P'));
        assert_eq!(chess.rows[0][3], Some('q'));
        let xq = Grid::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
            .unwrap();
        assert_eq!((xq.width(), xq.height()), (9, 10));
        assert_eq!(xq.rows[2][1], Some('c'));
        assert_eq!(xq.rows[9][4], Some('K'));
    }

    #[test]
    fn bad_placements_are_refused() {
        assert_eq!(Grid::from_fen(""), None);
        assert_eq!(Grid::from_fen("8/7"), None);
        assert_eq!(Grid::from_fen("8/8/x?/8"), None);
        assert_eq!(Grid::from_fen("99999999999/8"), None);
    }

    #[test]
    fn ascii_labels_ranks_and_files() {
        let grid = Grid::from_fen("k7/8/8/8/8/8/8/7K w").unwrap();
        let text = grid.ascii(1);
        assert!(text.contains("| k |   |"), "{text}");
        assert!(text.contains("| K | 1\n"), "{text}");
        assert!(text.contains("| 8\n"), "{text}");
        assert!(text.trim_end().ends_with('h'), "{text}");
        let xq = Grid::from_fen("9/9/9/9/9/9/9/9/9/4K4 w").unwrap().ascii(0);
        assert!(
            xq.contains("| 9\n") && xq.contains("| 0\n") && !xq.contains("| 10"),
            "{xq}"
        );
    }
}
