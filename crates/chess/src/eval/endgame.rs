//! Endgame knowledge outside the linear weights: a scale factor that shrinks the endgame
//! score of drawish material (a lone minor piece or two knights without pawns, a small
//! edge without pawns, the wrong-coloured bishop with rook pawns, opposite-coloured
//! bishops) and a mop-up term that scores the pawnless endings material decides on its own
//! (mating material against a bare king, a queen against a lone rook or minor piece): it
//! drives the defending king to the edge — for king, bishop and knight against king, to a
//! corner of the bishop's colour, the only place it can be mated.

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

/// The endgame scale out of [`SCALE_ONE`] for the side the endgame score `eg` favours;
/// zero in a known ending, which [`mop_up`] scores alone.
pub(crate) fn scale(b: &Board, eg: i32) -> i32 {
    if eg == 0 {
        return SCALE_ONE;
    }
    let strong = if eg > 0 { Color::White } else { Color::Black };
    if no_rule_applies(b, strong) {
        return SCALE_ONE;
    }
    if known_ending(b).is_some() {
        return 0;
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

/// The base of a won ending against a bare king: above any material count, so that the
/// search heads for it, and far below mate scores.
const KNOWN_WIN: i32 = 1000;

/// A pawnless ending that material decides and [`mop_up`] scores on its own (the scale
/// is zero there): mating material against a bare king (`bare`), or a queen against a
/// lone rook or minor piece. Returns the strong side and whether the king is bare. A
/// network scores such an ending flat, with noise larger than any plan's gain, and the
/// engine shuffled to the 50-move rule (Stockfish 2600 games of sessions 39–43).
fn known_ending(b: &Board) -> Option<(Color, bool)> {
    if b.kinds[PieceKind::Pawn.index()].any() {
        return None;
    }
    for strong in Color::ALL {
        let weak = strong.flip();
        // the count includes the king
        let defenders = b.colors[weak.index()].count();
        if defenders == 1 && mating_material(b, strong) {
            return Some((strong, true));
        }
        if defenders == 2
            && count(b, strong, PieceKind::Queen) > 0
            && count(b, weak, PieceKind::Queen) == 0
            && pieces_value(b, strong) - pieces_value(b, weak) >= 4
        {
            return Some((strong, false));
        }
    }
    None
}

/// The score of a known ending (zero elsewhere), White's view: material, the defending
/// king near the edge (for king, bishop and knight: the corners of the bishop's colour,
/// the only place it can be mated) and the kings close together. Against a bare king it
/// adds [`KNOWN_WIN`].
pub(crate) fn mop_up(b: &Board) -> i32 {
    let Some((strong, bare)) = known_ending(b) else {
        return 0;
    };
    let weak = strong.flip();
    let (sk, wk) = (b.king_square(strong), b.king_square(weak));
    let centre = |x: u8| (3 - x as i32).max(x as i32 - 4);
    let edge = centre(wk.file()) + centre(wk.rank());
    let bishops = b.pieces(strong, PieceKind::Bishop);
    let bishop_knight = bare && pieces_value(b, strong) == 6 && bishops.count() == 1;
    let push = if bishop_knight {
        let (file, rank) = (wk.file() as i32, wk.rank() as i32);
        // 7 in the two corners of the bishop's colour, 0 on the diagonal between the others
        let corner = if (bishops & Bitboard::LIGHT).any() {
            (rank - file).abs()
        } else {
            (7 - rank - file).abs()
        };
        200 * corner + 10 * edge
    } else {
        30 * edge
    };
    let manhattan =
        (sk.file() as i32 - wk.file() as i32).abs() + (sk.rank() as i32 - wk.rank() as i32).abs();
    let material = 100 * (pieces_value(b, strong) - pieces_value(b, weak));
    let bonus = material + if bare { KNOWN_WIN } else { 0 } + push + 10 * (14 - manhattan);
    if strong == Color::White {
        bonus
    } else {
        -bonus
    }
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

    fn board(fen: &str) -> Board {
        crate::Position::parse_fen(fen).expect("a legal FEN").board
    }

    /// King, bishop and knight mate only in a corner of the bishop's colour: the mop-up
    /// score is highest with the bare king there and lowest in the other two corners, for
    /// either colour of bishop and either strong side.
    #[test]
    fn bishop_and_knight_drive_the_king_to_the_bishops_corner() {
        // a dark-squared bishop on c1 (a1 and h8 are dark), the knight on d2
        let score = |king: &str| mop_up(&board(&format!("{king} w - - 0 1")));
        let right = [
            score("7k/8/8/8/8/8/3N4/2B1K3"),
            score("8/8/8/8/8/8/3N4/k1B1K3"),
        ];
        let wrong = [
            score("k7/8/8/8/8/8/3N4/2B1K3"),
            score("8/8/8/8/8/8/3N4/2B1K2k"),
        ];
        let centre = score("8/8/8/4k3/8/8/3N4/2B1K3");
        for r in right {
            for w in wrong {
                assert!(r > w + 1000, "right corner {r}, wrong corner {w}");
            }
            assert!(r > centre, "right corner {r}, centre {centre}");
        }
        // the colours swapped and the board mirrored: a light-squared bishop on c8
        let black = mop_up(&board("K1b1k3/3n4/8/8/8/8/8/8 w - - 0 1"));
        assert_eq!(black, -right[1]);
        assert!(
            wrong.iter().all(|&w| w > KNOWN_WIN),
            "a won ending everywhere"
        );
    }

    /// In a known ending the scale is zero whatever the score's sign, so a network's or the
    /// weights' score gives way to the mop-up formula; the engine then needs no plan that
    /// the flat score of a network cannot show. Outside known endings nothing changes.
    #[test]
    fn known_endings_replace_the_score() {
        let known = [
            "8/8/8/3k4/8/8/8/KBN5 w - - 0 1",
            "8/8/3r4/3k4/8/8/8/KQ6 b - - 0 1",
            "8/8/3n4/3k4/8/8/8/KQ6 w - - 0 1",
            "kq6/8/8/8/8/3K4/3B4/8 w - - 0 1",
            "8/8/8/3k4/8/8/8/KR6 w - - 0 1",
        ];
        for fen in known {
            let b = board(fen);
            assert!(known_ending(&b).is_some(), "{fen}");
            assert_eq!(scale(&b, 300), 0, "{fen}");
            assert_eq!(scale(&b, -300), 0, "{fen}");
            assert_ne!(mop_up(&b), 0, "{fen}");
            let a = super::super::network_with_knowledge(&b, 250);
            assert_eq!(a, super::super::network_with_knowledge(&b, -700), "{fen}");
        }
        let not_known = [
            // a rook against a minor piece, two knights, a queen each, a pawn left
            "8/8/3n4/3k4/8/8/8/KR6 w - - 0 1",
            "8/8/8/3k4/8/8/8/KNN5 w - - 0 1",
            "8/8/3q4/3k4/8/8/8/KQ6 w - - 0 1",
            "8/8/3p4/3k4/8/8/8/KQ6 w - - 0 1",
            "8/8/8/3k4/8/8/P7/KR6 w - - 0 1",
        ];
        for fen in not_known {
            let b = board(fen);
            assert!(known_ending(&b).is_none(), "{fen}");
            assert_eq!(mop_up(&b), 0, "{fen}");
        }
    }

    /// Against a lone rook or minor piece the queen's side gains from the defending king
    /// on the edge and its own king close, without the bare king's bonus.
    #[test]
    fn a_queen_against_a_lone_piece_pushes_the_king_to_the_edge() {
        let edge = mop_up(&board("3k4/8/3K4/8/8/8/6r1/7Q w - - 0 1"));
        let middle = mop_up(&board("8/8/8/3k4/8/3K4/6r1/7Q w - - 0 1"));
        assert!(edge > middle && middle > 0, "edge {edge}, middle {middle}");
        assert!(edge < KNOWN_WIN, "{edge}");
    }
}
