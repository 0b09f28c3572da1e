//! King safety: the pawn shield in front of the king, open files beside it, enemy pawns
//! storming it, and the enemy pieces bearing on its zone (how many, and how many zone
//! squares each kind attacks), the squares next to it only the king or queen defends, the
//! safe checks the enemy has, the fight on its flank (squares attacked and held there, a
//! flank without pawns), and (for the endgame) its distance to the nearest pawns.
//!
//! [`shelter`] depends on the pawns and the king's square only (the pawn cache keeps it);
//! [`attack`] on the pieces.

use super::features::{
    at, KING_ATTACK, KING_ATTACKERS, KING_DANGER, KING_FLANK, KING_PAWN_DISTANCE, KING_SAFE_CHECK,
    KING_SHELTER, KING_STORM, KING_STORM_BLOCKED, KING_WEAK_RING,
};
use super::masks::{distance, file, relative_rank, QUEEN_SIDE};
use super::{Ctx, Sink};
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::types::{Color, PieceKind};

/// Danger units of one king-zone square attacked by a knight, bishop, rook or queen (the
/// proportions of Fruit-era king safety; the fitted weight scales their square).
const ZONE_UNITS: [i32; 4] = [2, 2, 3, 5];
/// Danger units of a safe check available to a knight, bishop, rook or queen (a square it
/// reaches that checks the king, that the defender does not guard and the attacker does not
/// occupy), counted once per kind as Stockfish's classical king danger does.
const CHECK_UNITS: [i32; 4] = [6, 4, 7, 6];
/// The danger feature counts units² / this, so its weight stays a readable number.
const DANGER_DIVISOR: i32 = 64;

/// Scores both kings' shelter, and each side's attack on the other's king.
pub(crate) fn eval<S: Sink>(ctx: &Ctx, s: &mut S) {
    for us in Color::ALL {
        shelter(ctx, s, us);
    }
    attack(ctx, s);
}

/// The pawn shield, the open files and the enemy pawn storm around the king of `us`.
pub(crate) fn shelter<S: Sink>(ctx: &Ctx, s: &mut S, us: Color) {
    let (u, t) = (us.index(), us.flip().index());
    let k = ctx.king[u];
    let first = k.file().saturating_sub(1);
    let last = (k.file() + 1).min(7);
    for f in first..=last {
        let ours = file(f) & ctx.pawns[u];
        if ours == 0 {
            let open = file(f) & ctx.pawns[t] == 0;
            let feature = if open {
                at::OPEN_FILE
            } else {
                at::SEMI_OPEN_FILE
            };
            s.add(us, KING_SHELTER + feature, 1);
        }
        for sq in Bitboard(ours) {
            match relative_rank(us, sq) as i32 - relative_rank(us, k) as i32 {
                1 => s.add(us, KING_SHELTER + at::SHIELD_RANK2, 1),
                2 => s.add(us, KING_SHELTER + at::SHIELD_RANK3, 1),
                _ => {}
            }
        }
        storm(ctx, s, us, f);
    }
}

/// The enemy pawn on file `f` nearest the king of `us` (not behind the king), by its rank
/// from our side: the nearer, the sooner it opens lines. A storming pawn that one of ours
/// stops head-on opens nothing by itself, so it has its own weights (Stockfish's
/// `UnblockedStorm` and `BlockedStorm`).
fn storm<S: Sink>(ctx: &Ctx, s: &mut S, us: Color, f: u8) {
    let (u, t) = (us.index(), us.flip().index());
    let king_rank = relative_rank(us, ctx.king[u]);
    let Some(nearest) = Bitboard(file(f) & ctx.pawns[t])
        .filter(|&sq| relative_rank(us, sq) >= king_rank)
        .min_by_key(|&sq| relative_rank(us, sq))
    else {
        return;
    };
    let rank = relative_rank(us, nearest);
    let blocked = Bitboard(1u64 << nearest.index()).forward(us.flip()).0 & ctx.pawns[u] != 0;
    let group = if blocked {
        KING_STORM_BLOCKED
    } else {
        KING_STORM
    };
    s.add(us, group + rank, 1);
}

/// Each side's pieces bearing on the other's king zone, and the squares next to that king
/// only the king or queen defends. The attack is scored for the attacker; a single piece is
/// rarely a danger.
pub(crate) fn attack<S: Sink>(ctx: &Ctx, s: &mut S) {
    for us in Color::ALL {
        let (u, t) = (us.index(), us.flip().index());
        let attackers = ctx.zone_attackers[u];
        s.add(us, KING_ATTACKERS + attackers.min(7) as usize, 1);
        if attackers >= 2 {
            for (n, &count) in ctx.zone_attacks[u].iter().enumerate() {
                if count != 0 {
                    s.add(us, KING_ATTACK + n, count);
                }
            }
        }
        // Squares next to the enemy king that we attack and that it defends with nothing
        // but the king or the queen: where our pieces can land.
        let defended = ctx.pawn_attacks[t]
            | ctx.by_kind[t][PieceKind::Knight.index()]
            | ctx.by_kind[t][PieceKind::Bishop.index()]
            | ctx.by_kind[t][PieceKind::Rook.index()];
        let weak = ctx.by_kind[t][PieceKind::King.index()] & ctx.attacked[u] & !defended;
        if weak != 0 {
            s.add(us, KING_WEAK_RING, weak.count_ones() as i32);
        }
        let checks = safe_checks(ctx, us);
        for (n, &check) in checks.iter().enumerate() {
            if check {
                s.add(us, KING_SAFE_CHECK + n, 1);
            }
        }
        let units = danger_units(ctx, us, checks);
        if units > 0 {
            // Without a queen the same pressure rarely mates: its own weight.
            let queenless = ctx.b.pieces(us, PieceKind::Queen).is_empty();
            s.add(
                us,
                KING_DANGER + usize::from(queenless),
                units * units / DANGER_DIVISOR,
            );
        }
        pawn_distance(ctx, s, us);
        flank(ctx, s, us);
    }
}

/// Files c-f and e-h: the centre and the king side (a-d, the queen side, is in `masks`).
const CENTRE_FILES: u64 = 0x3C3C_3C3C_3C3C_3C3C;
const KING_SIDE: u64 = 0xF0F0_F0F0_F0F0_F0F0;
/// The files around a king on each file where an attack on it is fought.
const KING_FLANKS: [u64; 8] = [
    QUEEN_SIDE & !0x0808_0808_0808_0808,
    QUEEN_SIDE,
    QUEEN_SIDE,
    CENTRE_FILES,
    CENTRE_FILES,
    KING_SIDE,
    KING_SIDE,
    KING_SIDE & !0x1010_1010_1010_1010,
];
/// Each side's camp: its first five ranks.
const CAMP: [u64; 2] = [0x0000_00FF_FFFF_FFFF, 0xFFFF_FFFF_FF00_0000];

/// The fight on the flank of the enemy king, in its camp: the squares `us` attacks there
/// (twice-attacked ones count double), the squares the defender holds there, and a flank
/// without any pawn, which leaves the king bare.
fn flank<S: Sink>(ctx: &Ctx, s: &mut S, us: Color) {
    let (u, t) = (us.index(), us.flip().index());
    let files = KING_FLANKS[ctx.king[t].file() as usize];
    let area = files & CAMP[t];
    let attacks = ctx.attacked[u] & area;
    let n = attacks.count_ones() + (attacks & ctx.attacked2[u]).count_ones();
    if n != 0 {
        s.add(us, KING_FLANK, n as i32);
    }
    let held = (ctx.attacked[t] & area).count_ones();
    if held != 0 {
        s.add(us.flip(), KING_FLANK + 1, held as i32);
    }
    if (ctx.pawns[0] | ctx.pawns[1]) & files == 0 {
        s.add(us.flip(), KING_FLANK + 2, 1);
    }
}

/// How far the king of `us` is from the nearest pawn of each side: in the endgame the king
/// defends its own pawns and eats the enemy's.
fn pawn_distance<S: Sink>(ctx: &Ctx, s: &mut S, us: Color) {
    let k = ctx.king[us.index()];
    for (n, owner) in [us, us.flip()].into_iter().enumerate() {
        let nearest = Bitboard(ctx.pawns[owner.index()])
            .map(|sq| distance(k, sq))
            .min();
        if let Some(d) = nearest {
            s.add(us, KING_PAWN_DISTANCE + n, d);
        }
    }
}

/// Whether `us` has a safe check with a knight, bishop, rook or queen: a square the piece
/// reaches that checks the enemy king, that the defender does not guard and that `us` does
/// not occupy.
fn safe_checks(ctx: &Ctx, us: Color) -> [bool; 4] {
    let (u, t) = (us.index(), us.flip().index());
    let king = ctx.king[t];
    let occ = Bitboard(ctx.occ);
    let safe = !ctx.attacked[t] & !ctx.b.colors[u].0;
    let diagonal = attacks::bishop(king, occ).0;
    let straight = attacks::rook(king, occ).0;
    [
        attacks::knight(king).0 & ctx.by_kind[u][PieceKind::Knight.index()],
        diagonal & ctx.by_kind[u][PieceKind::Bishop.index()],
        straight & ctx.by_kind[u][PieceKind::Rook.index()],
        (diagonal | straight) & ctx.by_kind[u][PieceKind::Queen.index()],
    ]
    .map(|squares| squares & safe != 0)
}

/// How dangerous the attack of `us` on the enemy king is, in units that grow with the
/// zone squares attacked (from two attackers on) and the safe checks available. Its square
/// is the feature: one attacker is rarely a danger, several together are more than the sum.
fn danger_units(ctx: &Ctx, us: Color, checks: [bool; 4]) -> i32 {
    let mut units = 0;
    if ctx.zone_attackers[us.index()] >= 2 {
        for (n, &count) in ctx.zone_attacks[us.index()].iter().enumerate() {
            units += ZONE_UNITS[n] * count;
        }
    }
    for (n, &check) in checks.iter().enumerate() {
        if check {
            units += CHECK_UNITS[n];
        }
    }
    units
}
