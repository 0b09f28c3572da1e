//! Knights, bishops, rooks and queens: mobility (safe squares, a table per piece kind),
//! the bishop pair, rooks on open and semi-open files and the seventh rank, knights and
//! bishops on outposts or protected by pawns, and Stockfish's classical extras (bishop's
//! pawns on its colour, minor behind a pawn, minor's distance from its king, rook on a
//! queen's file, bishop on a long diagonal). Also records each side's attacks and its
//! pressure on the enemy king zone for the king-safety and threat terms.

use super::features::{
    at, MOBILITY_BISHOP, MOBILITY_KNIGHT, MOBILITY_QUEEN, MOBILITY_ROOK, PIECE_BONUS, PIECE_EXTRA,
};
use super::masks::{distance, file, push, relative_rank, ATTACK_SPAN};
use super::{Ctx, Sink};
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::types::{Color, PieceKind, Square};

use super::weights as w;

/// Each piece kind with its mobility table's offset and largest count.
const KINDS: [(PieceKind, usize, usize); 4] = [
    (
        PieceKind::Knight,
        MOBILITY_KNIGHT,
        w::MOBILITY_KNIGHT.len() - 1,
    ),
    (
        PieceKind::Bishop,
        MOBILITY_BISHOP,
        w::MOBILITY_BISHOP.len() - 1,
    ),
    (PieceKind::Rook, MOBILITY_ROOK, w::MOBILITY_ROOK.len() - 1),
    (
        PieceKind::Queen,
        MOBILITY_QUEEN,
        w::MOBILITY_QUEEN.len() - 1,
    ),
];

/// Scores both sides' pieces and fills in the attack maps of `ctx`.
pub(crate) fn eval<S: Sink>(ctx: &mut Ctx, s: &mut S) {
    let b = ctx.b;
    let occ = Bitboard(ctx.occ);
    for us in Color::ALL {
        let (u, t) = (us.index(), us.flip().index());
        // Squares worth moving to or defending, as Stockfish counts them: not held by our
        // king, our queen, our blocked pawns or our pawns on their first two ranks, and not
        // guarded by enemy pawns. Our other pieces count: a piece that defends them is active.
        let blocked = match us {
            Color::White => ctx.pawns[u] & (ctx.occ >> 8 | 0x0000_0000_00FF_FF00),
            Color::Black => ctx.pawns[u] & (ctx.occ << 8 | 0x00FF_FF00_0000_0000),
        };
        let area = !(blocked
            | 1u64 << ctx.king[u].index()
            | b.pieces(us, PieceKind::Queen).0
            | ctx.pawn_attacks[t]);
        for (n, &(kind, table, max)) in KINDS.iter().enumerate() {
            for sq in b.pieces(us, kind) {
                let att = match kind {
                    PieceKind::Knight => attacks::knight(sq).0,
                    PieceKind::Bishop => attacks::bishop(sq, occ).0,
                    PieceKind::Rook => attacks::rook(sq, occ).0,
                    _ => (attacks::bishop(sq, occ) | attacks::rook(sq, occ)).0,
                };
                let moves = ((att & area).count_ones() as usize).min(max);
                s.add(us, table + moves, 1);
                ctx.by_kind[u][kind.index()] |= att;
                ctx.attacked2[u] |= ctx.attacked[u] & att;
                ctx.attacked[u] |= att;
                let zone = att & ctx.king_zone[t];
                if zone != 0 {
                    ctx.zone_attackers[u] += 1;
                    ctx.zone_attacks[u][n] += zone.count_ones() as i32;
                    ctx.zone_weight[u] += ZONE_WEIGHT[n];
                    ctx.ring_attacks[u] +=
                        (att & ctx.by_kind[t][PieceKind::King.index()]).count_ones() as i32;
                }
                let r = relative_rank(us, sq);
                extra(ctx, s, us, kind, sq);
                match kind {
                    PieceKind::Knight | PieceKind::Bishop => {
                        minor(ctx, s, us, sq.index(), r, kind == PieceKind::Bishop)
                    }
                    PieceKind::Rook => rook(ctx, s, us, sq.file(), r),
                    _ => {}
                }
            }
        }
        if b.pieces(us, PieceKind::Bishop).more_than_one() {
            s.add(us, PIECE_BONUS + at::BISHOP_PAIR, 1);
        }
    }
}

fn minor<S: Sink>(ctx: &Ctx, s: &mut S, us: Color, sq: usize, r: usize, bishop: bool) {
    let (u, t) = (us.index(), us.flip().index());
    let bit = 1u64 << sq;
    if ctx.pawn_attacks[u] & bit == 0 {
        return;
    }
    let offset = usize::from(bishop);
    s.add(us, PIECE_BONUS + at::PAWN_PROTECTED + offset, 1);
    // An outpost: in the enemy half's near ranks, where no enemy pawn can ever chase it.
    if (3..=5).contains(&r) && ATTACK_SPAN[u][sq] & ctx.pawns[t] == 0 {
        s.add(us, PIECE_BONUS + at::OUTPOST + offset, 1);
    }
}

/// Stockfish's classical `KingAttackWeights`: danger per knight, bishop, rook or queen
/// bearing on the enemy king zone.
const ZONE_WEIGHT: [i32; 4] = [81, 52, 44, 10];

/// The two long diagonals.
const LONG_DIAGONALS: u64 = 0x8040_2010_0804_0201 | 0x0102_0408_1020_4080;
/// d4, e4, d5, e5.
const CENTER: u64 = 0x0000_0018_1800_0000;

/// Stockfish's classical piece terms: a bishop's own pawns on its colour, a minor piece
/// sheltered behind a pawn, a minor piece's distance from its king, a rook on a queen's
/// file, a bishop on a long diagonal that sees the centre.
fn extra<S: Sink>(ctx: &Ctx, s: &mut S, us: Color, kind: PieceKind, sq: Square) {
    let u = us.index();
    let minor = matches!(kind, PieceKind::Knight | PieceKind::Bishop);
    if minor {
        if relative_rank(us, sq) < 7
            && ctx.b.kinds[PieceKind::Pawn.index()].0 & 1u64 << push(us, sq).index() != 0
        {
            s.add(us, PIECE_EXTRA + 1, 1);
        }
        let bishop = kind == PieceKind::Bishop;
        s.add(
            us,
            PIECE_EXTRA + 2 + usize::from(bishop),
            distance(sq, ctx.king[u]),
        );
    }
    match kind {
        PieceKind::Bishop => {
            let colour = if Bitboard::LIGHT.has(sq) {
                Bitboard::LIGHT
            } else {
                !Bitboard::LIGHT
            };
            let same = (ctx.pawns[u] & colour.0).count_ones() as i32;
            if same != 0 {
                s.add(us, PIECE_EXTRA, same);
            }
            if LONG_DIAGONALS & 1u64 << sq.index() != 0 {
                let pawns = Bitboard(ctx.pawns[0] | ctx.pawns[1]);
                if (attacks::bishop(sq, pawns).0 & CENTER).count_ones() >= 2 {
                    s.add(us, PIECE_EXTRA + 5, 1);
                }
            }
        }
        PieceKind::Rook if file(sq.file()) & ctx.b.kinds[PieceKind::Queen.index()].0 != 0 => {
            s.add(us, PIECE_EXTRA + 4, 1);
        }
        _ => {}
    }
}

fn rook<S: Sink>(ctx: &Ctx, s: &mut S, us: Color, f: u8, r: usize) {
    let (u, t) = (us.index(), us.flip().index());
    let on_file = file(f);
    if on_file & ctx.pawns[u] == 0 {
        let open = on_file & ctx.pawns[t] == 0;
        let feature = if open {
            at::ROOK_OPEN
        } else {
            at::ROOK_SEMI_OPEN
        };
        s.add(us, PIECE_BONUS + feature, 1);
    }
    if r == 6 {
        let their_eighth = relative_rank(us, ctx.king[t]) == 7;
        let their_seventh = match us {
            Color::White => 0x00FF_0000_0000_0000u64,
            Color::Black => 0x0000_0000_0000_FF00u64,
        };
        if their_eighth || ctx.pawns[t] & their_seventh != 0 {
            s.add(us, PIECE_BONUS + at::ROOK_SEVENTH, 1);
        }
    }
}
