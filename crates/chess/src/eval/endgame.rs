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
    if no_rule_applies(b, strong) {
        return SCALE_ONE;
    }
    rules(b, strong)
}

/// A cheap test that passes most positions: with pawns, every rule of [`rules`] needs
/// the strong side to have a single minor piece (3 pawn units) and nothing else.
fn no_rule_applies(b: &Board, strong: Color) -> bool {
    let minors = b.pieces(strong, PieceKind::Knight) | b.pieces(strong, PieceKind::Bishop);
    let majors = b.pieces(strong, PieceKind::Rook) | b.pieces(strong, PieceKind::Queen);
    let lone_minor = majors.is_empty() && minors.any() && !minors.more_than_one();
    b.pieces(strong, PieceKind::Pawn).any() && !lone_minor
}

/// The scale rules for the `strong` side.
fn rules(b: &Board, strong: Color) -> i32 {
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
        // the weak side always has its king: more than one piece means not bare
        let bare = !b.colors[weak.index()].more_than_one();
        if !bare || pawns || !mating_material(b, strong) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::testing::random_game;

    /// The fast exit of `scale` never hides a rule: wherever it fires, the rules say
    /// "no scaling" too. Checked along random games from endgames and middlegames.
    #[test]
    fn the_fast_exit_agrees_with_the_rules() {
        let starts = [
            "k7/8/8/P7/8/8/8/2B1K3 w - - 0 1",
            "4k3/8/4b3/8/8/3P4/2P5/2B1K3 b - - 0 1",
            "4k3/p7/8/8/8/8/P7/2N1K3 w - - 0 1",
            "4k3/pp6/8/8/8/8/PP6/2R1K3 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
        ];
        let mut seed = 0x0DDB_1A5E_5BAD_5EEDu64;
        let (mut fast, mut slow) = (0, 0);
        for fen in starts {
            for _ in 0..20 {
                random_game(fen, 60, &mut seed, |p| {
                    for strong in Color::ALL {
                        if no_rule_applies(&p.board, strong) {
                            fast += 1;
                            assert_eq!(rules(&p.board, strong), SCALE_ONE, "{p}");
                        } else {
                            slow += 1;
                        }
                    }
                });
            }
        }
        assert!(
            fast > 1000 && slow > 1000,
            "{fast} fast exits, {slow} rule checks"
        );
    }
}
