//! Tic-tac-toe behind the `Game` trait: a board game small enough that the web game's
//! tests run fast and deterministically, independent of the real rules.

use game::{EndReason, Game, MoveList, MoveStyle, Outcome, Score, Side, Verdict};

/// Tic-tac-toe: squares 1..=9 from a1 (bottom left) to c3; White is X and moves first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TicTacToe {
    cells: [Option<Side>; 9],
    to_move: Side,
}

/// Why a tic-tac-toe string was refused.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct TttError(&'static str);

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Tic-tac-toe searches with the base search (in tests it is only ever scripted).
impl engine::Tuned for TicTacToe {
    const TUNING: search::SearchTuning = search::SearchTuning::BASE;
}

impl TicTacToe {
    fn winner(&self) -> Option<Side> {
        LINES.iter().find_map(|l| {
            let a = self.cells[l[0]]?;
            (self.cells[l[1]] == Some(a) && self.cells[l[2]] == Some(a)).then_some(a)
        })
    }
}

impl Game for TicTacToe {
    type Move = u8;
    type FenError = TttError;
    type MoveError = TttError;
    type Evaluator = ();
    const NAME: &'static str = "tictactoe";

    fn start() -> Self {
        TicTacToe {
            cells: [None; 9],
            to_move: Side::White,
        }
    }
    fn from_fen(fen: &str) -> Result<Self, TttError> {
        let mut parts = fen.split_whitespace();
        let rows: Vec<&str> = parts
            .next()
            .ok_or(TttError("empty FEN"))?
            .split('/')
            .collect();
        if rows.len() != 3 {
            return Err(TttError("a board has 3 rows"));
        }
        let mut pos = TicTacToe::start();
        for (r, row) in rows.iter().enumerate() {
            let mut file = 0;
            for c in row.chars() {
                let rank = 2 - r;
                match c {
                    '1'..='3' => file += c as usize - '0' as usize,
                    'X' | 'o' if file < 3 => {
                        pos.cells[rank * 3 + file] =
                            Some(if c == 'X' { Side::White } else { Side::Black });
                        file += 1;
                    }
                    _ => return Err(TttError("bad board character")),
                }
            }
            if file != 3 {
                return Err(TttError("a row has 3 squares"));
            }
        }
        pos.to_move = match parts.next() {
            Some("w") => Side::White,
            Some("b") => Side::Black,
            _ => return Err(TttError("side to move must be w or b")),
        };
        Ok(pos)
    }
    fn to_fen(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..3).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..3 {
                match self.cells[rank * 3 + file] {
                    None => empty += 1,
                    Some(side) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(if side == Side::White { 'X' } else { 'o' });
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let side = if self.to_move == Side::White {
            "w"
        } else {
            "b"
        };
        format!("{} {side}", rows.join("/"))
    }
    /// A 3×3 board whose moves are typed as coordinates (`b2`) or in "human" notation
    /// (`B2`), so that the web game's tests read both.
    fn description() -> game::Description {
        game::Description {
            input_styles: &[MoveStyle::Coord, MoveStyle::Human],
            ..game::Description::plain(Self::NAME, 3, 3)
        }
    }
    fn side_to_move(&self) -> Side {
        self.to_move
    }
    fn generate(&self, list: &mut MoveList<u8>) {
        if self.winner().is_some() {
            return;
        }
        for (i, c) in self.cells.iter().enumerate() {
            if c.is_none() {
                list.push(i as u8 + 1);
            }
        }
    }
    fn generate_noisy(&self, _list: &mut MoveList<u8>) {}
    fn make(&mut self, mv: u8) {
        self.cells[mv as usize - 1] = Some(self.to_move);
        self.to_move = self.to_move.flip();
    }
    fn unmake(&mut self, mv: u8) {
        self.cells[mv as usize - 1] = None;
        self.to_move = self.to_move.flip();
    }
    fn make_null(&mut self) {
        self.to_move = self.to_move.flip();
    }
    fn unmake_null(&mut self) {
        self.to_move = self.to_move.flip();
    }
    fn in_check(&self) -> bool {
        false
    }
    fn hash(&self) -> u64 {
        self.cells.iter().fold(self.to_move as u64, |h, c| {
            h * 3 + c.map_or(0, |s| s as u64 + 1)
        })
    }
    fn evaluate(&self) -> Score {
        0
    }
    fn adjudicate(&self, _plies: usize) -> Option<Verdict> {
        None
    }
    fn no_moves_verdict(&self) -> Verdict {
        if self.winner().is_some() {
            Verdict::Loss
        } else {
            Verdict::Draw
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        if let Some(w) = self.winner() {
            return Some(Outcome {
                winner: Some(w),
                reason: EndReason::Checkmate,
            });
        }
        self.cells.iter().all(Option::is_some).then_some(Outcome {
            winner: None,
            reason: EndReason::Stalemate,
        })
    }
    fn is_capture(&self, _mv: u8) -> bool {
        false
    }
    fn is_noisy(&self, _mv: u8) -> bool {
        false
    }
    fn mvv_lva(&self, _mv: u8) -> i32 {
        0
    }
    fn see_ge(&self, _mv: u8, threshold: Score) -> bool {
        threshold <= 0
    }
    fn null_move_ok(&self) -> bool {
        false
    }
    fn encode(mv: u8) -> u16 {
        mv as u16
    }
    fn decode(&self, code: u16) -> Option<u8> {
        let mv = u8::try_from(code).ok()?;
        self.legal_moves().contains(mv).then_some(mv)
    }
    fn format_move(&self, mv: u8, style: MoveStyle) -> String {
        let i = mv as usize - 1;
        let (file, rank) = ((b'a' + (i % 3) as u8) as char, i / 3 + 1);
        match style {
            MoveStyle::Human => format!("{}{rank}", file.to_ascii_uppercase()),
            _ => format!("{file}{rank}"),
        }
    }
    fn parse_move(&self, text: &str, style: MoveStyle) -> Result<u8, TttError> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return Err(TttError("a move is a square like b2"));
        }
        let file = match (style, b[0]) {
            (MoveStyle::Human, b'A'..=b'C') => b[0] - b'A',
            (MoveStyle::Coord | MoveStyle::CoordOneBased, b'a'..=b'c') => b[0] - b'a',
            _ => return Err(TttError("bad file")),
        };
        if !(b'1'..=b'3').contains(&b[1]) {
            return Err(TttError("bad rank"));
        }
        let mv = (b[1] - b'1') * 3 + file + 1;
        if self.legal_moves().contains(mv) {
            Ok(mv)
        } else {
            Err(TttError("that square is taken or the game is over"))
        }
    }
}
