//! The quantised network and its file format.
//!
//! A `.nnue` file, all numbers little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | magic `CHARNN01` |
//! | 4 + 4 | `u32` inputs (768) and `u32` hidden units per perspective |
//! | 2 × inputs × hidden | first-layer weights, `i16` × [`QA`], input-major (input `f`'s `hidden` weights together) |
//! | 2 × hidden | first-layer biases, `i16` × [`QA`] |
//! | 2 × 2 × hidden | output weights, `i16` × [`QB`]: side to move's units, then the other side's |
//! | 4 | output bias, `i32` × [`QA`] × [`QB`] |
//!
//! A file may have fewer hidden units than the engine's [`HIDDEN`] (the networks trained
//! before it grew to 256 have 128): the engine fills the missing units with zero weights,
//! which add nothing to any evaluation, so such a file scores exactly as it was trained.
//!
//! The evaluation in centipawns, for the side to move, is
//! `(Σ clamp(acc_us, 0, QA)·w_us + Σ clamp(acc_them, 0, QA)·w_them + bias) × SCALE / (QA·QB)`.

use super::{Accumulator, HIDDEN, INPUTS, QA, QB, SCALE};

/// The magic bytes that open a network file.
pub const MAGIC: &[u8; 8] = b"CHARNN01";

/// A quantised network of the engine's shape ([`INPUTS`] → [`HIDDEN`] × 2 → 1).
#[derive(Clone)]
pub struct Network {
    /// First-layer weights, one row of [`HIDDEN`] per input.
    pub(crate) weights: Vec<[i16; HIDDEN]>,
    /// First-layer biases.
    pub(crate) biases: [i16; HIDDEN],
    /// Output weights: side to move's units, then the other side's.
    pub(crate) output: [[i16; HIDDEN]; 2],
    /// Output bias (× QA × QB).
    pub(crate) output_bias: i32,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Network({INPUTS}→{HIDDEN}×2→1)")
    }
}

/// Reads little-endian numbers off a byte slice.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], String> {
        if self.0.len() < N {
            return Err("the file is too short".to_string());
        }
        let (head, rest) = self.0.split_at(N);
        self.0 = rest;
        Ok(head.try_into().unwrap_or([0; N]))
    }
    fn i16(&mut self) -> Result<i16, String> {
        self.take::<2>().map(i16::from_le_bytes)
    }
    fn u32(&mut self) -> Result<u32, String> {
        self.take::<4>().map(u32::from_le_bytes)
    }
    /// `width` numbers, then zeros up to [`HIDDEN`].
    fn row(&mut self, width: usize) -> Result<[i16; HIDDEN], String> {
        let mut row = [0i16; HIDDEN];
        for w in &mut row[..width] {
            *w = self.i16()?;
        }
        Ok(row)
    }
}

impl Network {
    /// Reads and parses the network file at `path`; the error says why it cannot be used
    /// (unreadable, or what is wrong with its contents).
    pub fn from_file(path: impl AsRef<std::path::Path>) -> Result<Network, String> {
        let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
        Network::from_bytes(&bytes)
    }

    /// Parses a network file; the error says what is wrong with it.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let mut r = Reader(bytes);
        if &r.take::<8>()? != MAGIC {
            return Err("not a Chariot network (bad magic)".to_string());
        }
        let (inputs, hidden) = (r.u32()? as usize, r.u32()? as usize);
        if inputs != INPUTS || hidden == 0 || hidden > HIDDEN {
            return Err(format!(
                "shape {inputs}→{hidden}, the engine needs {INPUTS}→(1 to {HIDDEN})"
            ));
        }
        let weights = (0..INPUTS)
            .map(|_| r.row(hidden))
            .collect::<Result<_, _>>()?;
        let biases = r.row(hidden)?;
        let output = [r.row(hidden)?, r.row(hidden)?];
        let output_bias = r.u32()? as i32;
        if !r.0.is_empty() {
            return Err(format!("{} bytes after the network", r.0.len()));
        }
        Ok(Network {
            weights,
            biases,
            output,
            output_bias,
        })
    }

    /// The file bytes of this network (the inverse of [`Network::from_bytes`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + 2 * (INPUTS + 3) * HIDDEN + 4);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(INPUTS as u32).to_le_bytes());
        out.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        let rows = self
            .weights
            .iter()
            .chain(std::iter::once(&self.biases))
            .chain(self.output.iter());
        for row in rows {
            for w in row {
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
        out.extend_from_slice(&self.output_bias.to_le_bytes());
        out
    }

    /// A network from float parameters (the trainer's): `weights[f][j]`, `biases[j]`,
    /// `output[0..HIDDEN]` for the side to move and `output[HIDDEN..]` for the other side,
    /// and the output bias; each is rounded to its quantisation (and saturated).
    pub fn quantise(
        weights: &[Vec<f32>],
        biases: &[f32],
        output: &[f32],
        output_bias: f32,
    ) -> Result<Network, String> {
        if weights.len() != INPUTS
            || weights.iter().any(|r| r.len() != HIDDEN)
            || biases.len() != HIDDEN
            || output.len() != 2 * HIDDEN
        {
            return Err(format!("the engine's network is {INPUTS}→{HIDDEN}×2→1"));
        }
        let q = |x: f32, scale: i32| {
            (x * scale as f32)
                .round()
                .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
        };
        let row = |src: &[f32], scale: i32| {
            let mut row = [0i16; HIDDEN];
            for (w, &x) in row.iter_mut().zip(src) {
                *w = q(x, scale);
            }
            row
        };
        Ok(Network {
            weights: weights.iter().map(|r| row(r, QA)).collect(),
            biases: row(biases, QA),
            output: [row(&output[..HIDDEN], QB), row(&output[HIDDEN..], QB)],
            output_bias: (output_bias * (QA * QB) as f32).round() as i32,
        })
    }

    /// The float parameters this network stands for (the inverse of
    /// [`Network::quantise`], up to its rounding): first-layer rows, first-layer biases,
    /// output weights (side to move's, then the other side's) and the output bias. The
    /// trainer starts from them to continue training a network on new data.
    pub fn dequantise(&self) -> (Vec<Vec<f32>>, Vec<f32>, Vec<f32>, f32) {
        let floats = |row: &[i16], scale: i32| -> Vec<f32> {
            row.iter().map(|&w| f32::from(w) / scale as f32).collect()
        };
        let weights = self.weights.iter().map(|r| floats(r, QA)).collect();
        let mut output = floats(&self.output[0], QB);
        output.extend(floats(&self.output[1], QB));
        let bias = self.output_bias as f32 / (QA * QB) as f32;
        (weights, floats(&self.biases, QA), output, bias)
    }

    /// The evaluation in centipawns for the side to move, whose accumulator is `us`.
    #[inline]
    pub fn evaluate(&self, us: &[i16; HIDDEN], them: &[i16; HIDDEN]) -> i32 {
        let sum = dot_clipped(us, &self.output[0]) + dot_clipped(them, &self.output[1]);
        (sum + self.output_bias) * SCALE / (QA * QB)
    }

    /// The evaluation of `pos` for its side to move, computed from its pieces (no
    /// accumulator kept): for tools and tests.
    pub fn evaluate_position(&self, pos: &crate::Position) -> i32 {
        let acc = Accumulator::from_board(self, &pos.board);
        self.evaluate_for(&acc, pos.turn())
    }

    /// The evaluation of a position whose accumulator is `acc`, for `side` to move.
    #[inline]
    pub fn evaluate_for(&self, acc: &Accumulator, side: crate::Color) -> i32 {
        self.evaluate(&acc.0[side.index()], &acc.0[side.flip().index()])
    }
}

/// Σ clamp(a, 0, QA) · w, in i32 (at most 255 · 127 · HIDDEN at the trainer's clipped
/// weights: far from overflow).
#[inline]
fn dot_clipped(acc: &[i16; HIDDEN], w: &[i16; HIDDEN]) -> i32 {
    acc.iter()
        .zip(w)
        .map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w))
        .sum()
}
