//! The chess evaluation: tapered material and piece-square tables kept incrementally by
//! make/unmake, plus pawn structure, mobility, king safety, piece bonuses, threats, space
//! and tempo computed at each call, winnability (how the side ahead converts), and endgame
//! knowledge as a scale factor and a mop-up term.
//!
//! Every scored feature is an index into one flat weight table ([`features::W`], built
//! from the generated `weights.rs`). The terms report features to a [`Sink`]: the engine's
//! sink adds weights up, the tuner's sink counts coefficients. So `chariot tune` fits
//! exactly the function the engine plays with (a test checks they agree).

mod endgame;
pub(crate) mod features;
mod king;
mod masks;
mod pawn_cache;
mod pawns;
mod pieces;
mod space;
#[cfg(test)]
mod testing;
mod threats;
mod tune;
pub mod weights;
mod winnable;

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::position::Position;
use crate::pst::{table_index, MAX_PHASE};
use crate::types::{Color, PieceKind, Square};
use features::{term_of, N, W};

/// A midgame/endgame pair of centipawn values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tapered {
    /// Midgame value.
    pub mg: i32,
    /// Endgame value.
    pub eg: i32,
}

/// The evaluation split into named terms per side, for `chariot eval`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalTerms {
    /// Game phase from 0 (bare endgame) to 24 (all pieces on), clamped.
    pub phase: i32,
    /// Named terms: (name, White's value, Black's value), each for its own side.
    pub terms: Vec<(&'static str, Tapered, Tapered)>,
    /// Endgame scale factor out of [`SCALE_ONE`] (drawish material shrinks it).
    pub scale: i32,
    /// The mop-up term of won endgames (drive the bare king to the edge), White's view.
    pub mop_up: i32,
    /// The final score in centipawns from White's point of view (recomputed from scratch).
    pub white_score: i32,
}

/// The scale factor meaning "no scaling".
pub const SCALE_ONE: i32 = 64;

/// Blends midgame and endgame by phase, shrinking the endgame part by `scale`.
#[inline]
pub(crate) fn taper(mg: i32, eg: i32, phase: i32, scale: i32) -> i32 {
    let phase = phase.min(MAX_PHASE);
    (mg * phase + eg * scale / SCALE_ONE * (MAX_PHASE - phase)) / MAX_PHASE
}

/// Where the terms report their features: `add(color, w, n)` means "`color` has feature
/// `w` (an index into [`W`]) `n` times".
pub(crate) trait Sink {
    fn add(&mut self, color: Color, w: usize, n: i32);
    /// The endgame sum so far, White minus Black.
    fn eg_white(&self) -> i32;
}

/// The engine's sink: adds weights up, White minus Black.
#[derive(Default)]
struct Sum {
    mg: i32,
    eg: i32,
}

impl Sink for Sum {
    #[inline(always)]
    fn add(&mut self, color: Color, w: usize, n: i32) {
        let n = if color == Color::White { n } else { -n };
        self.mg += W[w].0 * n;
        self.eg += W[w].1 * n;
    }

    fn eg_white(&self) -> i32 {
        self.eg
    }
}

/// The tuner's and the explainer's sink: coefficients per side and weight.
pub(crate) struct Coeffs(pub(crate) [Vec<i32>; 2]);

impl Coeffs {
    fn new() -> Coeffs {
        Coeffs([vec![0; N], vec![0; N]])
    }

    /// The weighted sum of one side's coefficients.
    fn side_sum(&self, c: usize) -> (i32, i32) {
        self.0[c]
            .iter()
            .zip(W.iter())
            .fold((0, 0), |(mg, eg), (&n, w)| (mg + n * w.0, eg + n * w.1))
    }
}

impl Sink for Coeffs {
    fn add(&mut self, color: Color, w: usize, n: i32) {
        self.0[color.index()][w] += n;
    }

    fn eg_white(&self) -> i32 {
        self.side_sum(0).1 - self.side_sum(1).1
    }
}

/// What several terms need: pawns, attacks and king zones of both sides.
pub(crate) struct Ctx<'a> {
    pub(crate) b: &'a Board,
    pub(crate) occ: u64,
    pub(crate) pawns: [u64; 2],
    pub(crate) pawn_attacks: [u64; 2],
    pub(crate) king: [Square; 2],
    /// The king's square, its neighbours and the three squares in front of those.
    pub(crate) king_zone: [u64; 2],
    /// Squares each side attacks (pawns and king included once `pieces` has run).
    pub(crate) attacked: [u64; 2],
    /// Squares each side attacks at least twice (pawn and king overlaps, then pieces).
    pub(crate) attacked2: [u64; 2],
    /// Squares attacked by each side's pieces of each kind.
    pub(crate) by_kind: [[u64; 6]; 2],
    /// Pieces of each side attacking the other side's king zone.
    pub(crate) zone_attackers: [i32; 2],
    /// Zone squares each side attacks, by attacker kind knight, bishop, rook, queen.
    pub(crate) zone_attacks: [[i32; 4]; 2],
    /// Stockfish's king-attackers weight: the sum over each side's pieces that attack the
    /// other king zone of a per-kind danger.
    pub(crate) zone_weight: [i32; 2],
    /// Attacks of each side's pieces on squares next to the other king, one per piece and
    /// square (Stockfish's `kingAttacksCount`).
    pub(crate) ring_attacks: [i32; 2],
}

impl<'a> Ctx<'a> {
    fn new(b: &'a Board) -> Ctx<'a> {
        let pawns = [
            b.pieces(Color::White, PieceKind::Pawn).0,
            b.pieces(Color::Black, PieceKind::Pawn).0,
        ];
        let pawn_attacks = [
            masks::pawn_attacks(Color::White, pawns[0]),
            masks::pawn_attacks(Color::Black, pawns[1]),
        ];
        let king = [b.king_square(Color::White), b.king_square(Color::Black)];
        let mut king_zone = [0; 2];
        let mut by_kind = [[0; 6]; 2];
        for c in Color::ALL {
            let i = c.index();
            let around = crate::attacks::king(king[i]).0 | 1u64 << king[i].index();
            let ahead = Bitboard(around).forward(c).0;
            king_zone[i] = around | ahead;
            by_kind[i][PieceKind::Pawn.index()] = pawn_attacks[i];
            by_kind[i][PieceKind::King.index()] = crate::attacks::king(king[i]).0;
        }
        Ctx {
            b,
            occ: b.occupied().0,
            pawns,
            pawn_attacks,
            king,
            king_zone,
            attacked: [by_kind[0][0] | by_kind[0][5], by_kind[1][0] | by_kind[1][5]],
            attacked2: [by_kind[0][0] & by_kind[0][5], by_kind[1][0] & by_kind[1][5]],
            by_kind,
            zone_attackers: [0; 2],
            zone_attacks: [[0; 4]; 2],
            zone_weight: [0; 2],
            ring_attacks: [0; 2],
        }
    }
}

/// Every term outside material and piece-square tables, from scratch. Returns the side
/// the winnability term favoured (see [`winnable::eval`]).
fn positional<S: Sink>(b: &Board, s: &mut S) -> i32 {
    let mut ctx = Ctx::new(b);
    let passed = pawns::structure(&ctx, s);
    pieces::eval(&mut ctx, s);
    // Passers after the pieces: their path terms read both sides' attack maps.
    pawns::passers(&ctx, s, passed);
    king::eval(&ctx, s);
    threats::eval(&ctx, s);
    space::eval(&ctx, s);
    let favoured = winnable::eval(&ctx, s, passed);
    s.add(b.side, features::MISC, 1);
    favoured
}

/// The same sum as [`positional`], with the pawn-only terms and the kings' shelter taken
/// from the pawn cache.
fn positional_cached(b: &Board, s: &mut Sum) -> i32 {
    let mut ctx = Ctx::new(b);
    let passed = pawn_cache::probe(&ctx, b.pawn_key, s);
    pieces::eval(&mut ctx, s);
    pawns::passers(&ctx, s, passed);
    king::attack(&ctx, s);
    threats::eval(&ctx, s);
    space::eval(&ctx, s);
    let favoured = winnable::eval(&ctx, s, passed);
    s.add(b.side, features::MISC, 1);
    favoured
}

/// Material and piece-square features from scratch (the engine keeps their sum in
/// `Board::psq` instead).
fn material_and_squares<S: Sink>(b: &Board, s: &mut S) {
    for sq in b.occupied() {
        let Some(p) = b.piece_on(sq) else { continue };
        let (c, k) = (p.color.index(), p.kind.index());
        s.add(p.color, features::MATERIAL + k, 1);
        s.add(
            p.color,
            features::PST_PAWN + 64 * k + table_index(c, sq.index()),
            1,
        );
    }
}

/// Whether the winnability term pushed the endgame sum `eg` (tempo left out, as the term
/// read it) past zero, away from the side it favoured (`favoured`, +1 White, -1 Black, 0
/// none): then the endgame part counts as zero, as Stockfish clamps it.
fn winnable_clamped(b: &Board, eg: i32, favoured: i32) -> bool {
    let tempo = if b.side == Color::White {
        W[features::MISC].1
    } else {
        -W[features::MISC].1
    };
    favoured != 0 && (eg - tempo).signum() == -favoured
}

/// The scale of the endgame sum `eg`: zero where winnability pushed it past zero (see
/// [`winnable_clamped`]), else the endgame knowledge's. The engine, the explainer and the
/// tuner's trace all take it from here.
pub(crate) fn endgame_scale(b: &Board, eg: i32, favoured: i32) -> i32 {
    if winnable_clamped(b, eg, favoured) {
        0
    } else {
        endgame::scale(b, eg)
    }
}

/// The tapered score with endgame knowledge, White's view.
fn finish(b: &Board, mg: i32, eg: i32, favoured: i32) -> i32 {
    taper(mg, eg, b.phase, endgame_scale(b, eg, favoured)) + endgame::mop_up(b)
}

/// A network's score `white` (White's view) with the endgame knowledge the network lacks:
/// the drawish-material scale, mop-up against a bare king, and damping as the 50-move
/// rule nears (a score that cannot be converted in time is worth less).
pub(crate) fn network_with_knowledge(b: &Board, white: i32) -> i32 {
    let scaled = white * endgame::scale(b, white) / SCALE_ONE + endgame::mop_up(b);
    scaled * (200 - i32::from(b.halfmove).min(100)) / 200
}

impl Position {
    /// Static evaluation from White's point of view, in centipawns.
    pub fn eval_white(&self) -> i32 {
        let b = &self.board;
        let mut sum = Sum {
            mg: b.psq.0,
            eg: b.psq.1,
        };
        let favoured = positional_cached(b, &mut sum);
        finish(b, sum.mg, sum.eg, favoured)
    }

    /// [`Position::eval_white`] computed from scratch: no pawn cache, material and
    /// piece-square sums recounted. The two must always agree (tests compare them).
    pub fn eval_white_from_scratch(&self) -> i32 {
        let b = &self.board;
        let mut sum = Sum::default();
        material_and_squares(b, &mut sum);
        let favoured = positional(b, &mut sum);
        finish(b, sum.mg, sum.eg, favoured)
    }

    /// Every feature's coefficient per side, material and squares included, and the side
    /// the winnability term favoured (+1 White, -1 Black, 0 none).
    pub(crate) fn coefficients(&self) -> (Coeffs, i32) {
        let mut coeffs = Coeffs::new();
        material_and_squares(&self.board, &mut coeffs);
        let favoured = positional(&self.board, &mut coeffs);
        (coeffs, favoured)
    }

    /// The evaluation's terms per side (recomputed from scratch).
    pub fn eval_terms(&self) -> EvalTerms {
        let b = &self.board;
        let (coeffs, favoured) = self.coefficients();
        let mut terms: Vec<(&'static str, Tapered, Tapered)> = Vec::new();
        for (w, weight) in W.iter().enumerate() {
            let (white, black) = (coeffs.0[0][w], coeffs.0[1][w]);
            if white == 0 && black == 0 {
                continue;
            }
            let name = term_of(w);
            let at = match terms.iter().position(|t| t.0 == name) {
                Some(at) => at,
                None => {
                    terms.push((name, Tapered::default(), Tapered::default()));
                    terms.len() - 1
                }
            };
            let entry = &mut terms[at];
            entry.1.mg += white * weight.0;
            entry.1.eg += white * weight.1;
            entry.2.mg += black * weight.0;
            entry.2.eg += black * weight.1;
        }
        let (white, black) = (coeffs.side_sum(0), coeffs.side_sum(1));
        let (mg, eg) = (white.0 - black.0, white.1 - black.1);
        EvalTerms {
            phase: b.phase.min(MAX_PHASE),
            terms,
            scale: endgame_scale(b, eg, favoured),
            mop_up: endgame::mop_up(b),
            white_score: finish(b, mg, eg, favoured),
        }
    }
}
