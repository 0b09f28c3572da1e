//! Reading and writing data files: the header, records one at a time, resuming an
//! interrupted file and merging shards.

use super::{FormatError, Layout, Packable, Record, GAMES_MAGIC, HEADER, LAYOUTS, MAGIC, VERSION};
use std::fs::{File, OpenOptions};
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::Path;

/// The header of a position file of `layout`'s game.
fn header(layout: &Layout) -> [u8; HEADER] {
    header_with(&MAGIC, layout)
}

/// The header of a file of `layout`'s game that starts with `magic` (position or game file).
pub(super) fn header_with(magic: &[u8; 8], layout: &Layout) -> [u8; HEADER] {
    let mut h = [0u8; HEADER];
    h[..8].copy_from_slice(magic);
    h[8..10].copy_from_slice(&VERSION.to_le_bytes());
    h[10] = layout.id;
    h[11] = layout.record_size() as u8;
    h
}

/// The layout a position file's header names, checked against `expected` when given.
fn parse_header(
    h: &[u8; HEADER],
    expected: Option<&'static Layout>,
) -> Result<&'static Layout, FormatError> {
    parse_header_with(&MAGIC, h, expected)
}

/// The layout a header that must start with `magic` names, checked against `expected`.
pub(super) fn parse_header_with(
    magic: &[u8; 8],
    h: &[u8; HEADER],
    expected: Option<&'static Layout>,
) -> Result<&'static Layout, FormatError> {
    if h[..8] != *magic {
        return Err(
            match (*magic == MAGIC, h[..8] == GAMES_MAGIC, h[..8] == MAGIC) {
                (true, true, _) => FormatError::Kind("games, not positions"),
                (false, _, true) => FormatError::Kind("positions, not games"),
                _ => FormatError::NotData,
            },
        );
    }
    let version = u16::from_le_bytes([h[8], h[9]]);
    if version != VERSION {
        return Err(FormatError::Version(version));
    }
    let layout = LAYOUTS
        .into_iter()
        .find(|l| l.id == h[10])
        .ok_or(FormatError::UnknownGame(h[10]))?;
    if let Some(expected) = expected {
        if expected != layout {
            return Err(FormatError::WrongGame {
                expected: expected.name,
                found: layout.name,
            });
        }
    }
    if usize::from(h[11]) != layout.record_size() {
        return Err(FormatError::RecordSize {
            game: layout.name,
            expected: layout.record_size(),
            found: usize::from(h[11]),
        });
    }
    Ok(layout)
}

/// Reads into `buf` until it is full or the input ends; returns the bytes read.
pub(super) fn read_full(input: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match input.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// The game of the data file at `path` (its header checked).
pub fn read_header(path: &Path) -> Result<&'static Layout, FormatError> {
    Ok(Reader::open(path, None)?.layout())
}

/// Reads a data file record by record.
pub struct Reader<R> {
    input: R,
    layout: &'static Layout,
    buf: Vec<u8>,
    index: u64,
}

impl Reader<BufReader<File>> {
    /// Opens `path` and checks its header (against `expected`'s game when given).
    pub fn open(path: &Path, expected: Option<&'static Layout>) -> Result<Self, FormatError> {
        Reader::new(
            BufReader::with_capacity(1 << 20, File::open(path)?),
            expected,
        )
    }
}

impl<R: Read> Reader<R> {
    /// Reads and checks the header of `input` (against `expected`'s game when given).
    pub fn new(mut input: R, expected: Option<&'static Layout>) -> Result<Self, FormatError> {
        let mut h = [0u8; HEADER];
        if read_full(&mut input, &mut h)? < HEADER {
            return Err(FormatError::NotData);
        }
        let layout = parse_header(&h, expected)?;
        Ok(Reader {
            input,
            layout,
            buf: vec![0; layout.record_size()],
            index: 0,
        })
    }

    /// The game the file holds.
    pub fn layout(&self) -> &'static Layout {
        self.layout
    }

    /// The next record's bytes, `None` at the end; a partial last record is an error.
    pub fn next_raw(&mut self) -> Result<Option<&[u8]>, FormatError> {
        match read_full(&mut self.input, &mut self.buf)? {
            0 => Ok(None),
            n if n < self.buf.len() => Err(FormatError::Truncated(n, self.buf.len())),
            _ => {
                self.index += 1;
                Ok(Some(&self.buf))
            }
        }
    }

    /// The next record unpacked, `None` at the end.
    pub fn next_record(&mut self) -> Result<Option<Record>, FormatError> {
        let layout = self.layout;
        let index = self.index;
        match self.next_raw()? {
            None => Ok(None),
            Some(bytes) => layout
                .unpack(bytes)
                .map(Some)
                .map_err(|why| FormatError::Corrupt { index, why }),
        }
    }

    /// The next record and its position, which must be legal in `G`.
    pub fn next_position<G: Packable>(&mut self) -> Result<Option<(G, Record)>, FormatError> {
        let index = self.index;
        let Some(record) = self.next_record()? else {
            return Ok(None);
        };
        let pos = G::from_packed(&record.fen).map_err(|e| FormatError::Corrupt {
            index,
            why: format!("{}: {e}", record.fen),
        })?;
        Ok(Some((pos, record)))
    }
}

/// Writes records after a header.
pub struct Writer<W: Write> {
    out: W,
    layout: &'static Layout,
    buf: Vec<u8>,
}

/// What [`Writer::resume`] found in an existing file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Resumed {
    /// Whole records kept.
    pub records: u64,
    /// Games they came from (records marked first of their game).
    pub games: u64,
    /// Bytes of a partial last record that were cut off.
    pub dropped: u64,
}

impl<W: Write> Writer<W> {
    /// Writes the header of `layout`'s game to `out`.
    pub fn new(mut out: W, layout: &'static Layout) -> Result<Self, FormatError> {
        out.write_all(&header(layout))?;
        Ok(Writer::after_header(out, layout))
    }

    fn after_header(out: W, layout: &'static Layout) -> Self {
        Writer {
            out,
            layout,
            buf: Vec::with_capacity(layout.record_size()),
        }
    }

    /// Appends one record.
    pub fn write(&mut self, record: &Record) -> Result<(), FormatError> {
        self.buf.clear();
        self.layout.pack(record, &mut self.buf)?;
        self.out.write_all(&self.buf)?;
        Ok(())
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

impl Writer<BufWriter<File>> {
    /// Opens `path` to append `layout`'s records: creates it with a header if it is missing
    /// (or holds only part of a header); otherwise checks its header, cuts off a partial
    /// last record left by an interrupted run, and counts the records and games kept.
    pub fn resume(path: &Path, layout: &'static Layout) -> Result<(Self, Resumed), FormatError> {
        let (mut file, len) = match open_to_append(path, &header(layout))? {
            Appending::Found(file, len) => (file, len),
            Appending::Empty(file) => {
                let writer = Writer::new(BufWriter::new(file), layout)?;
                return Ok((writer, Resumed::default()));
            }
        };
        let mut found = Reader::new(BufReader::new(&mut file), Some(layout))?;
        let (mut records, mut games) = (0, 0);
        let flags_at = layout.occupancy_bytes() + 16;
        loop {
            match found.next_raw() {
                Ok(Some(bytes)) => {
                    records += 1;
                    games += u64::from(bytes[flags_at] & 8 != 0);
                }
                Ok(None) | Err(FormatError::Truncated(..)) => break,
                Err(e) => return Err(e),
            }
        }
        let keep = HEADER as u64 + records * layout.record_size() as u64;
        file.set_len(keep)?;
        file.seek(SeekFrom::Start(keep))?;
        let writer = Writer::after_header(BufWriter::new(file), layout);
        let resumed = Resumed {
            records,
            games,
            dropped: len - keep,
        };
        Ok((writer, resumed))
    }
}

/// What [`open_to_append`] found.
pub(super) enum Appending {
    /// No file, or only part of the expected header: now empty, ready for a header.
    Empty(File),
    /// A file with a whole header, and its length.
    Found(File, u64),
}

/// Opens `path` for a resumed run whose files start with `fresh` (created if missing): a file
/// shorter than a header must be the start of that header (an interrupted first write) and is
/// emptied; anything else is left for the caller to check. The file stays locked while the
/// returned handle lives, so a second run on the same file is refused with
/// [`FormatError::Busy`] instead of overwriting the first one's games.
pub(super) fn open_to_append(path: &Path, fresh: &[u8; HEADER]) -> Result<Appending, FormatError> {
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => return Err(FormatError::Busy),
        // A file system without locks: write unguarded, as before locks.
        Err(std::fs::TryLockError::Error(e)) if e.kind() == std::io::ErrorKind::Unsupported => {}
        Err(std::fs::TryLockError::Error(e)) => return Err(e.into()),
    }
    let len = file.metadata()?.len();
    if len >= HEADER as u64 {
        return Ok(Appending::Found(file, len));
    }
    let mut start = vec![0; len as usize];
    file.read_exact(&mut start)?;
    if fresh[..start.len()] != start[..] {
        return Err(FormatError::NotData);
    }
    file.set_len(0)?;
    file.seek(SeekFrom::Start(0))?;
    Ok(Appending::Empty(file))
}

/// Creates the output file `out` of a tool, which must not exist yet.
pub(super) fn create_new(out: &Path) -> anyhow::Result<File> {
    use anyhow::Context;
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(out)
        .with_context(|| format!("creating {}", out.display()))
}

/// Concatenates data files of one game into `out` (which must not exist yet); returns the
/// records written. Every input's header is checked and a truncated input is an error.
pub fn merge(inputs: &[impl AsRef<Path>], out: &Path) -> anyhow::Result<u64> {
    use anyhow::Context;
    let Some(first) = inputs.first() else {
        anyhow::bail!("no files to merge");
    };
    let layout = read_header(first.as_ref())
        .with_context(|| format!("reading {}", first.as_ref().display()))?;
    let mut writer = BufWriter::new(create_new(out)?);
    writer.write_all(&header(layout))?;
    let mut records = 0;
    let result = (|| -> anyhow::Result<()> {
        for input in inputs {
            let input = input.as_ref();
            let mut reader = Reader::open(input, Some(layout))
                .with_context(|| format!("reading {}", input.display()))?;
            while let Some(bytes) = reader
                .next_raw()
                .with_context(|| format!("reading {}", input.display()))?
            {
                writer.write_all(bytes)?;
                records += 1;
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
    Ok(records)
}
