//! Packs a position, given as FEN text, into a fixed-size record and back (the layouts are
//! described in `docs/data-format.md`). Working on FEN text keeps this module free of either
//! game's internals: the game's own FEN parser then checks that an unpacked board is legal.

use super::FormatError;

/// Most pieces a board of either game holds (16 a side), so 16 bytes of 4-bit codes.
pub const MAX_PIECES: usize = 32;
/// Bytes of piece codes.
const PIECE_BYTES: usize = MAX_PIECES / 2;
/// The en-passant / castling nibble that means "none".
const NONE: u8 = 15;

/// How one game's positions are packed.
#[derive(Debug, PartialEq, Eq)]
pub struct Layout {
    /// The game's name, as `Game::NAME`.
    pub name: &'static str,
    /// The game's number in the file header.
    pub id: u8,
    /// Board width.
    pub files: usize,
    /// Board height.
    pub ranks: usize,
    /// White's (Red's) FEN letters; a piece's code is its index here, plus 8 for Black.
    pub pieces: &'static str,
    /// Whether records carry chess's castling rights and en-passant file.
    pub chess: bool,
}

/// Chess: 8 bytes of occupancy, 32-byte records.
pub const CHESS: Layout = Layout {
    name: "chess",
    id: 1,
    files: 8,
    ranks: 8,
    pieces: "PNBRQK",
    chess: true,
};

/// Xiangqi: 12 bytes of occupancy (90 squares), 34-byte records.
pub const XIANGQI: Layout = Layout {
    name: "xiangqi",
    id: 2,
    files: 9,
    ranks: 10,
    pieces: "RNBAKCP",
    chess: false,
};

/// Every layout, for reading a header of either game.
pub const LAYOUTS: [&Layout; 2] = [&CHESS, &XIANGQI];

/// The result of the game a position came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameResult {
    /// Black (xiangqi: Black) won.
    BlackWins = 0,
    /// A draw.
    Draw = 1,
    /// White (xiangqi: Red) won.
    WhiteWins = 2,
}

impl GameResult {
    /// The result as a score for White: 0.0, 0.5 or 1.0.
    pub fn for_white(self) -> f64 {
        f64::from(self as u8) / 2.0
    }

    /// The result of a score for White (0.0, 0.5 or 1.0; anything else is `None`).
    pub fn from_white(score: f64) -> Option<GameResult> {
        match score {
            0.0 => Some(GameResult::BlackWins),
            0.5 => Some(GameResult::Draw),
            1.0 => Some(GameResult::WhiteWins),
            _ => None,
        }
    }
}

/// One training position, as a reader gives it and a writer takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The position (the ply stored in the record is its move number and side to move).
    pub fen: String,
    /// The search score in centipawns from White's (Red's) view, clamped to ±32767.
    pub score: i16,
    /// The game's result.
    pub result: GameResult,
    /// Whether this is the first position written from its game (marks game boundaries;
    /// resuming counts these to know how many games a file holds).
    pub first: bool,
}

impl Layout {
    /// Bytes of the occupancy bitset (one bit a square, rounded up to whole bytes).
    pub const fn occupancy_bytes(&self) -> usize {
        (self.files * self.ranks).div_ceil(8)
    }

    /// Bytes of one record.
    pub const fn record_size(&self) -> usize {
        // occupancy, piece codes, flags, halfmove clock, score, ply, (chess) castling
        self.occupancy_bytes() + PIECE_BYTES + 6 + if self.chess { 2 } else { 0 }
    }

    fn squares(&self) -> usize {
        self.files * self.ranks
    }

    /// Packs `record` into `out` (exactly [`Layout::record_size`] bytes).
    pub fn pack(&self, record: &Record, out: &mut Vec<u8>) -> Result<(), FormatError> {
        let bad = |why: &str| FormatError::BadFen(format!("{}: {why}", record.fen));
        let fields: Vec<&str> = record.fen.split_whitespace().collect();
        let (Some(board), Some(side)) = (fields.first(), fields.get(1)) else {
            return Err(bad("needs a board and a side to move"));
        };
        let squares = self.parse_board(board).map_err(|e| bad(&e))?;
        let black = match *side {
            "w" | "r" => false,
            "b" => true,
            _ => return Err(bad("side to move is not w or b")),
        };
        let mut rest = &fields[2..];
        let (mut ep, mut castling) = (NONE, [NONE; 4]);
        if self.chess {
            if let Some(text) = rest.first() {
                castling = self.castling(&squares, text).map_err(|e| bad(&e))?;
            }
            if let Some(text) = rest.get(1) {
                ep = match text.as_bytes() {
                    b"-" => NONE,
                    [f @ b'a'..=b'h', b'3' | b'6'] => f - b'a',
                    _ => return Err(bad("bad en-passant square")),
                };
            }
            rest = rest.get(2..).unwrap_or(&[]);
        } else {
            while rest.first() == Some(&"-") {
                rest = &rest[1..];
            }
        }
        let number = |i: usize, default: u32| -> Result<u32, FormatError> {
            rest.get(i).map_or(Ok(default), |t| {
                t.parse().map_err(|_| bad("bad move counter"))
            })
        };
        let halfmove = number(0, 0)?.min(255) as u8;
        let fullmove = number(1, 1)?.max(1);
        let ply = (2 * (fullmove - 1) + u32::from(black)).min(u32::from(u16::MAX) - 1) as u16;
        let ply = ply - (ply % 2) + u16::from(black);

        let mut occupancy = 0u128;
        let mut codes = [0u8; PIECE_BYTES];
        let mut count = 0;
        for (sq, piece) in squares.iter().enumerate() {
            if let Some(code) = piece {
                if count == MAX_PIECES {
                    return Err(bad("more than 32 pieces"));
                }
                occupancy |= 1 << sq;
                codes[count / 2] |= code << (4 * (count % 2));
                count += 1;
            }
        }
        out.extend_from_slice(&occupancy.to_le_bytes()[..self.occupancy_bytes()]);
        out.extend_from_slice(&codes);
        let flags =
            u8::from(black) | (record.result as u8) << 1 | u8::from(record.first) << 3 | ep << 4;
        out.push(flags);
        out.push(halfmove);
        out.extend_from_slice(&record.score.to_le_bytes());
        out.extend_from_slice(&ply.to_le_bytes());
        if self.chess {
            let packed = castling
                .iter()
                .enumerate()
                .fold(0u16, |acc, (i, &f)| acc | u16::from(f) << (4 * i));
            out.extend_from_slice(&packed.to_le_bytes());
        }
        Ok(())
    }

    /// The piece code on each square (a1 = 0, rank by rank from White's side).
    fn parse_board(&self, board: &str) -> Result<Vec<Option<u8>>, String> {
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != self.ranks {
            return Err(format!("{} ranks, not {}", rows.len(), self.ranks));
        }
        let mut squares = vec![None; self.squares()];
        for (i, row) in rows.iter().enumerate() {
            let rank = self.ranks - 1 - i;
            let mut file = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                    continue;
                }
                let kind = self
                    .pieces
                    .find(c.to_ascii_uppercase())
                    .ok_or_else(|| format!("unknown piece `{c}`"))?;
                if file >= self.files {
                    return Err(format!("rank {} is too long", rank + 1));
                }
                let colour = if c.is_ascii_lowercase() { 8 } else { 0 };
                squares[rank * self.files + file] = Some(kind as u8 | colour);
                file += 1;
            }
            if file != self.files {
                return Err(format!("rank {} has {file} files", rank + 1));
            }
        }
        Ok(squares)
    }

    /// The castling field as the rook file of each right (White short, White long, Black
    /// short, Black long; [`NONE`] for none): `K`/`Q` name the outermost rook on that side
    /// of the king, a file letter (X-FEN, Shredder-FEN) names its rook directly.
    fn castling(&self, squares: &[Option<u8>], text: &str) -> Result<[u8; 4], String> {
        let mut files = [NONE; 4];
        if text == "-" {
            return Ok(files);
        }
        for c in text.chars() {
            let black = c.is_ascii_lowercase();
            let king = self
                .back_rank_file(squares, black, 5)
                .ok_or("castling right without a king on its back rank")?;
            let (slot, file) = match c.to_ascii_uppercase() {
                'K' => (0, self.outer_rook(squares, black, king, true)),
                'Q' => (1, self.outer_rook(squares, black, king, false)),
                f @ 'A'..='H' => {
                    let file = f as u8 - b'A';
                    (usize::from(file < king), Some(file))
                }
                _ => return Err(format!("bad castling letter `{c}`")),
            };
            let file = file.ok_or("castling right without its rook")?;
            files[slot + 2 * usize::from(black)] = file;
        }
        Ok(files)
    }

    /// The file of the first piece of `kind` for `black` on its back rank.
    fn back_rank_file(&self, squares: &[Option<u8>], black: bool, kind: u8) -> Option<u8> {
        let base = if black {
            (self.ranks - 1) * self.files
        } else {
            0
        };
        let code = kind | if black { 8 } else { 0 };
        (0..self.files)
            .find(|&f| squares[base + f] == Some(code))
            .map(|f| f as u8)
    }

    /// The outermost rook beside `king` on the back rank, towards h (`short`) or a.
    fn outer_rook(&self, squares: &[Option<u8>], black: bool, king: u8, short: bool) -> Option<u8> {
        let base = if black {
            (self.ranks - 1) * self.files
        } else {
            0
        };
        let rook = 3 | if black { 8 } else { 0 };
        let is_rook = |f: &u8| squares[base + usize::from(*f)] == Some(rook);
        if short {
            (king + 1..self.files as u8).rev().find(is_rook)
        } else {
            (0..king).find(is_rook)
        }
    }

    /// Unpacks one record (exactly [`Layout::record_size`] bytes) into FEN text and labels;
    /// every malformed field is an error, so a corrupt file is reported, not misread.
    pub fn unpack(&self, bytes: &[u8]) -> Result<Record, String> {
        if bytes.len() != self.record_size() {
            return Err(format!(
                "a record has {} bytes, not {}",
                bytes.len(),
                self.record_size()
            ));
        }
        let occ_bytes = self.occupancy_bytes();
        let mut occ = [0u8; 16];
        occ[..occ_bytes].copy_from_slice(&bytes[..occ_bytes]);
        let occupancy = u128::from_le_bytes(occ);
        if occupancy >> self.squares() != 0 {
            return Err("occupancy has bits beyond the board".into());
        }
        let count = occupancy.count_ones() as usize;
        if count > MAX_PIECES {
            return Err(format!("{count} pieces"));
        }
        let codes = &bytes[occ_bytes..occ_bytes + PIECE_BYTES];
        let code = |i: usize| (codes[i / 2] >> (4 * (i % 2))) & 15;
        if (count..MAX_PIECES).any(|i| code(i) != 0) {
            return Err("piece codes beyond the last piece".into());
        }
        let tail = &bytes[occ_bytes + PIECE_BYTES..];
        let (flags, halfmove) = (tail[0], tail[1]);
        let score = i16::from_le_bytes([tail[2], tail[3]]);
        let ply = u16::from_le_bytes([tail[4], tail[5]]);
        let black = flags & 1 == 1;
        let result = match (flags >> 1) & 3 {
            0 => GameResult::BlackWins,
            1 => GameResult::Draw,
            2 => GameResult::WhiteWins,
            _ => return Err("bad result".into()),
        };
        if ply % 2 != u16::from(black) {
            return Err("the ply does not match the side to move".into());
        }
        let ep = flags >> 4;
        if ep != NONE && (!self.chess || ep >= 8) {
            return Err("bad en-passant file".into());
        }

        // Codes follow the occupied squares from a1 up; the FEN runs from the top rank.
        let mut on_square = vec![None; self.squares()];
        let occupied = (0..self.squares()).filter(|sq| occupancy >> sq & 1 == 1);
        for (i, sq) in occupied.enumerate() {
            on_square[sq] = Some(code(i));
        }
        let mut board = String::new();
        for rank in (0..self.ranks).rev() {
            let mut empty = 0;
            for file in 0..self.files {
                let Some(c) = on_square[rank * self.files + file] else {
                    empty += 1;
                    continue;
                };
                let letter = self
                    .pieces
                    .as_bytes()
                    .get(usize::from(c & 7))
                    .ok_or_else(|| format!("bad piece code {c}"))?;
                if empty > 0 {
                    board.push(char::from(b'0' + empty));
                    empty = 0;
                }
                board.push(char::from(if c & 8 != 0 {
                    letter.to_ascii_lowercase()
                } else {
                    *letter
                }));
            }
            if empty > 0 {
                board.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                board.push('/');
            }
        }
        let side = if black { "b" } else { "w" };
        let (castling, ep) = if self.chess {
            let packed = u16::from_le_bytes([tail[6], tail[7]]);
            let squares = self.parse_board(&board)?;
            (self.castling_text(&squares, packed)?, ep_text(ep, black))
        } else {
            ("-".to_string(), "-".to_string())
        };
        let fen = format!("{board} {side} {castling} {ep} {halfmove} {}", ply / 2 + 1);
        Ok(Record {
            fen,
            score,
            result,
            first: flags & 8 != 0,
        })
    }

    /// The castling field of packed rook files: `K`/`Q` for the outermost rook, else the
    /// rook's file letter (X-FEN).
    fn castling_text(&self, squares: &[Option<u8>], packed: u16) -> Result<String, String> {
        let mut text = String::new();
        for slot in 0..4 {
            let file = (packed >> (4 * slot) & 15) as u8;
            if file == NONE {
                continue;
            }
            if file >= 8 {
                return Err("bad castling file".into());
            }
            let (black, short) = (slot >= 2, slot % 2 == 0);
            let king = self
                .back_rank_file(squares, black, 5)
                .ok_or("castling right without a king on its back rank")?;
            let letter = if self.outer_rook(squares, black, king, short) == Some(file) {
                if short {
                    'K'
                } else {
                    'Q'
                }
            } else {
                char::from(b'A' + file)
            };
            text.push(if black {
                letter.to_ascii_lowercase()
            } else {
                letter
            });
        }
        if text.is_empty() {
            text.push('-');
        }
        Ok(text)
    }
}

/// The en-passant field: the square behind the pawn that just moved two.
fn ep_text(file: u8, black_to_move: bool) -> String {
    if file == NONE {
        return "-".to_string();
    }
    let rank = if black_to_move { '3' } else { '6' };
    format!("{}{rank}", char::from(b'a' + file))
}
