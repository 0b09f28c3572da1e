//! Drawing the board in a terminal: Unicode chess pieces, xiangqi as the traditional
//! characters (Red 帥仕相傌俥炮兵, Black 將士象馬車砲卒), ANSI colour when wanted.

use engine::board::Grid;
use game::Side;

/// How to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Use ANSI colours.
    pub colour: bool,
    /// Draw from this side's point of view (its pieces at the bottom).
    pub viewer: Side,
}

/// Whether colour suits this output: a terminal, and `NO_COLOR` unset (no-color.org).
pub fn colour_wanted(is_terminal: bool) -> bool {
    is_terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

const RED: &str = "\x1b[1;31m";
const BLUE: &str = "\x1b[1;34m";
const DIM: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

fn paint(text: &str, code: &str, colour: bool) -> String {
    if colour {
        format!("{code}{text}{RESET}")
    } else {
        text.to_string()
    }
}

/// The Unicode glyph of a chess piece letter (FEN case: upper is White).
pub fn chess_glyph(letter: char) -> char {
    match letter {
        'K' => '♔',
        'Q' => '♕',
        'R' => '♖',
        'B' => '♗',
        'N' => '♘',
        'P' => '♙',
        'k' => '♚',
        'q' => '♛',
        'r' => '♜',
        'b' => '♝',
        'n' => '♞',
        'p' => '♟',
        other => other,
    }
}

/// The traditional character of a xiangqi piece letter (FEN case: upper is Red). Both
/// letter sets in use are read: b/e for the elephant and n/h for the horse.
pub fn xiangqi_glyph(letter: char) -> char {
    match letter {
        'K' => '帥',
        'A' => '仕',
        'B' | 'E' => '相',
        'N' | 'H' => '傌',
        'R' => '俥',
        'C' => '炮',
        'P' => '兵',
        'k' => '將',
        'a' => '士',
        'b' | 'e' => '象',
        'n' | 'h' => '馬',
        'r' => '車',
        'c' => '砲',
        'p' => '卒',
        _ => '？',
    }
}

/// Row and column order for the viewer: White/Red see rank 1 (or 0) at the bottom.
fn order(grid: &Grid, viewer: Side) -> (Vec<usize>, Vec<usize>) {
    let rows: Vec<usize> = (0..grid.height()).collect();
    let cols: Vec<usize> = (0..grid.width()).collect();
    match viewer {
        Side::White => (rows, cols),
        Side::Black => (
            rows.into_iter().rev().collect(),
            cols.into_iter().rev().collect(),
        ),
    }
}

/// A chess board, ranks 8..1 and files a..h (turned round for Black).
pub fn chess(fen: &str, style: Style) -> String {
    let Some(grid) = Grid::from_fen(fen) else {
        return format!("(cannot draw {fen})\n");
    };
    let (rows, cols) = order(&grid, style.viewer);
    let mut out = String::new();
    for &r in &rows {
        let rank = grid.height() - r;
        out.push_str(&format!(" {rank} "));
        for &c in &cols {
            let square = match grid.rows[r][c] {
                Some(p) => {
                    let code = if p.is_ascii_uppercase() { RED } else { BLUE };
                    paint(&chess_glyph(p).to_string(), code, style.colour)
                }
                None if (r + c) % 2 == 1 => paint("·", DIM, style.colour),
                None => " ".to_string(),
            };
            out.push_str(&format!(" {square}"));
        }
        out.push('\n');
    }
    out.push_str("   ");
    for &c in &cols {
        out.push_str(&format!(" {}", (b'a' + c as u8) as char));
    }
    out.push('\n');
    out
}

/// A xiangqi board, ranks 9..0 and files a..i (Pikafish coordinates), with the river.
/// Characters are double width, so each point takes two columns plus a space.
pub fn xiangqi(fen: &str, style: Style) -> String {
    let Some(grid) = Grid::from_fen(fen) else {
        return format!("(cannot draw {fen})\n");
    };
    let (rows, cols) = order(&grid, style.viewer);
    let mut out = String::new();
    for (i, &r) in rows.iter().enumerate() {
        if i == grid.height() / 2 {
            out.push_str(&format!(
                "   {}\n",
                paint("  ~~ 楚 河 ~~~~~~ 漢 界 ~~", DIM, style.colour)
            ));
        }
        let rank = grid.height() - 1 - r;
        out.push_str(&format!(" {rank} "));
        for &c in &cols {
            let point = match grid.rows[r][c] {
                Some(p) => {
                    let code = if p.is_ascii_uppercase() { RED } else { BLUE };
                    paint(&xiangqi_glyph(p).to_string(), code, style.colour)
                }
                None => paint("．", DIM, style.colour),
            };
            out.push_str(&format!(" {point}"));
        }
        out.push('\n');
    }
    out.push_str("   ");
    for &c in &cols {
        out.push_str(&format!("  {}", (b'a' + c as u8) as char));
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: Style = Style {
        colour: false,
        viewer: Side::White,
    };

    #[test]
    fn chess_start_in_unicode() {
        let text = chess(chess::START_FEN, PLAIN);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], " 8  ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜");
        assert_eq!(lines[7], " 1  ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖");
        assert_eq!(lines[8], "    a b c d e f g h");
        assert!(!text.contains('\x1b'));
    }

    #[test]
    fn black_sees_the_board_turned_round() {
        let style = Style {
            colour: false,
            viewer: Side::Black,
        };
        let text = chess(chess::START_FEN, style);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], " 1  ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖");
        assert_eq!(lines[8], "    h g f e d c b a");
    }

    #[test]
    fn xiangqi_start_in_characters_with_the_river() {
        let text = xiangqi(xiangqi::START_FEN, PLAIN);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], " 9  車 馬 象 士 將 士 象 馬 車");
        assert_eq!(lines[2], " 7  ． 砲 ． ． ． ． ． 砲 ．");
        assert!(lines[5].contains("楚 河") && lines[5].contains("漢 界"));
        assert_eq!(lines[10], " 0  俥 傌 相 仕 帥 仕 相 傌 俥");
        assert_eq!(lines[11], "     a  b  c  d  e  f  g  h  i");
    }

    #[test]
    fn colour_marks_the_sides() {
        let style = Style {
            colour: true,
            viewer: Side::White,
        };
        let text = xiangqi(xiangqi::START_FEN, style);
        assert!(text.contains(&format!("{RED}帥{RESET}")));
        assert!(text.contains(&format!("{BLUE}將{RESET}")));
        assert!(!colour_wanted(false), "never colour a pipe");
    }
}
