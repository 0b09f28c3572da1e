//! Training positions for `chariot nnue-train`, read once from `chariot datagen` files into
//! a compact form: one flat vector of input indices and one target per position. The
//! inputs are the game's ([`Trainable::Features`]), for either game.

use super::model::win_probability;
use super::Trainable;
use crate::data_format::{games::AnyReader, GAMES_MAGIC, MAGIC};
use crate::datagen::Sample;
use anyhow::{bail, Context};
use game::Side;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

/// Held-out FENs kept to measure the quantised network afterwards.
pub const KEPT_FENS: usize = 50_000;

/// How positions become targets and which of them are held out.
#[derive(Clone, Copy, Debug)]
pub struct LoadSettings {
    /// Logistic scale of the search scores (the engine's fitted K).
    pub k: f32,
    /// Weight of the search score in the target (the rest is the game result).
    pub lambda: f32,
    /// Every `holdout_every`-th block of positions is held out for validation (0: none).
    pub holdout_every: usize,
    /// Positions per block: a data file lists each game's positions together, so blocks
    /// of many positions keep most held-out games wholly out of training (positions of one
    /// game are so alike that holding out single positions measures memory, not skill).
    pub holdout_block: usize,
    /// Stop after this many positions.
    pub max_positions: Option<usize>,
    /// Also train on each training position mirrored left to right ([`Trainable::mirror`]):
    /// the network does not see castling rights, so the mirror is worth the same.
    pub mirror: bool,
}

/// Positions in compact form.
#[derive(Default, Debug)]
pub struct Positions {
    /// Per position: the side to move's inputs, then the other side's (equally many).
    features: Vec<u16>,
    /// Where each position's inputs start in `features` (one more entry than positions).
    offsets: Vec<u32>,
    /// The target win probability, side to move's view.
    pub targets: Vec<f32>,
}

impl Positions {
    /// Number of positions.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// The active inputs of position `i`: (side to move's, other side's).
    #[inline]
    pub fn features(&self, i: usize) -> (&[u16], &[u16]) {
        let (start, end) = (self.offsets[i] as usize, self.offsets[i + 1] as usize);
        self.features[start..end].split_at((end - start) / 2)
    }

    fn push(&mut self, us: &[u16], them: &[u16], target: f32) -> anyhow::Result<()> {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        self.features.extend_from_slice(us);
        self.features.extend_from_slice(them);
        let end = u32::try_from(self.features.len()).context("too many positions")?;
        self.offsets.push(end);
        self.targets.push(target);
        Ok(())
    }
}

/// A held-out position kept as text, to be evaluated by the quantised network later.
#[derive(Clone, Debug)]
pub struct Kept {
    /// The position.
    pub fen: String,
    /// The target win probability, side to move's view.
    pub target: f32,
}

/// Everything loaded from the data files.
#[derive(Default, Debug)]
pub struct DataSet {
    /// Positions trained on.
    pub train: Positions,
    /// Held-out positions (validation).
    pub held_out: Positions,
    /// The classic evaluation of each held-out position, side to move's view, centipawns.
    pub classic: Vec<f32>,
    /// The first [`KEPT_FENS`] held-out positions as FENs.
    pub kept: Vec<Kept>,
    /// Data lines that could not be read (cut lines, bad fields, bad FENs).
    pub skipped: usize,
    /// Blank and comment lines.
    pub comments: usize,
    /// Positions read from the files (mirrored copies not counted).
    pub read: usize,
}

impl DataSet {
    /// Positions loaded in all, mirrored copies included.
    pub fn positions(&self) -> usize {
        self.train.len() + self.held_out.len()
    }

    fn full(&self, settings: &LoadSettings) -> bool {
        settings.max_positions.is_some_and(|m| self.read >= m)
    }

    /// Reads one data line (the older text format) of game `G`; bad lines are counted,
    /// not fatal.
    pub fn add_line<G: Trainable>(
        &mut self,
        line: &str,
        settings: &LoadSettings,
    ) -> anyhow::Result<()> {
        let sample = match Sample::parse(line) {
            Ok(Some(sample)) => sample,
            Ok(None) => {
                self.comments += 1;
                return Ok(());
            }
            Err(_) => {
                self.skipped += 1;
                return Ok(());
            }
        };
        let Ok(pos) = G::from_fen(&sample.fen) else {
            self.skipped += 1;
            return Ok(());
        };
        self.add(pos, sample, settings)
    }

    /// Adds one position with its labels (score and result from White's view).
    fn add<G: Trainable>(
        &mut self,
        pos: G,
        sample: Sample,
        settings: &LoadSettings,
    ) -> anyhow::Result<()> {
        let white = pos.side_to_move() == Side::White;
        let (score, result) = if white {
            (sample.score, sample.result as f32)
        } else {
            (-sample.score, 1.0 - sample.result as f32)
        };
        let target = settings.lambda * win_probability(settings.k, score as f32)
            + (1.0 - settings.lambda) * result;
        let (us, them) = nnue::features::<G::Features>(&pos);
        let block = self.read / settings.holdout_block.max(1) + 1;
        self.read += 1;
        if settings.holdout_every > 0 && block.is_multiple_of(settings.holdout_every) {
            self.held_out.push(&us, &them, target)?;
            // a position read from a file has no network: its classic evaluation
            self.classic.push(pos.evaluate() as f32);
            if self.kept.len() < KEPT_FENS {
                self.kept.push(Kept {
                    fen: sample.fen,
                    target,
                });
            }
        } else {
            self.train.push(&us, &them, target)?;
            if settings.mirror {
                let flip = |f: &Vec<u16>| f.iter().map(|&f| G::mirror(f)).collect::<Vec<u16>>();
                self.train.push(&flip(&us), &flip(&them), target)?;
            }
        }
        Ok(())
    }

    /// Reads a whole data source (stops at `max_positions`).
    pub fn read<G: Trainable>(
        &mut self,
        reader: impl BufRead,
        settings: &LoadSettings,
    ) -> anyhow::Result<()> {
        for line in reader.split(b'\n') {
            if self.full(settings) {
                break;
            }
            match std::str::from_utf8(&line?) {
                Ok(text) => self.add_line::<G>(text, settings)?,
                Err(_) => self.skipped += 1,
            }
        }
        Ok(())
    }
}

impl DataSet {
    /// Reads a binary data file, of positions or of games (`docs/data-format.md`); unlike
    /// a text file, a bad record is an error, since it means the file is damaged (and so is
    /// a file of another game).
    pub fn read_binary<G: Trainable>(
        &mut self,
        input: impl Read,
        settings: &LoadSettings,
    ) -> anyhow::Result<()> {
        let mut reader = AnyReader::new(input, Some(G::LAYOUT))?;
        while !self.full(settings) {
            let Some((pos, record)) = reader.next_position::<G>()? else {
                break;
            };
            let sample = Sample {
                score: i32::from(record.score),
                result: record.result.for_white(),
                fen: record.fen,
            };
            self.add(pos, sample, settings)?;
        }
        Ok(())
    }
}

/// Loads every file (in order) into one data set: binary files (they start with the
/// format's magic) or text files of an older datagen, of game `G`.
pub fn load<G: Trainable>(
    files: &[impl AsRef<Path>],
    settings: &LoadSettings,
) -> anyhow::Result<DataSet> {
    let mut data = DataSet::default();
    for file in files {
        let file = file.as_ref();
        let handle =
            std::fs::File::open(file).with_context(|| format!("cannot read {}", file.display()))?;
        let mut input = BufReader::with_capacity(1 << 20, handle);
        let head = input.fill_buf()?;
        let binary = head.starts_with(&MAGIC) || head.starts_with(&GAMES_MAGIC);
        if binary {
            data.read_binary::<G>(input, settings)
        } else {
            data.read::<G>(input, settings)
        }
        .with_context(|| format!("reading {}", file.display()))?;
    }
    if data.train.is_empty() {
        bail!("no training positions in the data");
    }
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess::Position;

    const SETTINGS: LoadSettings = LoadSettings {
        k: 1.0,
        lambda: 0.5,
        holdout_every: 2,
        holdout_block: 1,
        max_positions: None,
        mirror: false,
    };

    #[test]
    fn bad_lines_are_counted_and_skipped() {
        let text = "# chariot datagen: a comment\n\
            \n\
            rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 30 | 1.0\n\
            not a fen at all | 10 | 0.5\n\
            8/8/8/8/8/8/8/K6k w - - 0 1 | 0 | 0.7\n\
            8/8/8/4k3/8/8/8/4K2R w K - 0 1 | 900 | 1.0\n\
            8/8/8/4k3/8/8/8/4K2R w K - 0 1 | 9";
        let mut data = DataSet::default();
        data.read::<Position>(text.as_bytes(), &SETTINGS).unwrap();
        assert_eq!(data.positions(), 2);
        assert_eq!(data.skipped, 3, "bad FEN, bad result, cut line");
        assert_eq!(data.comments, 2);
        assert_eq!((data.train.len(), data.held_out.len()), (1, 1));
        assert_eq!(data.kept.len(), 1);
        assert_eq!(data.classic.len(), 1);
        // Black to move after 1.e4 with White winning: the target is Black's view.
        let t = data.train.targets[0];
        let expected = 0.5 * win_probability(1.0, -30.0);
        assert!((t - expected).abs() < 1e-6, "{t} vs {expected}");
        let (us, them) = data.train.features(0);
        assert_eq!((us.len(), them.len()), (32, 32));
        // Rook-up endgame, White to move and winning.
        assert!(data.held_out.targets[0] > 0.9);
        assert_eq!(data.held_out.features(0).0.len(), 3);
    }

    #[test]
    fn mirroring_adds_the_left_right_mirror_of_each_training_position() {
        let settings = LoadSettings {
            holdout_every: 0,
            mirror: true,
            ..SETTINGS
        };
        let mut data = DataSet::default();
        data.read::<Position>(
            "8/8/8/4k3/8/8/8/4K2R w K - 0 1 | 900 | 1.0\n".as_bytes(),
            &settings,
        )
        .unwrap();
        assert_eq!((data.read, data.train.len()), (1, 2));
        let mirror = Position::parse_fen("8/8/8/3k4/8/8/8/R2K4 w - - 0 1").unwrap();
        let (mut us, mut them) = chess::nnue::features(&mirror);
        let (got_us, got_them) = data.train.features(1);
        let (mut got_us, mut got_them) = (got_us.to_vec(), got_them.to_vec());
        for list in [&mut us, &mut them, &mut got_us, &mut got_them] {
            list.sort_unstable();
        }
        assert_eq!((got_us, got_them), (us, them));
        assert_eq!(data.train.targets[0], data.train.targets[1]);
    }

    #[test]
    fn binary_files_load_like_text_and_xiangqi_files_are_refused() {
        use crate::data_format::{GameResult, Record, Writer, CHESS, XIANGQI};
        let dir = std::env::temp_dir();
        let (bin, text) = (
            dir.join(format!("nnue-train-bin-{}", std::process::id())),
            dir.join(format!("nnue-train-text-{}", std::process::id())),
        );
        let fen = "8/8/8/4k3/8/8/8/4K2R w K - 0 1";
        let mut writer = Writer::new(Vec::new(), &CHESS).unwrap();
        let record = Record {
            fen: fen.to_string(),
            score: 900,
            result: GameResult::WhiteWins,
            first: true,
        };
        writer.write(&record).unwrap();
        writer.write(&record).unwrap();
        std::fs::write(&bin, writer.into_inner().unwrap()).unwrap();
        std::fs::write(&text, format!("{fen} | 900 | 1.0\n").repeat(2)).unwrap();
        let from_bin = load::<Position>(&[&bin], &SETTINGS).unwrap();
        let from_text = load::<Position>(&[&text], &SETTINGS).unwrap();
        assert_eq!(from_bin.positions(), 2);
        assert_eq!(from_bin.train.targets, from_text.train.targets);
        assert_eq!(from_bin.held_out.targets, from_text.held_out.targets);
        assert_eq!(from_bin.train.features(0), from_text.train.features(0));
        let mut writer = Writer::new(Vec::new(), &XIANGQI).unwrap();
        writer
            .write(&Record {
                fen: game::Game::to_fen(&<xiangqi::Position as game::Game>::start()),
                ..record
            })
            .unwrap();
        std::fs::write(&bin, writer.into_inner().unwrap()).unwrap();
        let err = load::<Position>(&[&bin], &SETTINGS).unwrap_err();
        assert!(format!("{err:#}").contains("not chess"), "{err:#}");
        for p in [bin, text] {
            std::fs::remove_file(p).unwrap();
        }
    }

    #[test]
    fn max_positions_caps_the_load_and_empty_data_is_an_error() {
        let line = "8/8/8/4k3/8/8/8/4K2R w K - 0 1 | 900 | 1.0\n";
        let capped = LoadSettings {
            max_positions: Some(3),
            mirror: false,
            ..SETTINGS
        };
        let mut data = DataSet::default();
        data.read::<Position>(line.repeat(10).as_bytes(), &capped)
            .unwrap();
        assert_eq!(data.positions(), 3);
        let path = std::env::temp_dir().join(format!("nnue-train-empty-{}", std::process::id()));
        std::fs::write(&path, "# nothing\n").unwrap();
        assert!(load::<Position>(&[&path], &SETTINGS).is_err());
        std::fs::remove_file(&path).unwrap();
        assert!(
            load::<Position>(&[path], &SETTINGS).is_err(),
            "missing file"
        );
    }
}
