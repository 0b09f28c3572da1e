//! Game files (`docs/data-format.md`, "Game files"): each self-play game as the position its
//! searches began from, its result, and every searched move with its score and whether the
//! position before it is a training position. About 4 bytes a ply instead of a 32–34-byte
//! record a position, so shards are small enough to keep in the repository from one working
//! day to the next; replaying the moves gives exactly the records a position file of the same
//! games holds ([`GameLog::records`]).

use super::file::{
    create_new, header_with, open_to_append, parse_header_with, read_full, Appending,
};
use super::{FormatError, GameResult, Layout, Packable, Record, Resumed, HEADER};
use game::{Game, MoveStyle};
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::Path;

/// The first eight bytes of every game file.
pub const GAMES_MAGIC: [u8; 8] = *b"CHRTGAM\x1a";
/// Bit of a ply's move code set when the position before the move is a training position.
const WRITTEN: u16 = 1 << 15;
/// Bytes of one ply: move code, score.
pub const PLY_BYTES: usize = 4;
/// Promotion letters of a chess move code, from 1 (0 is no promotion).
const PROMOTIONS: &str = "nbrq";

/// One searched ply of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply<M> {
    /// The move the search chose (the last one of a game may not have been played).
    pub mv: M,
    /// The search's score, centipawns from White's (Red's) view, clamped to ±32767.
    pub score: i16,
    /// Whether the position before the move is a training position.
    pub written: bool,
}

/// A self-play game as a game file keeps it.
#[derive(Clone, Debug)]
pub struct GameLog<G: Game> {
    /// The position the searches began from (after the random opening plies).
    pub start: G,
    /// Each searched ply, in order.
    pub plies: Vec<Ply<G::Move>>,
    /// The game's result.
    pub result: GameResult,
}

/// Bits of a square number in a move code: 6 for chess's 64 squares, 7 for xiangqi's 90.
fn square_bits(layout: &Layout) -> u32 {
    if layout.files * layout.ranks <= 64 {
        6
    } else {
        7
    }
}

/// The lowest rank digit of coordinate notation: chess counts from 1, xiangqi (as Pikafish
/// writes it) from 0.
fn rank_base(layout: &Layout) -> u8 {
    u8::from(layout.chess)
}

/// The code of a move written in coordinates (`e2e4`, `e7e8q`, `h2e2`): from-square, then
/// to-square, then (chess) the promotion, numbered as in the position records.
fn code_of_text(layout: &Layout, text: &str) -> Option<u16> {
    let b = text.as_bytes();
    if b.len() != 4 && b.len() != 5 {
        return None;
    }
    let square = |f: u8, r: u8| {
        let file = usize::from(f.checked_sub(b'a')?);
        let rank = usize::from(r.checked_sub(b'0' + rank_base(layout))?);
        (file < layout.files && rank < layout.ranks).then_some((rank * layout.files + file) as u16)
    };
    let promotion = match b.get(4) {
        None => 0,
        Some(&c) if layout.chess => 1 + PROMOTIONS.find(char::from(c))? as u16,
        Some(_) => return None,
    };
    let bits = square_bits(layout);
    Some(square(b[0], b[1])? | square(b[2], b[3])? << bits | promotion << (2 * bits))
}

/// The coordinate text of a move code (without the written bit), `None` for a bad code.
fn text_of_code(layout: &Layout, code: u16) -> Option<String> {
    let bits = square_bits(layout);
    let mask = (1 << bits) - 1;
    let squares = layout.files * layout.ranks;
    let square = |s: u16| {
        let s = usize::from(s);
        (s < squares).then(|| {
            let file = char::from(b'a' + (s % layout.files) as u8);
            let rank = char::from(b'0' + rank_base(layout) + (s / layout.files) as u8);
            format!("{file}{rank}")
        })
    };
    let mut text = square(code & mask)? + &square(code >> bits & mask)?;
    match code >> (2 * bits) {
        0 => {}
        p if layout.chess && usize::from(p) <= PROMOTIONS.len() => {
            text.push(PROMOTIONS.as_bytes()[usize::from(p) - 1].into())
        }
        _ => return None,
    }
    Some(text)
}

impl<G: Packable> GameLog<G> {
    /// Appends the game's block to `out`: the start record (its flags carry the result),
    /// the ply count, then each ply's move code and score.
    pub fn encode(&self, out: &mut Vec<u8>) -> Result<(), FormatError> {
        let start = Record {
            fen: self.start.to_fen(),
            score: 0,
            result: self.result,
            first: true,
        };
        G::LAYOUT.pack(&start, out)?;
        let count = u16::try_from(self.plies.len())
            .map_err(|_| FormatError::BadFen(format!("a game of {} plies", self.plies.len())))?;
        out.extend_from_slice(&count.to_le_bytes());
        let mut pos = self.start.clone();
        for ply in &self.plies {
            let text = pos.format_move(ply.mv, MoveStyle::Coord);
            let code = code_of_text(G::LAYOUT, &text)
                .ok_or_else(|| FormatError::BadFen(format!("{}: move {text}", pos.to_fen())))?;
            let code = code | if ply.written { WRITTEN } else { 0 };
            out.extend_from_slice(&code.to_le_bytes());
            out.extend_from_slice(&ply.score.to_le_bytes());
            pos.make(ply.mv);
        }
        Ok(())
    }

    /// The game of a block's bytes (start record, ply count, plies); an illegal start, a
    /// bad code or an illegal move is an error.
    pub fn decode(start: &[u8], plies: &[u8]) -> Result<GameLog<G>, String> {
        let record = G::LAYOUT.unpack(start)?;
        let first = G::from_packed(&record.fen).map_err(|e| format!("{}: {e}", record.fen))?;
        let mut pos = first.clone();
        let mut log = Vec::with_capacity(plies.len() / PLY_BYTES);
        for (i, ply) in plies.chunks_exact(PLY_BYTES).enumerate() {
            let code = u16::from_le_bytes([ply[0], ply[1]]);
            let score = i16::from_le_bytes([ply[2], ply[3]]);
            let bad = |why: String| format!("ply {} from {}: {why}", i + 1, record.fen);
            let text = text_of_code(G::LAYOUT, code & !WRITTEN)
                .ok_or_else(|| bad(format!("bad move code {code:#06x}")))?;
            let mv = pos
                .parse_move(&text, MoveStyle::Coord)
                .map_err(|e| bad(format!("{text}: {e}")))?;
            log.push(Ply {
                mv,
                score,
                written: code & WRITTEN != 0,
            });
            pos.make(mv);
        }
        Ok(GameLog {
            start: first,
            plies: log,
            result: record.result,
        })
    }

    /// The training positions of the game, in order, the first one marked first of its game:
    /// what a position file of the same game holds.
    pub fn records(&self) -> Vec<Record> {
        let mut pos = self.start.clone();
        let mut out = Vec::new();
        for ply in &self.plies {
            if ply.written {
                out.push(Record {
                    fen: pos.to_fen(),
                    score: ply.score,
                    result: self.result,
                    first: out.is_empty(),
                });
            }
            pos.make(ply.mv);
        }
        out
    }
}

/// One game's bytes as a file holds them, not yet replayed.
#[derive(Clone, Debug, Default)]
pub struct RawGame {
    /// The start record.
    pub start: Vec<u8>,
    /// The plies, [`PLY_BYTES`] each.
    pub plies: Vec<u8>,
}

impl RawGame {
    /// Training positions the block marks.
    pub fn written(&self) -> u64 {
        self.plies
            .chunks_exact(PLY_BYTES)
            .filter(|p| u16::from_le_bytes([p[0], p[1]]) & WRITTEN != 0)
            .count() as u64
    }

    /// The block's bytes.
    pub fn bytes(&self) -> Vec<u8> {
        let count = (self.plies.len() / PLY_BYTES) as u16;
        let mut out = self.start.clone();
        out.extend_from_slice(&count.to_le_bytes());
        out.extend_from_slice(&self.plies);
        out
    }
}

/// Reads a game file game by game.
pub struct GameReader<R> {
    input: R,
    layout: &'static Layout,
    index: u64,
}

impl GameReader<BufReader<File>> {
    /// Opens `path` and checks its header (against `expected`'s game when given).
    pub fn open(path: &Path, expected: Option<&'static Layout>) -> Result<Self, FormatError> {
        GameReader::new(
            BufReader::with_capacity(1 << 20, File::open(path)?),
            expected,
        )
    }
}

impl<R: Read> GameReader<R> {
    /// Reads and checks the header of `input` (against `expected`'s game when given).
    pub fn new(mut input: R, expected: Option<&'static Layout>) -> Result<Self, FormatError> {
        let mut h = [0u8; HEADER];
        if read_full(&mut input, &mut h)? < HEADER {
            return Err(FormatError::NotData);
        }
        let layout = parse_header_with(&GAMES_MAGIC, &h, expected)?;
        Ok(GameReader {
            input,
            layout,
            index: 0,
        })
    }

    /// The game the file holds.
    pub fn layout(&self) -> &'static Layout {
        self.layout
    }

    /// The next game's bytes, `None` at the end; a game cut short is
    /// [`FormatError::TruncatedGame`].
    pub fn next_raw(&mut self) -> Result<Option<RawGame>, FormatError> {
        let size = self.layout.record_size();
        let mut game = RawGame {
            start: vec![0; size],
            plies: Vec::new(),
        };
        let index = self.index;
        let cut = |have, need| FormatError::TruncatedGame { index, have, need };
        match read_full(&mut self.input, &mut game.start)? {
            0 => return Ok(None),
            n if n < size => return Err(cut(n, size + 2)),
            _ => {}
        }
        let mut count = [0u8; 2];
        let n = read_full(&mut self.input, &mut count)?;
        if n < 2 {
            return Err(cut(size + n, size + 2));
        }
        game.plies = vec![0; usize::from(u16::from_le_bytes(count)) * PLY_BYTES];
        let n = read_full(&mut self.input, &mut game.plies)?;
        if n < game.plies.len() {
            return Err(cut(size + 2 + n, size + 2 + game.plies.len()));
        }
        self.index += 1;
        Ok(Some(game))
    }

    /// The next game replayed in `G`, `None` at the end.
    pub fn next_game<G: Packable>(&mut self) -> Result<Option<GameLog<G>>, FormatError> {
        let index = self.index;
        let Some(raw) = self.next_raw()? else {
            return Ok(None);
        };
        GameLog::decode(&raw.start, &raw.plies)
            .map(Some)
            .map_err(|why| FormatError::Corrupt {
                index,
                why: format!("game {index}: {why}"),
            })
    }
}

/// Appends game blocks after a header.
pub struct GameWriter<W: Write> {
    out: W,
    layout: &'static Layout,
}

impl<W: Write> GameWriter<W> {
    /// Writes the header of `layout`'s game file to `out`.
    pub fn new(mut out: W, layout: &'static Layout) -> Result<Self, FormatError> {
        out.write_all(&header_with(&GAMES_MAGIC, layout))?;
        Ok(GameWriter { out, layout })
    }

    /// The game the file holds.
    pub fn layout(&self) -> &'static Layout {
        self.layout
    }

    /// Appends one game's block (as [`GameLog::encode`] or [`RawGame::bytes`] made it).
    pub fn write_block(&mut self, block: &[u8]) -> Result<(), FormatError> {
        Ok(self.out.write_all(block)?)
    }

    /// Flushes what was written.
    pub fn flush(&mut self) -> Result<(), FormatError> {
        Ok(self.out.flush()?)
    }

    /// The output, flushed.
    pub fn into_inner(mut self) -> Result<W, FormatError> {
        self.flush()?;
        Ok(self.out)
    }
}

impl GameWriter<BufWriter<File>> {
    /// Opens `path` to append `layout`'s games: creates it with a header if it is missing
    /// (or holds only part of a header); otherwise checks its header, cuts off a game left
    /// incomplete by an interrupted run, and counts the games and positions kept.
    pub fn resume(path: &Path, layout: &'static Layout) -> Result<(Self, Resumed), FormatError> {
        let fresh = header_with(&GAMES_MAGIC, layout);
        let (mut file, len) = match open_to_append(path, &fresh)? {
            Appending::Found(file, len) => (file, len),
            Appending::Empty(file) => {
                let writer = GameWriter::new(BufWriter::new(file), layout)?;
                return Ok((writer, Resumed::default()));
            }
        };
        let mut found = GameReader::new(BufReader::new(&mut file), Some(layout))?;
        let (mut records, mut games, mut keep) = (0, 0, HEADER as u64);
        loop {
            match found.next_raw() {
                Ok(Some(game)) => {
                    records += game.written();
                    games += 1;
                    keep += (game.start.len() + 2 + game.plies.len()) as u64;
                }
                Ok(None) | Err(FormatError::TruncatedGame { .. }) => break,
                Err(e) => return Err(e),
            }
        }
        file.set_len(keep)?;
        file.seek(SeekFrom::Start(keep))?;
        let writer = GameWriter {
            out: BufWriter::new(file),
            layout,
        };
        let resumed = Resumed {
            records,
            games,
            dropped: len - keep,
        };
        Ok((writer, resumed))
    }
}

/// Concatenates game files of one game into `out` (which must not exist yet); returns the
/// games written. Every input's header and block structure is checked.
pub fn merge_games(inputs: &[impl AsRef<Path>], out: &Path) -> anyhow::Result<u64> {
    use anyhow::Context;
    let Some(first) = inputs.first() else {
        anyhow::bail!("no files to merge");
    };
    let first = first.as_ref();
    let layout = GameReader::open(first, None)
        .with_context(|| format!("reading {}", first.display()))?
        .layout();
    let mut writer = GameWriter::new(BufWriter::new(create_new(out)?), layout)?;
    let mut games = 0;
    let result = (|| -> anyhow::Result<()> {
        for input in inputs {
            let input = input.as_ref();
            let context = || format!("reading {}", input.display());
            let mut reader = GameReader::open(input, Some(layout)).with_context(context)?;
            while let Some(game) = reader.next_raw().with_context(context)? {
                writer.write_block(&game.bytes())?;
                games += 1;
            }
        }
        writer.flush()?;
        Ok(())
    })();
    if let Err(e) = result {
        // Leave no half-merged file behind.
        let _ = std::fs::remove_file(out);
        return Err(e);
    }
    Ok(games)
}

/// Reads the training positions of either kind of file: a position file record by record,
/// a game file game by game, replayed.
pub enum AnyReader<R> {
    /// A position file.
    Positions(super::Reader<R>),
    /// A game file and the positions of its current game not yet given out.
    Games(GameReader<R>, std::collections::VecDeque<Record>),
}

/// An input whose first bytes, read to tell the kind of file, are put back in front.
pub type Rewound<R> = std::io::Chain<std::io::Cursor<Vec<u8>>, R>;

impl<R: Read> AnyReader<Rewound<R>> {
    /// Reads the magic of `input` and opens it as the kind of file it is (checked against
    /// `expected`'s game when given).
    pub fn new(mut input: R, expected: Option<&'static Layout>) -> Result<Self, FormatError> {
        let mut magic = vec![0u8; 8];
        let n = read_full(&mut input, &mut magic)?;
        magic.truncate(n);
        let games = magic == GAMES_MAGIC;
        let input = std::io::Cursor::new(magic).chain(input);
        Ok(if games {
            AnyReader::Games(
                GameReader::new(input, expected)?,
                std::collections::VecDeque::new(),
            )
        } else {
            AnyReader::Positions(super::Reader::new(input, expected)?)
        })
    }
}

impl<R: Read> AnyReader<R> {
    /// The game the file holds.
    pub fn layout(&self) -> &'static Layout {
        match self {
            AnyReader::Positions(r) => r.layout(),
            AnyReader::Games(r, _) => r.layout(),
        }
    }

    /// The next training position and its record, `None` at the end.
    pub fn next_position<G: Packable>(&mut self) -> Result<Option<(G, Record)>, FormatError> {
        match self {
            AnyReader::Positions(reader) => reader.next_position(),
            AnyReader::Games(reader, pending) => loop {
                if let Some(record) = pending.pop_front() {
                    let pos = G::from_packed(&record.fen).map_err(|why| FormatError::Corrupt {
                        index: reader.index,
                        why,
                    })?;
                    return Ok(Some((pos, record)));
                }
                match reader.next_game::<G>()? {
                    Some(game) => pending.extend(game.records()),
                    None => return Ok(None),
                }
            },
        }
    }
}

/// Opens the data file at `path`, whichever kind it is.
pub fn open_any(
    path: &Path,
    expected: Option<&'static Layout>,
) -> Result<AnyReader<Rewound<BufReader<File>>>, FormatError> {
    AnyReader::new(
        BufReader::with_capacity(1 << 20, File::open(path)?),
        expected,
    )
}

#[cfg(test)]
mod tests;
