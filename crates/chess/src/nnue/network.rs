//! The quantised network and its file format.
//!
//! A `.nnue` file, all numbers little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | magic `CHARNN02` (clipped ReLU) or `CHARNN03` (squared clipped ReLU) |
//! | 4 + 4 + 4 | `u32` inputs (768), `u32` hidden units per perspective, `u32` output buckets |
//! | 2 × inputs × hidden | first-layer weights, `i16` × [`QA`], input-major (input `f`'s `hidden` weights together) |
//! | 2 × hidden | first-layer biases, `i16` × [`QA`] |
//! | buckets × 2 × 2 × hidden | output weights, `i16` × [`QB`], bucket by bucket: side to move's units, then the other side's |
//! | buckets × 4 | output biases, `i32` × [`QA`] × [`QB`] |
//!
//! The output bucket of a position is [`bucket`] of its number of pieces: the output layer
//! can weigh the same hidden features differently in the opening and in a pawn ending.
//! A file may have fewer hidden units than the engine's [`HIDDEN`]: the engine fills the
//! missing units with zero weights, which add nothing to any evaluation (so that a wider
//! engine still plays the narrower networks, and `nnue-train --init` can widen one). A
//! file with one bucket, or in the older format `CHARNN01` (the same without the bucket
//! count: one bucket), has its output layer copied into every bucket. Either way such a
//! file scores exactly as it was trained.
//!
//! The evaluation in centipawns, for the side to move and its position's bucket `b`, is
//! `(Σ clamp(acc_us, 0, QA)·w_us[b] + Σ clamp(acc_them, 0, QA)·w_them[b] + bias[b]) × SCALE / (QA·QB)`
//! with the clipped ReLU; with the squared clipped ReLU ([`Activation`]) each `clamp(acc, 0, QA)`
//! is squared and the two sums are divided by `QA` before the bias is added (the float
//! network's `clamp(h, 0, 1)²`).

use super::{Accumulator, BUCKETS, HIDDEN, INPUTS, QA, QB, SCALE};

/// The magic bytes that open a network file with the clipped ReLU.
pub const MAGIC: &[u8; 8] = b"CHARNN02";
/// The magic bytes of a network file with the squared clipped ReLU (same layout).
pub const MAGIC_SQUARED: &[u8; 8] = b"CHARNN03";
/// The magic of the older format, read for the networks written in it (one bucket).
pub const MAGIC_V1: &[u8; 8] = b"CHARNN01";

/// The largest score a network gives, in centipawns: far above any trained network's,
/// and far below the scores the search reads as mate, whatever a corrupt file holds.
pub const LIMIT: i32 = 10_000;

/// The output bucket of a position with `pieces` pieces on the board (kings included,
/// 2 to 32): eight buckets of four piece counts each.
#[inline]
pub fn bucket(pieces: u32) -> usize {
    (pieces.saturating_sub(2) as usize / 4).min(BUCKETS - 1)
}

/// Checks that `bytes` are a network file this engine plays, without reading the weights:
/// a known magic, the engine's inputs, 1 to [`HIDDEN`] hidden units, 1 or [`BUCKETS`]
/// output layers, and exactly the length that shape takes. It accepts exactly the files
/// [`Network::from_bytes`] accepts (a test holds them together) and is a `const fn` so
/// that the network built into the binary (`make EVALFILE=…`) is checked when the binary
/// is compiled: a wrong file fails the build instead of the first evaluation.
pub const fn check(bytes: &[u8]) -> Result<(), &'static str> {
    const fn starts_with(bytes: &[u8], magic: &[u8; 8]) -> bool {
        let mut i = 0;
        while i < 8 {
            if bytes[i] != magic[i] {
                return false;
            }
            i += 1;
        }
        true
    }
    const fn u32_at(bytes: &[u8], at: usize) -> usize {
        u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]) as usize
    }
    if bytes.len() < 8 {
        return Err("too short to be a Chariot chess network");
    }
    let v1 = starts_with(bytes, MAGIC_V1);
    if !v1 && !starts_with(bytes, MAGIC) && !starts_with(bytes, MAGIC_SQUARED) {
        return Err("not a Chariot chess network (bad magic)");
    }
    let header = if v1 { 16 } else { 20 };
    if bytes.len() < header {
        return Err("the file is too short (truncated?)");
    }
    let (inputs, hidden) = (u32_at(bytes, 8), u32_at(bytes, 12));
    let buckets = if v1 { 1 } else { u32_at(bytes, 16) };
    if inputs != INPUTS || hidden == 0 || hidden > HIDDEN {
        return Err("not a chess network of the shape this engine plays");
    }
    if buckets != 1 && buckets != BUCKETS {
        return Err("a number of output buckets this engine does not read");
    }
    let size = header + 2 * (inputs * hidden + hidden + buckets * 2 * hidden) + 4 * buckets;
    if bytes.len() < size {
        return Err("the file is too short (truncated?)");
    }
    if bytes.len() > size {
        return Err("bytes after the network (not this format?)");
    }
    Ok(())
}

/// The hidden units' activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Activation {
    /// `clamp(h, 0, 1)`: every network before session 44.
    #[default]
    Clipped,
    /// `clamp(h, 0, 1)²` ("SCReLU"): smoother near zero, so a unit's small sums count less
    /// than its large ones, at the same cost in the engine.
    SquaredClipped,
}

/// One output layer: the side to move's weights, then the other side's.
pub(crate) type OutputLayer = [[i16; HIDDEN]; 2];

/// A quantised network of the engine's shape ([`INPUTS`] → [`HIDDEN`] × 2 → 1, with
/// [`BUCKETS`] output layers).
#[derive(Clone)]
pub struct Network {
    /// First-layer weights, one row of [`HIDDEN`] per input.
    pub(crate) weights: Vec<[i16; HIDDEN]>,
    /// First-layer biases.
    pub(crate) biases: [i16; HIDDEN],
    /// Output weights of each bucket.
    pub(crate) output: [OutputLayer; BUCKETS],
    /// Output bias of each bucket (× QA × QB).
    pub(crate) output_bias: [i32; BUCKETS],
    /// The hidden units' activation.
    pub(crate) activation: Activation,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Network({INPUTS}→{HIDDEN}×2→1, {BUCKETS} buckets, {:?})",
            self.activation
        )
    }
}

/// Reads little-endian numbers off a byte slice.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], String> {
        if self.0.len() < N {
            return Err("the file is too short (truncated?)".to_string());
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
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read the file: {e}"))?;
        Network::from_bytes(&bytes)
    }

    /// Parses a network file; the error says what is wrong with it (another format, a
    /// shape the engine cannot play, a truncated or padded file). Never panics: any
    /// bytes give a network or an error.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let mut r = Reader(bytes);
        let magic = r
            .take::<8>()
            .map_err(|_| format!("{} bytes: too short to be a Chariot network", bytes.len()))?;
        if &magic != MAGIC && &magic != MAGIC_V1 && &magic != MAGIC_SQUARED {
            return Err("not a Chariot chess network (bad magic)".to_string());
        }
        let activation = if &magic == MAGIC_SQUARED {
            Activation::SquaredClipped
        } else {
            Activation::Clipped
        };
        let (inputs, hidden) = (r.u32()? as usize, r.u32()? as usize);
        let buckets = if &magic != MAGIC_V1 {
            r.u32()? as usize
        } else {
            1
        };
        if inputs != INPUTS || hidden == 0 || hidden > HIDDEN {
            return Err(format!(
                "shape {inputs}→{hidden}: not a chess network this engine plays ({INPUTS} inputs, 1 to {HIDDEN} hidden units)"
            ));
        }
        if buckets != 1 && buckets != BUCKETS {
            return Err(format!(
                "{buckets} output buckets, the engine reads 1 or {BUCKETS}"
            ));
        }
        let header = bytes.len() - r.0.len();
        let size = header + 2 * (inputs * hidden + hidden + buckets * 2 * hidden) + 4 * buckets;
        if bytes.len() < size {
            return Err(format!(
                "the file is too short (truncated?): {} bytes, a {inputs}→{hidden} network \
                 with {buckets} output layer(s) takes {size}",
                bytes.len()
            ));
        }
        let weights = (0..INPUTS)
            .map(|_| r.row(hidden))
            .collect::<Result<_, _>>()?;
        let biases = r.row(hidden)?;
        let mut output = [[[0i16; HIDDEN]; 2]; BUCKETS];
        for layer in &mut output[..buckets] {
            *layer = [r.row(hidden)?, r.row(hidden)?];
        }
        let mut output_bias = [0i32; BUCKETS];
        for bias in &mut output_bias[..buckets] {
            *bias = r.u32()? as i32;
        }
        if !r.0.is_empty() {
            return Err(format!("{} bytes after the network", r.0.len()));
        }
        for b in buckets..BUCKETS {
            (output[b], output_bias[b]) = (output[0], output_bias[0]);
        }
        Ok(Network {
            weights,
            biases,
            output,
            output_bias,
            activation,
        })
    }

    /// The hidden units' activation.
    pub fn activation(&self) -> Activation {
        self.activation
    }

    /// This network with its hidden units' activation set to `activation` (the weights
    /// are kept as they are: the trainer quantises, then says which activation it fitted).
    pub fn with_activation(mut self, activation: Activation) -> Network {
        self.activation = activation;
        self
    }

    /// The file bytes of this network (the inverse of [`Network::from_bytes`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out =
            Vec::with_capacity(20 + 2 * (INPUTS + 1 + 2 * BUCKETS) * HIDDEN + 4 * BUCKETS);
        out.extend_from_slice(match self.activation {
            Activation::Clipped => MAGIC,
            Activation::SquaredClipped => MAGIC_SQUARED,
        });
        for n in [INPUTS, HIDDEN, BUCKETS] {
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
        let rows = self
            .weights
            .iter()
            .chain(std::iter::once(&self.biases))
            .chain(self.output.iter().flatten());
        for row in rows {
            for w in row {
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
        for bias in self.output_bias {
            out.extend_from_slice(&bias.to_le_bytes());
        }
        out
    }

    /// A network from float parameters (the trainer's): `weights[f][j]`, `biases[j]`, and
    /// the output layers: `output` holds one or [`BUCKETS`] layers of `2 × HIDDEN` weights
    /// (side to move's units, then the other side's) and `output_bias` as many biases; one
    /// layer serves every bucket. Each value is rounded to its quantisation (and saturated).
    pub fn quantise(
        weights: &[Vec<f32>],
        biases: &[f32],
        output: &[f32],
        output_bias: &[f32],
    ) -> Result<Network, String> {
        let layers = output_bias.len();
        if weights.len() != INPUTS
            || weights.iter().any(|r| r.len() != HIDDEN)
            || biases.len() != HIDDEN
            || (layers != 1 && layers != BUCKETS)
            || output.len() != layers * 2 * HIDDEN
        {
            return Err(format!(
                "the engine's network is {INPUTS}→{HIDDEN}×2→1 with 1 or {BUCKETS} output layers"
            ));
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
        let layer = |b: usize| {
            let at = (b % layers) * 2 * HIDDEN;
            [row(&output[at..], QB), row(&output[at + HIDDEN..], QB)]
        };
        let bias = |b: usize| (output_bias[b % layers] * (QA * QB) as f32).round() as i32;
        Ok(Network {
            weights: weights.iter().map(|r| row(r, QA)).collect(),
            biases: row(biases, QA),
            output: std::array::from_fn(layer),
            output_bias: std::array::from_fn(bias),
            activation: Activation::Clipped,
        })
    }

    /// The float parameters this network stands for (the inverse of
    /// [`Network::quantise`], up to its rounding): first-layer rows, first-layer biases,
    /// the [`BUCKETS`] output layers (each side to move's weights, then the other side's)
    /// and their biases. The trainer starts from them to continue training a network.
    pub fn dequantise(&self) -> (Vec<Vec<f32>>, Vec<f32>, Vec<f32>, Vec<f32>) {
        let floats = |row: &[i16], scale: i32| -> Vec<f32> {
            row.iter().map(|&w| f32::from(w) / scale as f32).collect()
        };
        let weights = self.weights.iter().map(|r| floats(r, QA)).collect();
        let output = self
            .output
            .iter()
            .flatten()
            .flat_map(|row| floats(row, QB))
            .collect();
        let bias = self
            .output_bias
            .iter()
            .map(|&b| b as f32 / (QA * QB) as f32)
            .collect();
        (weights, floats(&self.biases, QA), output, bias)
    }

    /// The evaluation in centipawns for the side to move, whose accumulator is `us`, in a
    /// position of output bucket `bucket`.
    #[inline]
    pub fn evaluate(&self, us: &[i16; HIDDEN], them: &[i16; HIDDEN], bucket: usize) -> i32 {
        let layer = &self.output[bucket];
        let squared = self.activation == Activation::SquaredClipped;
        #[cfg(target_arch = "x86_64")]
        let sum = if super::simd::has_avx2() {
            // SAFETY: the CPU has AVX2 (just checked).
            unsafe {
                if squared {
                    dot_pair_squared_avx2(us, them, layer)
                } else {
                    dot_pair_avx2(us, them, layer)
                }
            }
        } else if squared {
            dot_pair_squared(us, them, layer)
        } else {
            dot_pair(us, them, layer)
        };
        #[cfg(not(target_arch = "x86_64"))]
        let sum = if squared {
            dot_pair_squared(us, them, layer)
        } else {
            dot_pair(us, them, layer)
        };
        // In i64 and clamped: with a file's arbitrary weights and bias the sum stays in
        // i32 but the bias and the scaling would not.
        let score = (i64::from(sum) + i64::from(self.output_bias[bucket])) * i64::from(SCALE)
            / i64::from(QA * QB);
        score.clamp(-i64::from(LIMIT), i64::from(LIMIT)) as i32
    }

    /// The evaluation of `pos` for its side to move, computed from its pieces (no
    /// accumulator kept): for tools and tests.
    pub fn evaluate_position(&self, pos: &crate::Position) -> i32 {
        let acc = Accumulator::from_board(self, &pos.board);
        self.evaluate_for(&acc, pos.turn(), pos.board.occupied().count())
    }

    /// The evaluation of a position whose accumulator is `acc`, for `side` to move, with
    /// `pieces` pieces on the board.
    #[inline]
    pub fn evaluate_for(&self, acc: &Accumulator, side: crate::Color, pieces: u32) -> i32 {
        let (us, them) = (&acc.0[side.index()], &acc.0[side.flip().index()]);
        self.evaluate(us, them, bucket(pieces))
    }
}

/// Both perspectives' [`dot_clipped`] with their output weights, added.
#[inline(always)]
fn dot_pair(us: &[i16; HIDDEN], them: &[i16; HIDDEN], layer: &OutputLayer) -> i32 {
    dot_clipped(us, &layer[0]) + dot_clipped(them, &layer[1])
}

/// [`dot_pair`] compiled for AVX2.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn dot_pair_avx2(us: &[i16; HIDDEN], them: &[i16; HIDDEN], layer: &OutputLayer) -> i32 {
    dot_pair(us, them, layer)
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

/// Both perspectives' [`dot_squared`] with their output weights, added, divided by `QA`
/// (so the result is on the clipped ReLU's scale: × QA × QB).
#[inline(always)]
fn dot_pair_squared(us: &[i16; HIDDEN], them: &[i16; HIDDEN], layer: &OutputLayer) -> i32 {
    (dot_squared(us, &layer[0]) + dot_squared(them, &layer[1])) / QA
}

/// [`dot_pair_squared`] compiled for AVX2.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn dot_pair_squared_avx2(
    us: &[i16; HIDDEN],
    them: &[i16; HIDDEN],
    layer: &OutputLayer,
) -> i32 {
    dot_pair_squared(us, them, layer)
}

/// Σ clamp(a, 0, QA)² · w, in i32: `v · w` fits an i16 (|w| ≤ 127 at the trainer's
/// clipped weights, v ≤ 255), so it is computed there and then multiplied by `v` in i32,
/// which vectorises as a multiply-add of i16 pairs. Both perspectives together stay
/// below 2 · HIDDEN · 255² · 127 < 2³¹.
#[inline]
fn dot_squared(acc: &[i16; HIDDEN], w: &[i16; HIDDEN]) -> i32 {
    acc.iter()
        .zip(w)
        .map(|(&a, &w)| {
            let v = a.clamp(0, QA as i16);
            i32::from(v.wrapping_mul(w)) * i32::from(v)
        })
        .sum()
}
