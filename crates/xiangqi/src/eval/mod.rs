//! The xiangqi evaluation: tapered (midgame/endgame) material and piece-square tables,
//! kept incrementally in make/unmake, plus positional terms computed at each evaluation.
//!
//! Every weight lives in [`weights`]; the terms refer to them through `registry`, and
//! are written once against an accumulator ([`Acc`]) that either sums the weights (the
//! engine's evaluation) or counts how often each weight was used (the tuner's trace and
//! `chariot eval`), so the three can never disagree.
//!
//! Files: `attacks` (one pass over the board), `pieces` (mobility, files, soldiers,
//! threats, cannon/horse balance), `king` (defenders, king-file and palace pressure),
//! `scale` (drawish material), `registry` (names and order of the weights).

mod attacks;
mod king;
mod pieces;
mod registry;
mod scale;
#[cfg(test)]
mod tests;
pub mod weights;

use crate::position::Position;
use crate::types::{Piece, PieceKind, FILES, SQUARES};
use attacks::Attacks;
use game::{EvalTerm, Side, Trace, TraceEntry};
use registry::{Group, Term};

/// A (midgame, endgame) pair in centipawns.
pub(crate) type W = (i32, i32);

/// Nominal values for exchanges (SEE, capture ordering). Not tuned: the search's
/// exchange arithmetic should not move when the evaluation's weights do.
pub const fn material(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::General => 0,
        PieceKind::Advisor => 120,
        PieceKind::Elephant => 120,
        PieceKind::Horse => 400,
        PieceKind::Chariot => 900,
        PieceKind::Cannon => 450,
        PieceKind::Soldier => 100,
    }
}

/// Phase of the full board: chariots count 6, horses and cannons 3.
pub const MAX_PHASE: i32 = 48;
/// The endgame scale factor meaning "no scaling".
pub const SCALE_ONE: i32 = 64;

const fn phase_weight(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Chariot => 6,
        PieceKind::Horse | PieceKind::Cannon => 3,
        _ => 0,
    }
}

/// Index of a kind in [`weights::MATERIAL`].
const fn material_slot(kind: PieceKind) -> Option<usize> {
    match kind {
        PieceKind::General => None,
        PieceKind::Advisor => Some(0),
        PieceKind::Elephant => Some(1),
        PieceKind::Horse => Some(2),
        PieceKind::Chariot => Some(3),
        PieceKind::Cannon => Some(4),
        PieceKind::Soldier => Some(5),
    }
}

/// The piece-square table of a kind, if it has one.
const fn pst(kind: PieceKind) -> Option<Term> {
    match kind {
        PieceKind::Chariot => Some(registry::PST_CHARIOT),
        PieceKind::Horse => Some(registry::PST_HORSE),
        PieceKind::Cannon => Some(registry::PST_CANNON),
        PieceKind::Soldier => Some(registry::PST_SOLDIER),
        _ => None,
    }
}

/// Index into a half-board table of a piece of `side` on `sq`: ranks from the owner's
/// back rank, files folded onto one wing (0 = edge, 4 = centre).
pub(crate) const fn half_index(side: Side, sq: usize) -> usize {
    let rank = sq / FILES;
    let rank = match side {
        Side::White => rank,
        Side::Black => 9 - rank,
    };
    let file = sq % FILES;
    let file = if file > 4 { 8 - file } else { file };
    rank * 5 + file
}

const KINDS: [PieceKind; 7] = PieceKind::ALL;

const fn build_psq() -> [[W; SQUARES]; 16] {
    let mut out = [[(0, 0); SQUARES]; 16];
    let mut k = 0;
    while k < KINDS.len() {
        let kind = KINDS[k];
        let mut c = 0;
        while c < 2 {
            let side = if c == 0 { Side::White } else { Side::Black };
            let code = Piece::new(side, kind).index();
            let mut sq = 0;
            while sq < SQUARES {
                let mut v = match material_slot(kind) {
                    Some(i) => weights::MATERIAL[i],
                    None => (0, 0),
                };
                if let Some(t) = pst(kind) {
                    let p = t.weights[half_index(side, sq)];
                    v = (v.0 + p.0, v.1 + p.1);
                }
                out[code][sq] = v;
                sq += 1;
            }
            c += 1;
        }
        k += 1;
    }
    out
}

/// Material + square value (mg, eg) of each piece code on each square, owner's view.
pub(crate) static PSQ: [[W; SQUARES]; 16] = build_psq();

/// Adds `b` to the pair `a`.
#[inline(always)]
pub(crate) fn add_pair(a: &mut W, b: W) {
    a.0 += b.0;
    a.1 += b.1;
}

/// Subtracts `b` from the pair `a`.
#[inline(always)]
pub(crate) fn sub_pair(a: &mut W, b: W) {
    a.0 -= b.0;
    a.1 -= b.1;
}

/// Full recomputation of each side's material + square sum (the incremental value in
/// the position must equal it).
pub(crate) fn full_sums(board: &[Piece; SQUARES]) -> [W; 2] {
    let mut out = [(0, 0); 2];
    for (sq, &p) in board.iter().enumerate() {
        if !p.is_none() {
            add_pair(&mut out[p.color().index()], PSQ[p.index()][sq]);
        }
    }
    out
}

/// Receives every use of a weight: `n` times element `i` of term `t` for `side`.
pub(crate) trait Acc {
    /// Whether material and squares must be counted piece by piece (the trace), rather
    /// than read from the position's incremental sums (the engine).
    const COUNT_PSQ: bool;
    /// Records one use.
    fn add(&mut self, side: Side, t: Term, i: usize, n: i32);
}

/// The engine's accumulator: (mg, eg) sums per side.
struct Sum([W; 2]);

impl Acc for Sum {
    const COUNT_PSQ: bool = false;
    #[inline(always)]
    fn add(&mut self, side: Side, t: Term, i: usize, n: i32) {
        let w = t.weights[i];
        let s = &mut self.0[side.index()];
        s.0 += w.0 * n;
        s.1 += w.1 * n;
    }
}

/// The tuner's accumulator: how often each weight was used, per side.
struct Counter([Vec<i32>; 2]);

impl Acc for Counter {
    const COUNT_PSQ: bool = true;
    fn add(&mut self, side: Side, t: Term, i: usize, n: i32) {
        self.0[side.index()][t.offset + i] += n;
    }
}

/// What the tapering needs besides the sums.
struct Facts {
    phase: i32,
    attacks: Attacks,
}

/// Runs every term into `acc`.
fn run<A: Acc>(pos: &Position, acc: &mut A) -> Facts {
    let attacks = Attacks::compute(pos);
    if A::COUNT_PSQ {
        for (sq, &p) in pos.board.iter().enumerate() {
            let Some(kind) = p.kind() else { continue };
            let side = p.color();
            if let Some(i) = material_slot(kind) {
                acc.add(side, registry::MATERIAL, i, 1);
            }
            if let Some(t) = pst(kind) {
                acc.add(side, t, half_index(side, sq), 1);
            }
        }
    }
    let mut phase = 0;
    for side in [Side::White, Side::Black] {
        for kind in [PieceKind::Chariot, PieceKind::Horse, PieceKind::Cannon] {
            phase += phase_weight(kind) * attacks.count(side, kind);
        }
        pieces::evaluate(pos, &attacks, side, acc);
        king::evaluate(pos, &attacks, side, acc);
    }
    acc.add(pos.stm, registry::TEMPO, 0, 1);
    Facts {
        phase: phase.min(MAX_PHASE),
        attacks,
    }
}

/// Blends midgame and endgame by phase, after scaling the endgame part.
fn taper(mg: i32, eg: i32, phase: i32, scale: i32) -> i32 {
    (mg * phase + eg * scale / SCALE_ONE * (MAX_PHASE - phase)) / MAX_PHASE
}

/// The endgame scale for a position whose endgame sum is `eg` (Red's view).
fn scale_for(facts: &Facts, eg: i32) -> i32 {
    let strong = if eg >= 0 { Side::White } else { Side::Black };
    scale::factor(&facts.attacks, strong)
}

/// The static evaluation from Red's point of view, in centipawns.
pub(crate) fn evaluate_red(pos: &Position) -> i32 {
    let mut sum = Sum(pos.psq);
    let facts = run(pos, &mut sum);
    let [red, black] = sum.0;
    let (mg, eg) = (red.0 - black.0, red.1 - black.1);
    taper(mg, eg, facts.phase, scale_for(&facts, eg))
}

/// Weight usage per side, with the phase and scale.
fn count(pos: &Position) -> (Counter, i32, i32) {
    let mut counter = Counter([vec![0; registry::COUNT], vec![0; registry::COUNT]]);
    let facts = run(pos, &mut counter);
    let values = registry::values();
    let eg: i32 = (0..registry::COUNT)
        .map(|i| (counter.0[0][i] - counter.0[1][i]) * values[i].1)
        .sum();
    let scale = scale_for(&facts, eg);
    (counter, facts.phase, scale)
}

/// The tuner's view of a position (see [`game::Tunable`]).
pub(crate) fn trace(pos: &Position) -> Trace {
    let (counter, phase, scale) = count(pos);
    let entries = (0..registry::COUNT)
        .filter_map(|i| {
            let coeff = counter.0[0][i] - counter.0[1][i];
            (coeff != 0).then(|| TraceEntry {
                index: i as u16,
                coeff: coeff.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            })
        })
        .collect();
    Trace {
        phase,
        entries,
        scale,
        fixed: 0,
    }
}

/// Each `chariot eval` row for each side, tapered and scaled as it counts in the total.
pub(crate) fn explain(pos: &Position) -> Vec<EvalTerm> {
    let (counter, phase, scale) = count(pos);
    let values = registry::values();
    let groups = registry::groups();
    let mut sums = [[(0, 0); Group::COUNT]; 2];
    for (counts, sums) in counter.0.iter().zip(sums.iter_mut()) {
        for ((&n, &(mg, eg)), &group) in counts.iter().zip(&values).zip(&groups) {
            add_pair(&mut sums[group as usize], (mg * n, eg * n));
        }
    }
    Group::ALL
        .iter()
        .map(|&g| {
            let side = |s: usize| {
                let (mg, eg) = sums[s][g as usize];
                taper(mg, eg, phase, scale)
            };
            EvalTerm {
                name: g.label().to_string(),
                white: side(0),
                black: side(1),
            }
        })
        .collect()
}

/// Names of all weights, in the tuner's order.
pub(crate) fn weight_names() -> Vec<String> {
    registry::names()
}

/// Values of all weights, in the tuner's order.
pub(crate) fn weight_values() -> Vec<W> {
    registry::values()
}
