//! Winnability, after Stockfish's classical `winnable`: how hard the side ahead finds it to
//! convert. Pawns, passers, pawns on both flanks, a king that outflanks or infiltrates the
//! other make a win likelier; symmetrical pawnless or one-flank positions make it less
//! likely. The features push the score away from zero (or towards it) in the direction of
//! the endgame score before this term, so the same position with colours swapped gets the
//! same correction; the endgame part never flips the sign (the clamp in
//! [`super::endgame_scale`]).

use super::features::WINNABLE;
use super::masks::QUEEN_SIDE;
use super::{Ctx, Sink};
use crate::types::{Color, PieceKind};

/// Offsets in the `winnable` group.
pub(crate) mod at {
    pub const PASSED: usize = 0;
    pub const PAWNS: usize = 1;
    pub const OUTFLANKING: usize = 2;
    pub const BOTH_FLANKS: usize = 3;
    pub const INFILTRATION: usize = 4;
    pub const PAWNS_ONLY: usize = 5;
    pub const ALMOST_UNWINNABLE: usize = 6;
    pub const BASE: usize = 7;
}

/// Adds the winnability features for the side the endgame sum `s.eg_white()` favours
/// (`passed`: both sides' passed pawns) and returns that side as +1 (White), -1 (Black)
/// or 0 (a level endgame score: no correction).
pub(crate) fn eval<S: Sink>(ctx: &Ctx, s: &mut S, passed: u64) -> i32 {
    let sign = s.eg_white().signum();
    if sign == 0 {
        return 0;
    }
    let b = ctx.b;
    let pawns = ctx.pawns[0] | ctx.pawns[1];
    let [white_king, black_king] = ctx.king;
    let file_distance = (white_king.file() as i32 - black_king.file() as i32).abs();
    let rank_distance = (white_king.rank() as i32 - black_king.rank() as i32).abs();
    let outflanking = file_distance - rank_distance;
    let both_flanks = pawns & QUEEN_SIDE != 0 && pawns & !QUEEN_SIDE != 0;
    let infiltration = white_king.rank() > 3 || black_king.rank() < 4;
    let pieces = b.occupied().0 & !pawns & !b.kinds[PieceKind::King.index()].0;
    let features = [
        (at::PASSED, passed.count_ones() as i32),
        (at::PAWNS, pawns.count_ones() as i32),
        (at::OUTFLANKING, outflanking),
        (at::BOTH_FLANKS, i32::from(both_flanks)),
        (at::INFILTRATION, i32::from(infiltration)),
        (at::PAWNS_ONLY, i32::from(pieces == 0)),
        (
            at::ALMOST_UNWINNABLE,
            i32::from(outflanking < 0 && !both_flanks),
        ),
        (at::BASE, 1),
    ];
    for (offset, n) in features {
        if n != 0 {
            s.add(Color::White, WINNABLE + offset, sign * n);
        }
    }
    sign
}

#[cfg(test)]
mod tests {
    use super::super::features::{MISC, W};
    use super::super::winnable_clamped;
    use super::*;
    use crate::eval::testing::random_game;

    /// Along random games from middlegames and endgames: the term points the way the
    /// endgame sum pointed before it (tempo left out), and after the clamp the endgame part
    /// never points the other way.
    #[test]
    fn follows_the_side_ahead_and_never_flips_it() {
        let starts = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
            "4k3/pp3ppp/8/8/8/8/PP3PPP/3RK3 w - - 0 1",
            "8/5pk1/6p1/8/8/6P1/5PK1/8 b - - 0 1",
            "4k3/8/8/8/8/8/8/R2BK2r w - - 0 1",
        ];
        let mut seed = 0x5EED_0FA1_15EE_D001u64;
        let (mut seen, mut clamped) = (0, 0);
        for fen in starts {
            for _ in 0..30 {
                random_game(fen, 60, &mut seed, |p| {
                    let (coeffs, favoured) = p.coefficients();
                    let side_eg = |c: usize, range: std::ops::Range<usize>| -> i32 {
                        range.map(|w| coeffs.0[c][w] * W[w].1).sum()
                    };
                    let all = 0..W.len();
                    let eg = side_eg(0, all.clone()) - side_eg(1, all);
                    let group = WINNABLE..MISC;
                    let term = side_eg(0, group.clone()) - side_eg(1, group);
                    let tempo = side_eg(0, MISC..MISC + 1) - side_eg(1, MISC..MISC + 1);
                    assert_eq!(favoured, (eg - term - tempo).signum(), "{p}");
                    let b = &p.board;
                    if winnable_clamped(b, eg, favoured) {
                        clamped += 1;
                    } else {
                        assert!((eg - tempo) * favoured >= 0, "{p}");
                    }
                    seen += 1;
                });
            }
        }
        assert!(seen > 5000, "{seen} positions");
        assert!(clamped > 0, "the clamp never fired in {seen} positions");
    }
}
