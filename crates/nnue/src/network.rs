//! The quantised network of a game's feature set: loading, writing, quantising, and the
//! output layer that turns two perspectives' sums into centipawns.

use crate::format::{check, Reader, MAGIC};
use crate::{bucket, Accumulator, FeatureSet, BUCKETS, HIDDEN, QA, QB, SCALE};
use std::marker::PhantomData;
use std::sync::{Arc, OnceLock};

/// The largest score a network gives, in centipawns: far above any trained network's,
/// and far below the scores the search reads as mate, whatever a corrupt file holds.
pub const LIMIT: i32 = 10_000;

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
type OutputLayer = [[i16; HIDDEN]; 2];

/// A quantised network for game `F` (`F::INPUTS` → [`HIDDEN`] × 2 → 1, with [`BUCKETS`]
/// output layers).
pub struct Network<F> {
    /// First-layer weights, one row of [`HIDDEN`] per input.
    pub(crate) weights: Vec<[i16; HIDDEN]>,
    /// First-layer biases.
    pub(crate) biases: [i16; HIDDEN],
    /// Output weights of each bucket.
    output: [OutputLayer; BUCKETS],
    /// Output bias of each bucket (× QA × QB).
    output_bias: [i32; BUCKETS],
    /// The hidden units' activation.
    activation: Activation,
    /// The game: a function pointer's marker, so the network is `Send + Sync` whatever
    /// `F` is.
    game: PhantomData<fn() -> F>,
}

impl<F> Clone for Network<F> {
    fn clone(&self) -> Self {
        Network {
            weights: self.weights.clone(),
            biases: self.biases,
            output: self.output,
            output_bias: self.output_bias,
            activation: self.activation,
            game: PhantomData,
        }
    }
}

impl<F: FeatureSet> std::fmt::Debug for Network<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Network({} {}→{HIDDEN}×2→1, {BUCKETS} buckets, {:?})",
            F::NAME,
            F::INPUTS,
            self.activation
        )
    }
}

/// A game crate's built-in network: `bytes` (its `include_bytes!`, which passed
/// [`check`] when the crate compiled, so parsing cannot fail) parsed on first use into
/// `cell` and shared by every caller (constant data: parsing once is all the sharing
/// needs). `name` is its file name, for the message of the failure that cannot happen.
pub fn built_in<F: FeatureSet>(
    cell: &'static OnceLock<Arc<Network<F>>>,
    bytes: &'static [u8],
    name: &str,
) -> Arc<Network<F>> {
    Arc::clone(cell.get_or_init(|| {
        Network::from_bytes(bytes)
            .map(Arc::new)
            .unwrap_or_else(|e| panic!("the built-in network {name}: {e}"))
    }))
}

/// How an explanation of an evaluation names `net`: `name` when it is the built-in network
/// `builtin` (the same shared network, not an equal copy), otherwise `EvalFile`, for a
/// network loaded from a file.
pub fn shown_name<F: FeatureSet>(
    net: &Arc<Network<F>>,
    builtin: &Arc<Network<F>>,
    name: &'static str,
) -> &'static str {
    if Arc::ptr_eq(net, builtin) {
        name
    } else {
        "EvalFile"
    }
}

impl<F: FeatureSet> Network<F> {
    /// Reads and parses the network file at `path`; the error says why it cannot be used
    /// (unreadable, or what is wrong with its contents).
    pub fn from_file(path: impl AsRef<std::path::Path>) -> Result<Self, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read the file: {e}"))?;
        Self::from_bytes(&bytes)
    }

    /// Parses a network file; the error says what is wrong with it (another format or
    /// game, a shape the engine cannot play, a truncated or padded file). Never panics:
    /// any bytes give a network or an error.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
        let layout = check::<F>(bytes).map_err(|why| {
            if why.contains("truncated") {
                format!("{why}: {} bytes", bytes.len())
            } else {
                why.to_string()
            }
        })?;
        let mut r = Reader(&bytes[layout.header..]);
        let hidden = layout.hidden;
        let weights = (0..F::INPUTS).map(|_| r.row(hidden)).collect();
        let biases = r.row(hidden);
        let mut output = [[[0i16; HIDDEN]; 2]; BUCKETS];
        for layer in &mut output[..layout.buckets] {
            *layer = [r.row(hidden), r.row(hidden)];
        }
        let mut output_bias = [0i32; BUCKETS];
        for bias in &mut output_bias[..layout.buckets] {
            *bias = r.i32();
        }
        for b in layout.buckets..BUCKETS {
            (output[b], output_bias[b]) = (output[0], output_bias[0]);
        }
        Ok(Network {
            weights,
            biases,
            output,
            output_bias,
            activation: layout.activation,
            game: PhantomData,
        })
    }

    /// The hidden units' activation.
    pub fn activation(&self) -> Activation {
        self.activation
    }

    /// This network with its hidden units' activation set to `activation` (the weights
    /// are kept as they are: the trainer quantises, then says which activation it fitted).
    pub fn with_activation(mut self, activation: Activation) -> Self {
        self.activation = activation;
        self
    }

    /// The file bytes of this network in the current format (the inverse of
    /// [`Network::from_bytes`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out =
            Vec::with_capacity(22 + 2 * (F::INPUTS + 1 + 2 * BUCKETS) * HIDDEN + 4 * BUCKETS);
        out.extend_from_slice(MAGIC);
        out.push(F::GAME);
        out.push(match self.activation {
            Activation::Clipped => 0,
            Activation::SquaredClipped => 1,
        });
        for n in [F::INPUTS, HIDDEN, BUCKETS] {
            out.extend_from_slice(&(n as u32).to_le_bytes());
        }
        let rows = self
            .weights
            .iter()
            .chain(std::iter::once(&self.biases))
            .chain(self.output.iter().flatten());
        for row in rows {
            // Each row is sized once and filled in place rather than grown number by
            // number (the growth checks were a fifth of the fuzz target's time).
            let start = out.len();
            out.resize(start + 2 * HIDDEN, 0);
            for (pair, w) in out[start..].chunks_exact_mut(2).zip(row) {
                pair.copy_from_slice(&w.to_le_bytes());
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
    ) -> Result<Self, String> {
        let layers = output_bias.len();
        if weights.len() != F::INPUTS
            || weights.iter().any(|r| r.len() != HIDDEN)
            || biases.len() != HIDDEN
            || (layers != 1 && layers != BUCKETS)
            || output.len() != layers * 2 * HIDDEN
        {
            return Err(format!(
                "the engine's {} network is {}→{HIDDEN}×2→1 with 1 or {BUCKETS} output layers",
                F::NAME,
                F::INPUTS
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
            game: PhantomData,
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
        let sum = if crate::simd::has_avx2() {
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
    pub fn evaluate_position(&self, pos: &F::Position) -> i32 {
        let mut pieces = Vec::with_capacity(32);
        F::for_each_feature(pos, |f| pieces.push(f));
        let count = pieces.len() as u32;
        let acc = Accumulator::from_features(self, pieces);
        self.evaluate_for(&acc, F::side_to_move(pos), count)
    }

    /// The evaluation of a position whose accumulator is `acc`, for the side to move of
    /// perspective `side` (0 White or Red, 1 Black), with `pieces` pieces on the board.
    #[inline]
    pub fn evaluate_for(&self, acc: &Accumulator, side: usize, pieces: u32) -> i32 {
        let (us, them) = (&acc.0[side & 1], &acc.0[(side & 1) ^ 1]);
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
