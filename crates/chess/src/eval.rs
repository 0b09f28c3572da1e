//! The first evaluation: tapered material + piece-square tables (see [`crate::pst`]).
//!
//! make/unmake keep the sums incrementally; `debug_assert!`s in `Position::play`
//! compare them with a recomputation.

use crate::position::Position;
use crate::pst::{pst, EG_VALUE, MAX_PHASE, MG_VALUE, PHASE_INC};
use crate::types::Color;

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
    /// The final score in centipawns from White's point of view.
    pub white_score: i32,
}

/// Blends midgame and endgame by phase.
#[inline]
pub(crate) fn taper(mg: i32, eg: i32, phase: i32) -> i32 {
    let phase = phase.min(MAX_PHASE);
    (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE
}

impl Position {
    /// Static evaluation from White's point of view, in centipawns.
    pub fn eval_white(&self) -> i32 {
        let b = &self.board;
        taper(b.psq.0, b.psq.1, b.phase)
    }

    /// The evaluation's terms per side (recomputed from scratch).
    pub fn eval_terms(&self) -> EvalTerms {
        let mut material = [Tapered::default(); 2];
        let mut squares = [Tapered::default(); 2];
        let mut phase = 0;
        for color in Color::ALL {
            let c = color.index();
            for sq in self.board.colors[c] {
                let Some(p) = self.board.piece_on(sq) else {
                    continue;
                };
                let k = p.kind.index();
                material[c].mg += MG_VALUE[k];
                material[c].eg += EG_VALUE[k];
                squares[c].mg += pst(true, c, k, sq.index());
                squares[c].eg += pst(false, c, k, sq.index());
                phase += PHASE_INC[k];
            }
        }
        let mg = material[0].mg + squares[0].mg - material[1].mg - squares[1].mg;
        let eg = material[0].eg + squares[0].eg - material[1].eg - squares[1].eg;
        EvalTerms {
            phase: phase.min(MAX_PHASE),
            terms: vec![
                ("material", material[0], material[1]),
                ("piece-square", squares[0], squares[1]),
            ],
            white_score: taper(mg, eg, phase),
        }
    }
}
