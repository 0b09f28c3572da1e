//! King safety: the pawn shield in front of the king, open files beside it, enemy pawns
//! storming it, and the enemy pieces bearing on its zone (how many, and how many zone
//! squares each kind attacks), the squares next to it only the king or queen defends, the
//! safe checks the enemy has, the fight on its flank (squares attacked and held there, a
//! flank without pawns), and (for the endgame) its distance to the nearest pawns.
//!
//! [`shelter`] depends on the pawns and the king's square only (the pawn cache keeps it);
//! [`attack`] on the pieces.

use super::features::{
    at, KING_ATTACK, KING_ATTACKERS, KING_DANGER, KING_DANGER_SF, KING_FLANK, KING_PAWN_DISTANCE,
    KING_SAFE_CHECK, KING_SHELTER, KING_STORM, KING_STORM_BLOCKED, KING_WEAK_RING,
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
        let (flank_attack, flank_defense) = flank(ctx, s, us);
        let danger = stockfish_danger(ctx, us, flank_attack, flank_defense);
        if danger > 100 {
            s.add(us, KING_DANGER_SF, danger * danger / SF_SQUARED_DIVISOR);
            s.add(us, KING_DANGER_SF + 1, danger / SF_LINEAR_DIVISOR);
        }
    }
}

/// The squared and the linear feature of [`stockfish_danger`] count danger² / this and
/// danger / this (Stockfish's 4096 and 16, times 8), so their weights are readable
/// integers.
const SF_SQUARED_DIVISOR: i32 = 32768;
const SF_LINEAR_DIVISOR: i32 = 128;
/// Stockfish's `SafeCheck` for a knight, bishop, rook and queen: one safe check, and more.
const SF_SAFE_CHECK: [[i32; 2]; 4] = [[792, 1283], [645, 967], [1084, 1897], [772, 1119]];

/// Stockfish's classical king danger of the attack of `us` on the enemy king, with its
/// fixed inner weights (the tuner fits the scale of its square and of itself): attackers
/// times their weights, weak squares next to the king, safe and unsafe checks, pieces
/// pinned to the king, attacks next to the king, the flank attack squared, less the flank
/// defence, a knight defending the king, and a lot less without our queen. Mobility and
/// shelter, which Stockfish also mixes in, are scored by their own terms here.
fn stockfish_danger(ctx: &Ctx, us: Color, flank_attack: i32, flank_defense: i32) -> i32 {
    let (u, t) = (us.index(), us.flip().index());
    let king = ctx.king[t];
    let kind = |c: usize, k: PieceKind| ctx.by_kind[c][k.index()];
    let weak = ctx.attacked[u]
        & !ctx.attacked2[t]
        & (!ctx.attacked[t] | kind(t, PieceKind::King) | kind(t, PieceKind::Queen));
    let mut safe = !ctx.b.colors[u].0;
    safe &= !ctx.attacked[t] | (weak & ctx.attacked2[u]);
    let our_queens = ctx.b.pieces(us, PieceKind::Queen).0;
    let through = Bitboard(ctx.occ ^ ctx.b.pieces(us.flip(), PieceKind::Queen).0);
    let straight = attacks::rook(king, through).0;
    let diagonal = attacks::bishop(king, through).0;
    let mut danger = 0;
    let mut unsafe_checks = 0u64;
    let mut check = |n: usize, reach: u64, safe_ones: u64| {
        if safe_ones != 0 {
            danger += SF_SAFE_CHECK[n][usize::from(safe_ones.count_ones() > 1)];
        } else {
            unsafe_checks |= reach;
        }
    };
    let rook_reach = straight & kind(u, PieceKind::Rook);
    let rook_checks = rook_reach & safe;
    check(2, rook_reach, rook_checks);
    let queen_checks = (straight | diagonal)
        & kind(u, PieceKind::Queen)
        & safe
        & !kind(t, PieceKind::Queen)
        & !rook_checks;
    check(3, 0, queen_checks);
    let bishop_reach = diagonal & kind(u, PieceKind::Bishop);
    check(1, bishop_reach, bishop_reach & safe & !queen_checks);
    let knight_reach = attacks::knight(king).0 & kind(u, PieceKind::Knight);
    check(0, knight_reach, knight_reach & safe);
    let ring = kind(t, PieceKind::King);
    let knight_defends = kind(t, PieceKind::Knight) & ring != 0;
    danger += ctx.zone_attackers[u] * ctx.zone_weight[u]
        + 183 * (ring & weak).count_ones() as i32
        + 148 * unsafe_checks.count_ones() as i32
        + 98 * pinned_to(ctx, us.flip()).count_ones() as i32
        + 69 * ctx.ring_attacks[u]
        + 3 * flank_attack * flank_attack / 8
        - 873 * i32::from(our_queens == 0)
        - 100 * i32::from(knight_defends)
        - 4 * flank_defense
        + 37;
    danger
}

/// Pieces of either side that alone stand between the king of `us` and an enemy slider
/// aimed at it (Stockfish's `blockers_for_king`). Unlike `movegen::pinned`, which finds
/// only our pinned pieces and so looks through our pieces alone, this sees enemy blockers
/// too (discovered-check candidates), so the sliders are found on an empty board.
fn pinned_to(ctx: &Ctx, us: Color) -> u64 {
    let king = ctx.king[us.index()];
    let them = us.flip();
    let snipers = (attacks::rook(king, Bitboard::EMPTY) & ctx.b.straight_sliders(them))
        | (attacks::bishop(king, Bitboard::EMPTY) & ctx.b.diagonal_sliders(them));
    let mut blockers = 0;
    for sniper in snipers {
        let between = attacks::between(king, sniper).0 & ctx.occ;
        if between.count_ones() == 1 {
            blockers |= between;
        }
    }
    blockers
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
/// Returns the flank attack and the flank defence counts for the king danger.
fn flank<S: Sink>(ctx: &Ctx, s: &mut S, us: Color) -> (i32, i32) {
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
    (n as i32, held as i32)
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

#[cfg(test)]
mod tests {
    use super::super::{pieces, Coeffs, Ctx};
    use super::*;
    use crate::position::Position;

    /// White's king danger against Black's king (and the Black pieces pinned to it).
    fn white_danger(fen: &str) -> (i32, u32) {
        let p = Position::parse_fen(fen).unwrap();
        let mut ctx = Ctx::new(&p.board);
        pieces::eval(&mut ctx, &mut Coeffs::new());
        let mut s = Coeffs::new();
        let (attack, defense) = flank(&ctx, &mut s, Color::White);
        let danger = stockfish_danger(&ctx, Color::White, attack, defense);
        (danger, pinned_to(&ctx, Color::Black).count_ones())
    }

    #[test]
    fn danger_grows_with_the_attack_and_falls_without_the_queen() {
        // queen and knight around a castled king, a rook ready to check; then both at home
        let attack = "6k1/5ppp/8/6N1/7Q/8/5PPP/3R2K1 w - - 0 1";
        let quiet = "6k1/5ppp/8/8/8/2P5/PPQ2PPP/1N3RK1 w - - 0 1";
        let queenless = "6k1/5ppp/8/6N1/7B/8/5PPP/3R2K1 w - - 0 1";
        let (a, _) = white_danger(attack);
        let (q, _) = white_danger(quiet);
        let (n, _) = white_danger(queenless);
        assert!(a > 100, "an attack is a danger: {a}");
        assert!(a > q + 500, "{a} vs {q}");
        assert!(n < a - 500, "no queen: {n} vs {a}");
    }

    #[test]
    fn pieces_between_a_slider_and_the_king_are_pinned_to_it() {
        // the rook on e1 pins the knight on e5; the bishop on b3 has two pieces in its way
        let (_, pinned) = white_danger("4k3/5p2/8/4n3/3p4/1B6/8/4RK2 w - - 0 1");
        assert_eq!(pinned, 1);
        let (_, none) = white_danger("4k3/8/8/4n3/8/8/8/3R1K2 w - - 0 1");
        assert_eq!(none, 0);
    }
}
