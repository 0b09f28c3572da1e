//! The `.nnue` file format, and the check of a file's header and length.
//!
//! The current format, `CHARNN04`, all numbers little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | magic `CHARNN04` |
//! | 1 | `u8` game: 1 chess, 2 xiangqi ([`crate::game`]) |
//! | 1 | `u8` activation: 0 clipped ReLU, 1 squared clipped ReLU ([`crate::Activation`]) |
//! | 4 + 4 + 4 | `u32` inputs per perspective (chess 768, xiangqi 1260), `u32` hidden units per perspective, `u32` output buckets |
//! | 2 × inputs × hidden | first-layer weights, `i16` × [`QA`](crate::QA), input-major (input `f`'s `hidden` weights together) |
//! | 2 × hidden | first-layer biases, `i16` × `QA` |
//! | buckets × 2 × 2 × hidden | output weights, `i16` × [`QB`](crate::QB), bucket by bucket: side to move's units, then the other side's |
//! | buckets × 4 | output biases, `i32` × `QA` × `QB` |
//!
//! The older formats are all chess networks and are still read: `CHARNN02` (clipped
//! ReLU) and `CHARNN03` (squared clipped ReLU) are the same without the game and
//! activation bytes (the magic says the activation), and `CHARNN01` is `CHARNN02` without
//! the bucket count (one bucket).
//!
//! The output bucket of a position is [`crate::bucket`] of its number of pieces: the output
//! layer can weigh the same hidden features differently in the opening and in an ending.
//! A file may have fewer hidden units than the engine's [`HIDDEN`]: the engine fills the
//! missing units with zero weights, which add nothing to any evaluation (so that a wider
//! engine still plays the narrower networks, and `nnue-train --init` can widen one). A
//! file with one bucket has its output layer copied into every bucket. Either way such a
//! file scores exactly as it was trained.
//!
//! The evaluation in centipawns, for the side to move and its position's bucket `b`, is
//! `(Σ clamp(acc_us, 0, QA)·w_us[b] + Σ clamp(acc_them, 0, QA)·w_them[b] + bias[b]) × SCALE / (QA·QB)`
//! with the clipped ReLU; with the squared clipped ReLU each `clamp(acc, 0, QA)` is squared
//! and the two sums are divided by `QA` before the bias is added (the float network's
//! `clamp(h, 0, 1)²`).

use crate::{game, Activation, FeatureSet, BUCKETS, HIDDEN};

/// The magic bytes of the current format (game and activation in the header).
pub const MAGIC: &[u8; 8] = b"CHARNN04";
/// The magic of the older chess format with the clipped ReLU.
pub const MAGIC_V2: &[u8; 8] = b"CHARNN02";
/// The magic of the older chess format with the squared clipped ReLU (as `CHARNN02`).
pub const MAGIC_V3: &[u8; 8] = b"CHARNN03";
/// The magic of the oldest chess format (one bucket, no bucket count).
pub const MAGIC_V1: &[u8; 8] = b"CHARNN01";

/// What a file's header says, once [`check`] has accepted the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Bytes before the first-layer weights.
    pub header: usize,
    /// Hidden units per perspective in the file (1 to [`HIDDEN`]).
    pub hidden: usize,
    /// Output layers in the file (1 or [`BUCKETS`]).
    pub buckets: usize,
    /// The hidden units' activation.
    pub activation: Activation,
}

/// The message for a file of game `file` read as a network of game `want`.
const fn other_game(file: u8, want: u8) -> &'static str {
    match (file, want) {
        (game::XIANGQI, game::CHESS) => "this is a xiangqi network, not chess",
        (game::CHESS, game::XIANGQI) => "this is a chess network, not xiangqi",
        _ => "a network for a game this engine does not know",
    }
}

/// The message for a file of game `game` whose shape the engine cannot play.
const fn wrong_shape(game: u8) -> &'static str {
    match game {
        game::CHESS => "not a chess network of the shape this engine plays",
        game::XIANGQI => "not a xiangqi network of the shape this engine plays",
        _ => "not a network of the shape this engine plays",
    }
}

/// Whether `bytes` start with `magic` (`bytes` holds at least 8).
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

/// The `u32` at `at` (`bytes` holds it).
const fn u32_at(bytes: &[u8], at: usize) -> usize {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]) as usize
}

/// Checks that `bytes` are a network file for game `F` that this engine plays, without
/// reading the weights: a known magic, `F`'s game and inputs, a known activation, 1 to
/// [`HIDDEN`] hidden units, 1 or [`BUCKETS`] output layers, and exactly the length that
/// shape takes. [`crate::Network::from_bytes`] reads exactly the files it accepts (it
/// checks with it first). It is a `const fn` so that a network built into the binary is
/// checked when the binary is compiled: a wrong file fails the build instead of the first
/// evaluation.
pub const fn check<F: FeatureSet>(bytes: &[u8]) -> Result<Layout, &'static str> {
    if bytes.len() < 8 {
        return Err("too short to be a Chariot network (truncated?)");
    }
    let (header, file_game, activation, at) = if starts_with(bytes, MAGIC) {
        if bytes.len() < 22 {
            return Err("the file is too short (truncated?)");
        }
        let activation = match bytes[9] {
            0 => Activation::Clipped,
            1 => Activation::SquaredClipped,
            _ => return Err("an activation this engine does not know"),
        };
        (22, bytes[8], activation, 10)
    } else if starts_with(bytes, MAGIC_V2) {
        (20, game::CHESS, Activation::Clipped, 8)
    } else if starts_with(bytes, MAGIC_V3) {
        (20, game::CHESS, Activation::SquaredClipped, 8)
    } else if starts_with(bytes, MAGIC_V1) {
        (16, game::CHESS, Activation::Clipped, 8)
    } else {
        return Err("not a Chariot network (bad magic)");
    };
    if file_game != F::GAME {
        return Err(other_game(file_game, F::GAME));
    }
    if bytes.len() < header {
        return Err("the file is too short (truncated?)");
    }
    let (inputs, hidden) = (u32_at(bytes, at), u32_at(bytes, at + 4));
    let buckets = if header == 16 {
        1
    } else {
        u32_at(bytes, at + 8)
    };
    if inputs != F::INPUTS || hidden == 0 || hidden > HIDDEN {
        return Err(wrong_shape(F::GAME));
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
    Ok(Layout {
        header,
        hidden,
        buckets,
        activation,
    })
}

/// Reads little-endian numbers off a byte slice that [`check`] has measured.
pub(crate) struct Reader<'a>(pub(crate) &'a [u8]);

impl Reader<'_> {
    /// The next `N` bytes (zeros past the end, which a checked file never reaches).
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let n = N.min(self.0.len());
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        let mut out = [0; N];
        out[..n].copy_from_slice(head);
        out
    }
    pub(crate) fn i32(&mut self) -> i32 {
        i32::from_le_bytes(self.take::<4>())
    }
    /// `width` numbers, then zeros up to [`HIDDEN`].
    pub(crate) fn row(&mut self, width: usize) -> [i16; HIDDEN] {
        // The row's bytes are split off at once, not two by two: a network is 100 000
        // numbers, and the fuzz target that loads networks spent a quarter of its time
        // on the per-number length checks.
        let n = (2 * width.min(HIDDEN)).min(self.0.len());
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        let mut row = [0i16; HIDDEN];
        for (w, pair) in row.iter_mut().zip(head.chunks_exact(2)) {
            *w = i16::from_le_bytes([pair[0], pair[1]]);
        }
        row
    }
}
