//! Pawn structure and passed pawns: passed by rank, king proximity to the passer's path,
//! rooks behind passers, a free, safe or blocked path to promotion, the unstoppable passer
//! of a pawn race, isolated, doubled, backward, supported and side-by-side pawns, weak
//! pawns on half-open files and far-advanced pawns an enemy pawn blocks.
//!
//! [`structure`] depends on the pawns alone (the pawn cache keeps its sum); [`passers`]
//! adds what also depends on the kings and the other pieces.

use super::features::{
    at, PAWN_CONNECTED, PAWN_PASSED, PAWN_PASSED_BLOCKED, PAWN_PASSED_FREE, PAWN_PASSED_KING,
    PAWN_PASSED_ROOK, PAWN_PASSED_SAFE_STOP, PAWN_PHALANX, PAWN_RACE, PAWN_STRUCTURE, PAWN_WEAK,
};
use super::masks::{
    adjacent_files, distance, file, push, relative_rank, ATTACK_SPAN, FORWARD, PASSED,
};
use super::{Ctx, Sink};
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::types::{Color, PieceKind, Square};

/// Scores the terms that depend on the pawns only (passed pawns by rank included) and
/// returns both sides' passed pawns.
pub(crate) fn structure<S: Sink>(ctx: &Ctx, s: &mut S) -> u64 {
    let mut passed = 0;
    for us in Color::ALL {
        let (u, t) = (us.index(), us.flip().index());
        let ours = ctx.pawns[u];
        let theirs = ctx.pawns[t];
        for sq in Bitboard(ours) {
            let i = sq.index();
            let r = relative_rank(us, sq);
            let f = sq.file();
            let neighbours = adjacent_files(f) & ours;
            let unopposed = FORWARD[u][i] & theirs == 0;
            if neighbours == 0 {
                s.add(us, PAWN_STRUCTURE + at::ISOLATED, 1);
                if unopposed {
                    // on a half-open file: rooks attack it from afar
                    s.add(us, PAWN_WEAK, 1);
                }
            }
            if FORWARD[u][i] & ours != 0 {
                s.add(us, PAWN_STRUCTURE + at::DOUBLED, 1);
            }
            let support = crate::attacks::pawn(us.flip(), sq).0 & ours;
            if support != 0 {
                s.add(us, PAWN_CONNECTED + r, 1);
            }
            let side_by_side = neighbours & (0xFFu64 << (8 * sq.rank()));
            if side_by_side != 0 {
                s.add(us, PAWN_PHALANX + r, 1);
            }
            // Backward: no friendly pawn beside or behind can ever support it, and an
            // enemy pawn guards the square in front.
            let behind = neighbours & !ATTACK_SPAN[u][i];
            let stop = push(us, sq);
            if neighbours != 0 && behind == 0 && ctx.pawn_attacks[t] & (1u64 << stop.index()) != 0 {
                s.add(us, PAWN_STRUCTURE + at::BACKWARD, 1);
                if unopposed {
                    s.add(us, PAWN_WEAK, 1);
                }
            }
            // A far-advanced pawn an enemy pawn stops: it gains nothing and fixes our play.
            if (r == 4 || r == 5) && theirs & (1u64 << stop.index()) != 0 {
                s.add(us, PAWN_WEAK + r - 3, 1);
            }
            if PASSED[u][i] & theirs == 0 && FORWARD[u][i] & ours == 0 {
                s.add(us, PAWN_PASSED + r, 1);
                passed |= 1u64 << i;
            }
        }
    }
    passed
}

/// Scores the passed pawns in `passed` (both sides') for what depends on more than pawns;
/// the attack maps of `ctx` must be complete (after the pieces term).
pub(crate) fn passers<S: Sink>(ctx: &Ctx, s: &mut S, passed: u64) {
    for sq in Bitboard(passed) {
        let us = if ctx.pawns[0] & 1u64 << sq.index() != 0 {
            Color::White
        } else {
            Color::Black
        };
        passer(ctx, s, us, sq, relative_rank(us, sq));
    }
}

/// A passed pawn of `us` on `sq`, on relative rank `r` (1..=6): rooks behind it, its path
/// to promotion, king proximity and the race.
fn passer<S: Sink>(ctx: &Ctx, s: &mut S, us: Color, sq: Square, r: usize) {
    let them = us.flip();
    // Tarrasch's rule: a rook belongs behind a passed pawn, ours to push it, theirs to
    // hold it back from where the pawn cannot block it.
    let behind = !FORWARD[us.index()][sq.index()] & file(sq.file());
    let rooks_behind =
        attacks::rook(sq, Bitboard(ctx.occ)).0 & behind & ctx.b.kinds[PieceKind::Rook.index()].0;
    if rooks_behind != 0 {
        for (owner, n) in [(us, 0), (them, 1)] {
            if rooks_behind & ctx.b.colors[owner.index()].0 != 0 {
                s.add(owner, PAWN_PASSED_ROOK + n, 1);
            }
        }
    }
    let stop = push(us, sq);
    // The path to promotion: a pawn no enemy piece stands on or attacks there walks in;
    // one whose next square is at least safe can still advance; one with a piece in front
    // cannot move at all.
    let stop_bit = 1u64 << stop.index();
    let path = FORWARD[us.index()][sq.index()];
    let hostile = (ctx.attacked[them.index()] | ctx.b.colors[them.index()].0) & path;
    if hostile == 0 {
        s.add(us, PAWN_PASSED_FREE + r, 1);
    } else if hostile & stop_bit == 0 {
        s.add(us, PAWN_PASSED_SAFE_STOP + r, 1);
    }
    if ctx.occ & stop_bit != 0 {
        s.add(us, PAWN_PASSED_BLOCKED + r, 1);
    }
    // Kings matter more the further the pawn has come.
    let weight = r as i32 - 1;
    if weight > 0 {
        let own = distance(ctx.king[us.index()], stop);
        let theirs = distance(ctx.king[them.index()], stop);
        s.add(us, PAWN_PASSED_KING, own * weight);
        s.add(us, PAWN_PASSED_KING + 1, theirs * weight);
    }
    // Rule of the square: against a bare king (pawns aside) a passer whose path is clear
    // and whose promotion square the enemy king cannot reach in time will queen.
    let b = ctx.b;
    let their_pieces = b.colors[them.index()].0
        & !(b.kinds[PieceKind::Pawn.index()].0 | b.kinds[PieceKind::King.index()].0);
    if their_pieces == 0 && FORWARD[us.index()][sq.index()] & ctx.occ == 0 {
        let queening = Square::new(match us {
            Color::White => 56 + sq.file(),
            Color::Black => sq.file(),
        });
        let steps = (7 - r as i32).min(5);
        let tempo = i32::from(b.side == them);
        if distance(ctx.king[them.index()], queening) - tempo > steps {
            s.add(us, PAWN_RACE, 1);
        }
    }
}
