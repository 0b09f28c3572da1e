//! Quiescence search: at the horizon, keep searching captures (and every evasion when in
//! check) until the position is quiet, so the static evaluation is never taken in the
//! middle of an exchange.

use crate::ordering::Picker;
use crate::reference::verdict_score;
use crate::tt::bound_of;
use crate::worker::Worker;
use game::{Game, Score, INFINITY};

impl<G: Game> Worker<'_, G> {
    /// Quiescence search of the node at `ply` in the window `(alpha, beta)`.
    pub fn qsearch<const PV: bool>(&mut self, ply: usize, mut alpha: Score, beta: Score) -> Score {
        if let Some(value) = self.enter(ply) {
            return value;
        }
        let in_check = self.pos.in_check();
        let key = self.pos.hash();
        let tt = self.shared.tt;
        let hit = tt.probe(key, ply);
        if let Some(h) = hit {
            if !PV && h.cuts(alpha, beta) {
                return h.score;
            }
        }
        let tt_code = hit.map_or(0, |h| h.mv);

        let original_alpha = alpha;
        let raw_eval;
        let mut best;
        if in_check {
            raw_eval = -INFINITY;
            best = -INFINITY;
        } else {
            // Stand pat: the side to move may decline every capture.
            raw_eval = hit.map_or_else(|| self.evaluate(), |h| h.eval);
            let side = self.pos.side_to_move();
            best = self
                .history
                .corrected(side, self.correction_keys(ply), raw_eval);
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        // The stand-pat score (-INFINITY in check, where every evasion is searched).
        let stand_pat = best;

        let mut picker = Picker::quiescence(&self.pos, tt_code, in_check);
        if in_check && picker.is_empty() {
            return verdict_score(self.pos.no_moves_verdict(), ply);
        }
        let mut best_code = 0;
        while let Some((mv, _)) = picker.next(&self.pos, self.history) {
            // Captures that lose material by static exchange cannot raise the stand-pat
            // score; where the game uses delta pruning, a capture must also win what lifts
            // the stand-pat score to within the margin of alpha.
            if !in_check {
                let threshold = self
                    .tuning
                    .qs_delta_margin
                    .map_or(0, |m| (alpha - stand_pat - m).max(0));
                if !self.pos.see_ge(mv, threshold) {
                    continue;
                }
            }
            if self.tuning.continuation_correction {
                // The continuation correction of the nodes below reads this move.
                self.stack[ply].piece_to = self.pos.piece_to(mv);
            }
            self.pos.make(mv);
            tt.prefetch(self.pos.hash());
            let value = -self.qsearch::<PV>(ply + 1, -beta, -alpha);
            self.pos.unmake(mv);
            if self.shared.stopped() {
                return 0;
            }
            if value > best {
                best = value;
                if value > alpha {
                    best_code = G::encode(mv);
                    if PV {
                        self.pv_update(ply, mv);
                    }
                    if value >= beta {
                        break;
                    }
                    alpha = value;
                }
            }
        }

        let bound = bound_of(best, original_alpha, beta);
        let depth = if in_check { 0 } else { -1 };
        tt.store(key, ply, best_code, best, raw_eval, depth, bound);
        best
    }
}
