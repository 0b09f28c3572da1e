//! `game::Tunable` for chess: the weights, their names and a position's trace.

use super::features::{names, W};
use super::{endgame, endgame_scale, SCALE_ONE};
use crate::position::Position;
use crate::pst::MAX_PHASE;
use game::{Trace, TraceEntry, Tunable};

impl Tunable for Position {
    const MAX_PHASE: i32 = MAX_PHASE;
    const SCALE_ONE: i32 = SCALE_ONE;

    fn weight_names() -> Vec<String> {
        names()
    }

    fn weights() -> Vec<(i32, i32)> {
        W.to_vec()
    }

    fn trace(&self) -> Trace {
        let (coeffs, favoured) = self.coefficients();
        let mut entries = Vec::new();
        let mut eg = 0;
        for (w, weight) in W.iter().enumerate() {
            let coeff = coeffs.0[0][w] - coeffs.0[1][w];
            if coeff != 0 {
                eg += coeff * weight.1;
                entries.push(TraceEntry {
                    index: w as u16,
                    coeff: coeff.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
                });
            }
        }
        let b = &self.board;
        Trace {
            phase: b.phase.min(MAX_PHASE),
            entries,
            // a clamped endgame part has scale zero: the linear model sees it that way too
            scale: endgame_scale(b, eg, favoured),
            fixed: endgame::mop_up(b),
        }
    }
}
