//! Endgame knowledge outside the linear weights: a scale factor that shrinks the endgame
//! score of drawish material (a lone minor piece or two knights without pawns, a small
//! edge without pawns, the wrong-coloured bishop with rook pawns, opposite-coloured
//! bishops) and a mop-up term that drives a bare king to the edge — for king, bishop and
//! knight against king, to a corner of the bishop's colour, the only place it can be mated.

use super::masks::distance;
use super::SCALE_ONE;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::types::{Color, PieceKind, Square};

fn count(b: &Board, c: Color, k: PieceKind) -> i32 {
    b.pieces(c, k).count() as i32
}

/// Non-pawn material in pawn units (3, 3, 5, 9).
fn pieces_value(b: &Board, c: Color) -> i32 {
    3 * (count(b, c, PieceKind::Knight) + count(b, c, PieceKind::Bishop))
        + 5 * count(b, c, PieceKind::Rook)
        + 9 * count(b, c, PieceKind::Queen)
}

/// The endgame scale out of [`SCALE_ONE`] for the side the endgame score `eg` favours.
pub(crate) fn scale(b: &Board, eg: i32) -> i32 {
    if eg == 0 {
        return SCALE_ONE;
    }
    let strong = if eg > 0 { Color::White } else { Color::Black };
    let weak = strong.flip();
    let (ours, theirs) = (pieces_value(b, strong), pieces_value(b, weak));
    let pawns = count(b, strong, PieceKind::Pawn);
    if pawns == 0 {
        let two_knights = ours == 6 && count(b, strong, PieceKind::Knight) == 2;
        if ours <= 3 || two_knights {
            return 0;
        }
        if ours - theirs <= 3 {
            return SCALE_ONE / 4;
        }
    }
    if ours == 3 && count(b, strong, PieceKind::Bishop) == 1 && wrong_bishop(b, strong) {
        return 0;
    }
    let only_bishops = |c: Color| pieces_value(b, c) == 3 && count(b, c, PieceKind::Bishop) == 1;
    if only_bishops(strong) && only_bishops(weak) {
        let light = |c: Color| (b.pieces(c, PieceKind::Bishop) & Bitboard::LIGHT).any();
        if light(strong) != light(weak) {
            return SCALE_ONE / 2;
        }
    }
    SCALE_ONE
}

/// Bishop and rook pawns on one edge file whose promotion square the bishop does not
/// cover, with the defending king on or next to that square: a fortress.
fn wrong_bishop(b: &Board, strong: Color) -> bool {
    let pawns = b.pieces(strong, PieceKind::Pawn);
    let file = if (pawns & !Bitboard::FILE_A).is_empty() {
        0
    } else if (pawns & !Bitboard::FILE_H).is_empty() {
        7
    } else {
        return false;
    };
    let rank = if strong == Color::White { 7 } else { 0 };
    let Some(queening) = Square::from_coords(file, rank) else {
        return false;
    };
    let light_bishop = (b.pieces(strong, PieceKind::Bishop) & Bitboard::LIGHT).any();
    light_bishop != Bitboard::LIGHT.has(queening)
        && distance(b.king_square(strong.flip()), queening) <= 1
}

/// Mop-up against a bare king, White's view: the bare king near the edge (or the right
/// corner for bishop and knight) and the kings close together are good for the attacker.
pub(crate) fn mop_up(b: &Board) -> i32 {
    for strong in Color::ALL {
        let weak = strong.flip();
        // with pawns, pushing them is the plan (and the scale factor knows the fortresses)
        let pawns = b.pieces(strong, PieceKind::Pawn).any();
        if b.colors[weak.index()].count() != 1 || pawns || !mating_material(b, strong) {
            continue;
        }
        let (sk, wk) = (b.king_square(strong), b.king_square(weak));
        let bishops = b.pieces(strong, PieceKind::Bishop);
        let bishop_knight = pieces_value(b, strong) == 6 && bishops.count() == 1;
        let edge = if bishop_knight {
            let corners: [u8; 2] = if (bishops & Bitboard::LIGHT).any() {
                [56, 7]
            } else {
                [0, 63]
            };
            let d = corners
                .iter()
                .map(|&c| distance(wk, Square::new(c)))
                .min()
                .unwrap_or(0);
            20 * (7 - d)
        } else {
            let centre = |x: u8| (3 - x as i32).max(x as i32 - 4);
            10 * (centre(wk.file()) + centre(wk.rank()))
        };
        let manhattan = (sk.file() as i32 - wk.file() as i32).abs()
            + (sk.rank() as i32 - wk.rank() as i32).abs();
        let bonus = edge + 4 * (14 - manhattan);
        return if strong == Color::White {
            bonus
        } else {
            -bonus
        };
    }
    0
}

/// Whether `c` can force mate against a bare king without pawns.
fn mating_material(b: &Board, c: Color) -> bool {
    let count = |k| count(b, c, k);
    let bishops = b.pieces(c, PieceKind::Bishop);
    count(PieceKind::Queen) + count(PieceKind::Rook) > 0
        || (count(PieceKind::Knight) > 0 && bishops.any())
        || ((bishops & Bitboard::LIGHT).any() && (bishops & !Bitboard::LIGHT).any())
}
