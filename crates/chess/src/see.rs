//! Static exchange evaluation with x-rays: the swap algorithm on one square.

use crate::attacks;
use crate::moves::Move;
use crate::position::Position;
use crate::types::PieceKind;

/// Piece values for exchanges and MVV-LVA (king: larger than everything else together).
pub(crate) const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

impl Position {
    /// Whether `mv` wins at least `threshold` centipawns once every recapture on its
    /// square is played out, each side free to stop. Castling and en passant count as
    /// an even exchange; a promotion adds the promoted piece's gain.
    pub fn see_ge_impl(&self, mv: Move, threshold: i32) -> bool {
        let b = &self.board;
        if mv.is_castling() || mv.is_en_passant() {
            return 0 >= threshold;
        }
        let (from, to) = (mv.from(), mv.to());
        let Some(mover) = b.piece_on(from) else {
            return false;
        };
        let victim = b.piece_on(to).map_or(0, |p| SEE_VALUE[p.kind.index()]);
        let (promo_gain, first_value) = match mv.promotion() {
            Some(p) => (SEE_VALUE[p.index()] - SEE_VALUE[0], SEE_VALUE[p.index()]),
            None => (0, SEE_VALUE[mover.kind.index()]),
        };
        let mut swap = victim + promo_gain - threshold;
        if swap < 0 {
            return false;
        }
        swap = first_value - swap;
        if swap <= 0 {
            return true;
        }
        let mut occ = b.occupied() ^ from.into() ^ to.into();
        let mut stm = b.side;
        let mut attackers = b.attackers_all(to, occ);
        let diag = b.kinds[PieceKind::Bishop.index()] | b.kinds[PieceKind::Queen.index()];
        let straight = b.kinds[PieceKind::Rook.index()] | b.kinds[PieceKind::Queen.index()];
        let mut res = true;
        loop {
            stm = stm.flip();
            attackers &= occ;
            let ours = attackers & b.colors[stm.index()];
            if ours.is_empty() {
                break;
            }
            res = !res;
            let mut next = None;
            for kind in PieceKind::ALL {
                let bb = ours & b.kinds[kind.index()];
                if bb.any() {
                    next = Some((kind, bb.lsb()));
                    break;
                }
            }
            let Some((kind, sq)) = next else { break };
            if kind == PieceKind::King {
                // the king may only take last: if the other side still attacks, it cannot
                return if (attackers & !b.colors[stm.index()]).any() {
                    !res
                } else {
                    res
                };
            }
            swap = SEE_VALUE[kind.index()] - swap;
            if swap < res as i32 {
                break;
            }
            occ ^= sq.into();
            if matches!(kind, PieceKind::Pawn | PieceKind::Bishop | PieceKind::Queen) {
                attackers |= attacks::bishop(to, occ) & diag;
            }
            if matches!(kind, PieceKind::Rook | PieceKind::Queen) {
                attackers |= attacks::rook(to, occ) & straight;
            }
        }
        res
    }

    /// The exchange value of `mv` in centipawns, found by bisection on
    /// [`Position::see_ge_impl`] (for tools and tests, not the search).
    pub fn see(&self, mv: Move) -> i32 {
        let (mut lo, mut hi) = (-25_000i32, 25_000i32);
        while lo < hi {
            let mid = (lo + hi + 1).div_euclid(2);
            if self.see_ge_impl(mv, mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }
}
