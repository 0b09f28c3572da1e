//! The principal variation search below the root: negamax alpha-beta with the TT,
//! null move, reverse futility, futility and late-move pruning, late move reductions,
//! SEE pruning of losing captures, check extensions, mate-distance pruning, the correction
//! history of the static evaluation, and the optional features a game's preset switches on
//! (`SearchTuning`: razoring, quiet SEE pruning, eval-scaled null move,
//! history-adjusted reductions, continuation and pawn history, singular extensions,
//! futility pruning of captures, fail-high scores blended toward beta, deeper reductions
//! at expected cut nodes and below nodes that keep failing high, history pruning).
//!
//! `PV` nodes (searched with an open window) and non-PV nodes (zero window) are separate
//! instantiations, so the compiler specialises both.

use crate::api::Bound;
use crate::history::{CorrectionKeys, History, NO_PIECE_TO};
use crate::ordering::{Picker, Stage};
use crate::params::history_bonus;
use crate::reference::verdict_score;
use crate::tt::bound_of;
use crate::worker::Worker;
use game::{is_mate_score, mate_in, mated_in, Game, Score, INFINITY, MATE_BOUND};

/// Quiet moves remembered per node for the history malus.
const MAX_QUIETS: usize = 64;
/// Noisy moves remembered per node for the capture-history malus.
const MAX_NOISIES: usize = 32;

/// How many of a node's remaining quiet moves the picker has dropped, in increasing order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum QuietDrop {
    /// None yet.
    None,
    /// All but those that may give check (they are searched when they do).
    KeepChecks,
    /// All of them (`SearchTuning::prune_checks` with late move pruning).
    All,
}

impl<G: Game> Worker<'_, G> {
    /// Searches the node at `ply` (≥ 1) to `depth` in the window `(alpha, beta)`.
    /// Returns 0 when the search was stopped (the caller discards it).
    pub fn negamax<const PV: bool>(
        &mut self,
        mut depth: i32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        if let Some(value) = self.enter(ply) {
            return value;
        }
        let pruning = self.shared.config.pruning;
        // Whether the parent expects this node to fail high (set before each call).
        let cut = !PV && self.stack[ply].cut;
        let in_check = self.pos.in_check();
        // Check extension: a check is searched one ply deeper, so forcing lines resolve.
        if pruning && in_check && self.tuning.check_extension {
            depth += 1;
        }
        if depth <= 0 {
            return if pruning {
                self.qsearch::<PV>(ply, alpha, beta)
            } else {
                self.plain_leaf(ply)
            };
        }

        if pruning {
            // Mate-distance pruning: no line from here beats a mate already found nearer the root.
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(mate_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }

        // A singular-extension search of this node leaves this move out: its result is
        // not the node's value, so it neither cuts on the TT nor stores there.
        let excluded = self.stack[ply].excluded;
        let key = self.pos.hash();
        let tt = self.shared.tt;
        let hit = tt.probe(key, ply);
        let tt_code = hit.map_or(0, |h| h.mv);
        if let Some(h) = hit {
            if pruning && !PV && excluded == 0 && h.depth >= depth && h.cuts(alpha, beta) {
                return h.score;
            }
        }

        let side = self.pos.side_to_move();
        let raw_eval = if in_check {
            -INFINITY
        } else {
            hit.map_or_else(|| self.evaluate(), |h| h.eval)
        };
        // The correction histories' keys; none when in check (no static evaluation) or in
        // the plain search (which must return the exact minimax value).
        let corrections = if pruning && !in_check {
            self.correction_keys(ply)
        } else {
            CorrectionKeys::default()
        };
        let static_eval = self.history.corrected(side, corrections, raw_eval);
        self.stack[ply].eval = static_eval;
        // The TT score is a better estimate than the static eval when its bound allows
        // (not in a singular-extension search: the TT score counts the excluded move).
        let eval = match hit {
            Some(h) if !in_check && excluded == 0 && !is_mate_score(h.score) => match h.bound {
                Bound::Lower if h.score > static_eval => h.score,
                Bound::Upper if h.score < static_eval => h.score,
                Bound::Exact => h.score,
                _ => static_eval,
            },
            _ => static_eval,
        };
        let improving = !in_check && ply >= 2 && static_eval > self.stack[ply - 2].eval;

        if pruning && !PV && !in_check {
            // Step 1. Reverse futility pruning: far above beta, a quiet position stays there.
            let correction_margin = self
                .tuning
                .rfp_correction_percent
                .map_or(0, |percent| (static_eval - raw_eval).abs() * percent / 100);
            if depth <= self.tuning.params.rfp_max_depth
                && eval - self.tuning.params.rfp_margin(depth, improving) - correction_margin
                    >= beta
                && !is_mate_score(beta)
            {
                return eval;
            }
            // Step 1b. Razoring: far below alpha at low depth, only captures can save the
            // node; if quiescence agrees it cannot, believe it.
            if let Some(margin) = self.tuning.razor_margin {
                if excluded == 0
                    && depth <= self.tuning.params.razor_max_depth
                    && eval < alpha - self.tuning.params.razor_base - margin * depth * depth
                    && !is_mate_score(alpha)
                {
                    let value = self.qsearch::<false>(ply, alpha, alpha + 1);
                    if self.shared.stopped() {
                        return 0;
                    }
                    if value <= alpha {
                        return value;
                    }
                }
            }
            // Step 2. Null-move pruning: if passing still fails high, a real move will too.
            // Not after a null move, and not where zugzwang is likely (the game decides).
            if depth >= self.tuning.params.nmp_min_depth
                && excluded == 0
                && eval >= beta
                && !self.stack[ply - 1].null
                && !is_mate_score(beta)
                && self.pos.null_move_ok()
            {
                let mut r = self.tuning.params.nmp_reduction(depth);
                if let Some(divisor) = self.tuning.nmp_eval_divisor {
                    r += ((eval - beta) / divisor).min(3);
                }
                self.stack[ply].null = true;
                self.stack[ply].code = 0;
                self.stack[ply].piece_to = NO_PIECE_TO;
                self.stack[ply].double_extensions = self.stack[ply - 1].double_extensions;
                self.pos.make_null();
                self.stack[ply + 1].cut = !cut;
                let value = -self.negamax::<false>(depth - 1 - r, ply + 1, -beta, -beta + 1);
                self.pos.unmake_null();
                self.stack[ply].null = false;
                if self.shared.stopped() {
                    return 0;
                }
                if value >= beta {
                    return if is_mate_score(value) { beta } else { value };
                }
            }
        }
        // Step 3. Internal iterative reduction: without a TT move the ordering is poor,
        // so a shallower search is cheaper and fills the TT for the next iteration.
        if pruning && tt_code == 0 && depth >= self.tuning.params.iir_min_depth {
            depth -= 1;
        }

        let previous = if self.stack[ply - 1].null {
            0
        } else {
            self.stack[ply - 1].code
        };
        // The moves one and two plies back, for the continuation history.
        let continuation = self.tuning.continuation_history.then(|| {
            let two_back = if ply >= 2 {
                self.stack[ply - 2].piece_to
            } else {
                NO_PIECE_TO
            };
            [self.stack[ply - 1].piece_to, two_back]
        });
        // The pawn-history row of this pawn structure, where the game keeps one.
        let pawn_row = if self.tuning.pawn_history {
            self.pos.structure_key().map(History::pawn_row)
        } else {
            None
        };
        self.stack[ply + 2].cutoffs = 0;
        let mut picker = Picker::main(
            &self.pos,
            tt_code,
            self.history,
            ply,
            previous,
            continuation,
            pawn_row,
            &self.tuning,
        );
        if picker.is_empty() {
            return verdict_score(self.pos.no_moves_verdict(), ply);
        }

        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_code = 0u16;
        let mut best_noisy = false;
        let mut moves_done = 0usize;
        let mut quiets = [0u16; MAX_QUIETS];
        let mut quiet_piece_tos = [0u16; MAX_QUIETS];
        let mut quiet_count = 0usize;
        let mut noisies = [0u16; MAX_NOISIES];
        let mut noisy_count = 0usize;
        // Late move pruning skips the quiet moves after this many (non-PV nodes).
        let lmp_limit = self.tuning.params.lmp_count(depth, improving) / self.tuning.lmp_divisor;
        // Which of the remaining quiets steps 4 and 5 have dropped from the picker.
        let mut quiets_dropped = QuietDrop::None;

        while let Some((mv, stage)) = picker.next(&self.pos, self.history) {
            if excluded != 0 && G::encode(mv) == excluded {
                continue;
            }
            let quiet = matches!(stage, Stage::Quiet | Stage::Refutation);
            // The TT move's kind is not in its stage; the history needs it.
            let noisy = match stage {
                Stage::Tt => self.pos.is_noisy(mv),
                Stage::GoodNoisy | Stage::BadNoisy => true,
                Stage::Quiet | Stage::Refutation => false,
            };
            // Steps 4–6 prune only once a move that does not lose to mate is in hand,
            // and never a move that gives check (decided before making it when the game's
            // `may_give_check` is sure, else after), unless `prune_checks` lets steps 4
            // and 5b skip quiet checks too.
            let mut prunable = false;
            // Whether the move is skipped even if it gives check (`prune_checks`).
            let mut prunes_checks = false;
            if pruning && !in_check && best > -MATE_BOUND {
                // Step 4. Late move pruning: late quiet moves at low depth rarely matter.
                let late = quiet
                    && !PV
                    && depth <= self.tuning.params.lmp_max_depth
                    && quiet_count >= lmp_limit;
                // Step 5. Futility pruning: a quiet move cannot lift a hopeless eval to alpha.
                let futile = quiet
                    && depth <= self.tuning.params.fp_max_depth
                    && eval + self.tuning.params.futility_margin(depth) <= alpha;
                // Both hold for every later quiet move too (the count only grows, alpha
                // only rises, the rest is fixed for the node), so the picker drops the
                // quiets that would be skipped, keeping the possible checks (none where late
                // checks are pruned too): no picking and scanning past them one by one.
                let drop = if late && self.tuning.prune_checks {
                    QuietDrop::All
                } else if late || futile {
                    QuietDrop::KeepChecks
                } else {
                    QuietDrop::None
                };
                if drop > quiets_dropped {
                    quiets_dropped = drop;
                    let pos = &self.pos;
                    picker.drop_remaining_quiets(|m| {
                        drop == QuietDrop::KeepChecks && pos.may_give_check(m)
                    });
                }
                // Step 5b. SEE pruning of quiets: a move that hangs material at low depth.
                let hangs = || {
                    self.tuning.quiet_see_margin.is_some_and(|m| {
                        depth <= self.tuning.params.see_quiet_max_depth
                            && !self.pos.see_ge(mv, -m * depth)
                    })
                };
                prunable = if quiet {
                    late
                        || futile
                        || hangs()
                    // Step 5c. History pruning: a quiet move that has mostly failed, in
                    // this context and in others, at a shallow non-PV node.
                        || (!PV
                            && stage == Stage::Quiet
                            && depth <= self.tuning.params.history_prune_max_depth
                            && self.tuning.history_prune_margin.is_some_and(|m| {
                                let stat = self.history.quiet_stat(
                                    side,
                                    G::encode(mv),
                                    self.pos.piece_to(mv),
                                    continuation,
                                    pawn_row,
                                );
                                stat < -m * depth
                            }))
                } else {
                    // The capture's history moves both thresholds where the game uses it.
                    let history = self.tuning.capture_history_prune_divisor.map_or(0, |d| {
                        self.history.capture_score(side, G::encode(mv)) / d.max(1)
                    });
                    // Step 6. SEE pruning: captures that lose too much material.
                    (stage == Stage::BadNoisy
                        && depth <= self.tuning.params.see_max_depth
                        && !self.pos.see_ge(
                            mv,
                            (self.tuning.params.see_capture_threshold(depth) - history / 4).min(0),
                        ))
                    // Step 6a. Futility pruning of captures: one that cannot win, by static
                    // exchange, what lifts a hopeless eval to within a margin of alpha.
                        || self.tuning.capture_futility_margin.is_some_and(|m| {
                            !PV && depth <= self.tuning.params.fp_max_depth
                                && self.pos.is_capture(mv)
                                && !self.pos.see_ge(mv, alpha - eval - self.tuning.params.futility_margin(depth) - m - history)
                        })
                };
                // A late or hanging quiet check goes too where the game prunes checks
                // (Stockfish's move-count and SEE pruning spare no quiet check).
                prunes_checks = prunable && quiet && self.tuning.prune_checks && (late || hangs());
            }

            if prunes_checks || (prunable && !self.pos.may_give_check(mv)) {
                continue;
            }
            let code = G::encode(mv);
            // Step 6b. Singular extension: when the TT move is much better than every
            // other move (a shallower search without it fails low), search it deeper; when
            // even without it the node fails high, cut here (multi-cut).
            let mut extension = 0;
            if let (Some(margin), Stage::Tt, Some(h)) = (self.tuning.singular_margin, stage, hit) {
                if pruning
                    && excluded == 0
                    && depth >= self.tuning.params.singular_min_depth
                    && h.depth >= depth - self.tuning.params.singular_tt_depth_gap
                    && matches!(h.bound, Bound::Lower | Bound::Exact)
                    && !is_mate_score(h.score)
                    && (ply as i32) < 2 * self.root_depth
                {
                    let singular_beta = h.score - margin * depth;
                    self.stack[ply].excluded = code;
                    let value = self.negamax::<false>(
                        (depth - 1) / 2,
                        ply,
                        singular_beta - 1,
                        singular_beta,
                    );
                    self.stack[ply].excluded = 0;
                    if self.shared.stopped() {
                        return 0;
                    }
                    if value < singular_beta {
                        extension = 1;
                        if !PV
                            && value < singular_beta - self.tuning.params.double_extension_margin
                            && i32::from(self.stack[ply - 1].double_extensions)
                                < self.tuning.params.max_double_extensions
                        {
                            extension = 2;
                        }
                    } else if !PV && singular_beta >= beta {
                        return singular_beta;
                    } else if h.score >= beta {
                        extension = -1;
                    }
                }
            }
            let piece_to = self.pos.piece_to(mv);
            self.stack[ply].code = code;
            self.stack[ply].piece_to = piece_to;
            self.stack[ply].double_extensions =
                self.stack[ply - 1].double_extensions + (extension == 2) as u8;
            self.pos.make(mv);
            let gives_check = self.pos.in_check();
            if prunable && !gives_check {
                self.pos.unmake(mv);
                continue;
            }
            tt.prefetch(self.pos.hash());
            moves_done += 1;
            let mut new_depth = depth - 1 + extension;
            let mut value;
            if moves_done == 1 {
                self.stack[ply + 1].cut = !PV && !cut;
                value = -self.negamax::<PV>(new_depth, ply + 1, -beta, -alpha);
            } else {
                // Step 7. Late move reductions: later quiet moves get a shallower zero-window
                // search first, re-searched at full depth only if they surprise.
                let mut r = 0;
                if pruning
                    && depth >= self.tuning.params.lmr_min_depth
                    && moves_done as i32 >= self.tuning.params.lmr_min_moves
                    && !in_check
                    && (quiet || stage == Stage::BadNoisy)
                {
                    r = self.reduction(depth, moves_done);
                    r -= PV as i32;
                    r += (!improving) as i32;
                    r -= (stage == Stage::Refutation) as i32;
                    r -= self.tuning.params.lmr_check_relief * gives_check as i32;
                    r += (self.tuning.cut_node_reduction && cut) as i32;
                    r += (self.tuning.child_cutoff_reduction && self.stack[ply + 1].cutoffs > 2)
                        as i32;
                    // Where the corrections moved the evaluation far, trust it less.
                    if let Some(margin) = self.tuning.lmr_correction_margin {
                        r -= ((static_eval - raw_eval).abs() >= margin) as i32;
                    }
                    // A quiet move with a good history is less likely to be bad: reduce it less.
                    if let (Some(divisor), Stage::Quiet) = (self.tuning.lmr_history_divisor, stage)
                    {
                        let stat =
                            self.history
                                .quiet_stat(side, code, piece_to, continuation, pawn_row);
                        r -= stat / divisor;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                let new_depth_reduced = new_depth - r;
                self.stack[ply + 1].cut = true;
                value = -self.negamax::<false>(new_depth_reduced, ply + 1, -alpha - 1, -alpha);
                if value > alpha && r > 0 {
                    // How far the reduced search beat the best move decides how deep to
                    // verify it: a big surprise deserves a deeper look, a narrow one less.
                    if let Some(margin) = self.tuning.lmr_deeper_margin {
                        if value > best + margin + 2 * new_depth {
                            new_depth += 1;
                        } else if value < best + self.tuning.params.lmr_shallower_margin {
                            new_depth -= 1;
                        }
                    }
                    if new_depth > new_depth_reduced {
                        self.stack[ply + 1].cut = !cut;
                        value = -self.negamax::<false>(new_depth, ply + 1, -alpha - 1, -alpha);
                    }
                }
                if PV && value > alpha && value < beta {
                    self.stack[ply + 1].cut = false;
                    value = -self.negamax::<true>(new_depth, ply + 1, -beta, -alpha);
                }
            }
            self.pos.unmake(mv);
            if self.shared.stopped() {
                return 0;
            }

            if value > best {
                best = value;
                if value > alpha {
                    best_code = code;
                    best_noisy = noisy;
                    if PV {
                        self.pv_update(ply, mv);
                    }
                    if value >= beta {
                        self.stack[ply].cutoffs = self.stack[ply]
                            .cutoffs
                            .saturating_add(1 + (tt_code == 0) as u8);
                        let bonus = history_bonus(depth, self.tuning.history_bonus);
                        if noisy {
                            self.history
                                .noisy_cutoff(side, bonus, code, &noisies[..noisy_count]);
                        } else {
                            self.history.cutoff(
                                side,
                                ply,
                                bonus,
                                code,
                                previous,
                                &quiets[..quiet_count],
                            );
                            self.history
                                .noisy_cutoff(side, bonus, 0, &noisies[..noisy_count]);
                            if self.tuning.low_ply_history {
                                self.history.low_ply_cutoff(
                                    ply,
                                    bonus,
                                    code,
                                    &quiets[..quiet_count],
                                );
                            }
                            if let Some(row) = pawn_row {
                                self.history.pawn_cutoff(
                                    row,
                                    bonus,
                                    piece_to,
                                    &quiet_piece_tos[..quiet_count],
                                );
                            }
                            if let Some(earlier) = continuation {
                                self.history.continuation_cutoff(
                                    earlier,
                                    bonus,
                                    piece_to,
                                    &quiet_piece_tos[..quiet_count],
                                );
                            }
                        }
                        break;
                    }
                    alpha = value;
                }
            }
            if noisy {
                if noisy_count < MAX_NOISIES {
                    noisies[noisy_count] = code;
                    noisy_count += 1;
                }
            } else if quiet_count < MAX_QUIETS {
                quiets[quiet_count] = code;
                quiet_piece_tos[quiet_count] = piece_to;
                quiet_count += 1;
            }
        }

        if excluded != 0 {
            // Every move but the excluded one was searched (or none was left): fail low.
            return if best == -INFINITY { alpha } else { best };
        }
        if self.tuning.fail_high_blend
            && best >= beta
            && !is_mate_score(best)
            && !is_mate_score(beta)
            && !is_mate_score(alpha)
        {
            // Stockfish's fail-high blend: the deeper the node, the more its own score counts.
            best = (best * depth + beta) / (depth + 1);
        }
        let bound = bound_of(best, original_alpha, beta);
        tt.store(key, ply, best_code, best, raw_eval, depth, bound);
        // Teach the correction history how far the static evaluation was off, when the
        // result says so: not after a capture won the node (the evaluation is not meant to
        // see tactics), not from a bound on the wrong side of the evaluation.
        if corrections.any() {
            let informative = match bound {
                Bound::Lower => best > static_eval,
                Bound::Upper => best < static_eval,
                Bound::Exact => true,
            };
            if informative && !best_noisy && !is_mate_score(best) {
                self.history
                    .update_correction(side, corrections, depth, best - static_eval);
            }
        }
        best
    }

    /// A leaf of the plain (pruning-off) search, valued exactly as the reference
    /// algorithms do: the verdict when there is no legal move, else the static evaluation.
    fn plain_leaf(&mut self, ply: usize) -> Score {
        if self.pos.legal_moves().is_empty() {
            verdict_score(self.pos.no_moves_verdict(), ply)
        } else {
            self.evaluate()
        }
    }
}
