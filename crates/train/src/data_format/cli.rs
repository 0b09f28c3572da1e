//! `chariot data`: convert old text data to the binary format, validate files, unpack game
//! files into positions, merge shards.

use super::file::create_new;
use super::games::{merge_games, open_any, AnyReader};
use super::{merge, FormatError, GameReader, GameResult, Packable, Record, Writer, GAMES_MAGIC};
use crate::datagen::Sample;
use anyhow::{bail, Context};
use clap::{Parser, Subcommand};
use engine::GameKind;
use std::io::{BufRead, BufReader, BufWriter};
use std::path::{Path, PathBuf};

/// Arguments of `chariot data`.
#[derive(Parser, Debug, Clone)]
#[command(
    name = "chariot data",
    about = "Convert, validate and merge training data files"
)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub tool: Tool,
}

/// The `chariot data` tools.
#[derive(Subcommand, Debug, Clone)]
pub enum Tool {
    /// Convert a text file of an older datagen (`FEN | score | result` lines) to the binary
    /// format (it has no game boundaries, so no record is marked first of its game).
    Convert {
        /// The game of the positions.
        #[arg(long, default_value = "chess")]
        game: GameKind,
        /// The text file.
        input: PathBuf,
        /// The binary file to write (must not exist).
        #[arg(long)]
        out: PathBuf,
    },
    /// Check files: header, whole records, every board legal; prints counts by result.
    Validate {
        /// Data files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Replay a game file (`datagen --format games`) into a position file: the same records
    /// a position file of the same games holds.
    Unpack {
        /// The game file.
        input: PathBuf,
        /// The position file to write (must not exist).
        #[arg(long)]
        out: PathBuf,
    },
    /// Concatenate shards of one game into one file (headers checked): position files into a
    /// position file, game files into a game file.
    Merge {
        /// Shards, in order.
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
        /// The merged file (must not exist).
        #[arg(long)]
        out: PathBuf,
    },
}

/// What a converted or validated file holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Positions.
    pub records: u64,
    /// Records marked first of their game.
    pub games: u64,
    /// Positions by result: Black (second player) wins, draws, White (Red) wins.
    pub results: [u64; 3],
    /// Text lines that were not positions (convert only).
    pub skipped: u64,
}

impl Counts {
    fn add(&mut self, record: &Record) {
        self.records += 1;
        self.games += u64::from(record.first);
        self.results[record.result as usize] += 1;
    }

    /// One line for the user.
    pub fn summary(&self) -> String {
        let [black, draw, white] = self.results;
        format!(
            "{} positions from {} games; by result: {white} first-player wins, {draw} draws, {black} second-player wins",
            self.records, self.games
        )
    }
}

/// Converts the text data `input` to binary `out`; lines that are not positions of `G`
/// are counted and skipped (the first one is named in the error when nothing converts).
pub fn convert<G: Packable>(input: impl BufRead, out: &Path) -> anyhow::Result<Counts> {
    let mut writer = Writer::new(BufWriter::new(create_new(out)?), G::LAYOUT)?;
    let mut counts = Counts::default();
    let mut first_error = None;
    for (number, line) in input.lines().enumerate() {
        let line = line?;
        let converted = Sample::parse(&line).and_then(|sample| {
            let Some(sample) = sample else {
                return Ok(None);
            };
            let pos = G::from_fen(&sample.fen).map_err(|e| anyhow::anyhow!("bad FEN: {e}"))?;
            let result =
                GameResult::from_white(sample.result).context("result must be 1.0, 0.5 or 0.0")?;
            Ok(Some(Record {
                fen: pos.to_fen(),
                score: sample
                    .score
                    .clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16,
                result,
                first: false,
            }))
        });
        match converted {
            Ok(Some(record)) => {
                writer.write(&record)?;
                counts.add(&record);
            }
            Ok(None) => {}
            Err(e) => {
                counts.skipped += 1;
                first_error.get_or_insert(format!("line {}: {e:#}", number + 1));
            }
        }
    }
    writer.flush()?;
    if counts.records == 0 {
        let _ = std::fs::remove_file(out);
        bail!(
            "no positions converted{}",
            first_error.map_or(String::new(), |e| format!(" ({e})"))
        );
    }
    if let Some(e) = first_error {
        eprintln!("skipped {} lines; the first: {e}", counts.skipped);
    }
    Ok(counts)
}

/// Reads every record of `path` (a game file's games replayed) as a position of `G`; the
/// first bad one is an error.
pub fn validate<G: Packable>(path: &Path) -> Result<Counts, FormatError> {
    let mut reader = open_any(path, Some(G::LAYOUT))?;
    let mut counts = Counts::default();
    while let Some((_, record)) = reader.next_position::<G>()? {
        counts.add(&record);
    }
    Ok(counts)
}

/// Replays the game file `input` into the position file `out` (which must not exist).
pub fn unpack<G: Packable>(input: &Path, out: &Path) -> anyhow::Result<Counts> {
    let mut reader = GameReader::open(input, Some(G::LAYOUT))
        .with_context(|| format!("reading {}", input.display()))?;
    let mut writer = Writer::new(BufWriter::new(create_new(out)?), G::LAYOUT)?;
    let mut counts = Counts::default();
    let result = (|| -> anyhow::Result<()> {
        while let Some(game) = reader
            .next_game::<G>()
            .with_context(|| format!("reading {}", input.display()))?
        {
            for record in game.records() {
                writer.write(&record)?;
                counts.add(&record);
            }
        }
        writer.flush()?;
        Ok(())
    })();
    if let Err(e) = result {
        // Leave no half-written file behind.
        let _ = std::fs::remove_file(out);
        return Err(e);
    }
    Ok(counts)
}

/// The game named by the header of the data file at `path`, of either kind.
fn game_of(path: &Path) -> Result<GameKind, FormatError> {
    let layout = open_any(path, None)?.layout();
    Ok(match layout.name.parse::<GameKind>() {
        Ok(GameKind::Chess) => GameKind::Chess,
        _ => GameKind::Xiangqi,
    })
}

/// Whether the file at `path` starts like a game file.
fn is_game_file(path: &Path) -> bool {
    let mut magic = [0u8; 8];
    std::fs::File::open(path)
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut magic))
        .is_ok()
        && magic == GAMES_MAGIC
}

/// A data file as text lines `FEN | score | result` (as [`Sample::line`] writes them): a
/// binary file's records converted, a text file as it is. For readers of the text format
/// (`chariot tune`).
pub fn read_as_text(path: &Path) -> anyhow::Result<String> {
    let bytes = std::fs::read(path)?;
    if !bytes.starts_with(&super::MAGIC) && !bytes.starts_with(&GAMES_MAGIC) {
        return Ok(String::from_utf8(bytes)?);
    }
    let mut reader = AnyReader::new(&bytes[..], None)?;
    let chess = reader.layout() == &super::CHESS;
    let mut text = String::new();
    loop {
        let r = if chess {
            reader.next_position::<chess::Position>()?.map(|(_, r)| r)
        } else {
            reader.next_position::<xiangqi::Position>()?.map(|(_, r)| r)
        };
        let Some(r) = r else { break };
        let sample = Sample {
            fen: r.fen,
            score: i32::from(r.score),
            result: r.result.for_white(),
        };
        text.push_str(&sample.line());
        text.push('\n');
    }
    Ok(text)
}

/// Entry point of `chariot data`.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.tool {
        Tool::Convert { game, input, out } => {
            let text = std::fs::File::open(&input)
                .with_context(|| format!("reading {}", input.display()))?;
            let text = BufReader::new(text);
            let counts = match game {
                GameKind::Chess => convert::<chess::Position>(text, &out)?,
                GameKind::Xiangqi => convert::<xiangqi::Position>(text, &out)?,
            };
            println!("{}: {}", out.display(), counts.summary());
        }
        Tool::Validate { files } => {
            let mut failed = 0;
            for file in &files {
                // The header names the game; the xiangqi reader refuses anything else.
                let checked = game_of(file).and_then(|game| match game {
                    GameKind::Chess => validate::<chess::Position>(file).map(|c| (game, c)),
                    GameKind::Xiangqi => validate::<xiangqi::Position>(file).map(|c| (game, c)),
                });
                match checked {
                    Ok((game, counts)) => {
                        let kind = if is_game_file(file) { " (games)" } else { "" };
                        println!("{}: {game}{kind}, {}", file.display(), counts.summary());
                    }
                    Err(e) => {
                        failed += 1;
                        println!("{}: INVALID: {e}", file.display());
                    }
                }
            }
            if failed > 0 {
                bail!("{failed} of {} files are invalid", files.len());
            }
        }
        Tool::Unpack { input, out } => {
            let counts =
                match game_of(&input).with_context(|| format!("reading {}", input.display()))? {
                    GameKind::Chess => unpack::<chess::Position>(&input, &out)?,
                    GameKind::Xiangqi => unpack::<xiangqi::Position>(&input, &out)?,
                };
            println!("{}: {}", out.display(), counts.summary());
        }
        Tool::Merge { inputs, out } if inputs.first().is_some_and(|f| is_game_file(f)) => {
            let games = merge_games(&inputs, &out)?;
            println!(
                "{}: {games} games from {} files",
                out.display(),
                inputs.len()
            );
        }
        Tool::Merge { inputs, out } => {
            let records = merge(&inputs, &out)?;
            println!(
                "{}: {records} positions from {} files",
                out.display(),
                inputs.len()
            );
        }
    }
    Ok(())
}
