//! Capture ordering and static exchange evaluation.
//!
//! SEE plays the usual swap sequence on the destination square with the least valuable
//! attacker each time, recomputing attackers from the current occupancy (so cannon
//! screens and horse legs appear and vanish as pieces are exchanged). It ignores pins
//! and the flying-general rule, as most engines' SEE does.

use crate::eval::material;
use crate::position::Position;
use crate::tables::{
    bit, nearest, ADVISOR, ELEPHANT, GENERAL, HORSE_ATTACKERS, RAY_MASKS, SOLDIER_ATTACKERS,
};
use crate::types::{Color, Move, Piece, PieceKind, SQUARES};
use game::{Score, Side};

/// SEE value of a kind (the general counts high so it never trades itself).
const fn see_value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::General => 10_000,
        k => material(k),
    }
}

impl Position {
    /// The least valuable piece of `color` that can capture on `sq` given occupancy `occ`.
    ///
    /// Looks from the cheapest kind up (soldier 100, advisor and elephant 120, horse 400,
    /// cannon 450, chariot 900, general) and returns the first found: most calls find a
    /// cheap attacker or none, and the rays (cannons and chariots) are walked only when no
    /// cheaper piece attacks. Among pieces of equal value the first in table order wins,
    /// advisors before elephants, so the exchange is the same whichever order is searched.
    fn least_attacker(&self, sq: usize, color: Color, occ: u128) -> Option<(usize, PieceKind)> {
        let c = color.index();
        // The board's byte first: it rules out almost every square, and the 128-bit test
        // (whether the piece is still there, not yet used in the exchange) is only made for
        // a piece of the right kind and colour.
        let is = |s: usize, kind: PieceKind| {
            self.board[s] == Piece::new(color, kind) && occ & bit(s) != 0
        };
        let soldiers = &SOLDIER_ATTACKERS[c][sq];
        if let Some(&s) = soldiers.to[..soldiers.len as usize]
            .iter()
            .find(|&&s| is(s as usize, PieceKind::Soldier))
        {
            return Some((s as usize, PieceKind::Soldier));
        }
        // Leapers whose move tables are symmetric: a piece on `s` reaches `sq` iff `sq` reaches `s`.
        let advisors = &ADVISOR[c][sq];
        if let Some(&s) = advisors.to[..advisors.len as usize]
            .iter()
            .find(|&&s| is(s as usize, PieceKind::Advisor))
        {
            return Some((s as usize, PieceKind::Advisor));
        }
        let e = &ELEPHANT[c][sq];
        for i in 0..e.len as usize {
            let s = e.to[i] as usize;
            if is(s, PieceKind::Elephant) && occ & bit(e.block[i] as usize) == 0 {
                return Some((s, PieceKind::Elephant));
            }
        }
        let h = &HORSE_ATTACKERS[sq];
        for i in 0..h.len as usize {
            let s = h.to[i] as usize;
            if is(s, PieceKind::Horse) && occ & bit(h.block[i] as usize) == 0 {
                return Some((s, PieceKind::Horse));
            }
        }
        // Each ray: the first piece met may be a chariot, the second a cannon.
        let mut chariot = None;
        for (d, &ray) in RAY_MASKS[sq].iter().enumerate() {
            let mut pieces = occ & ray;
            if pieces == 0 {
                continue;
            }
            let first = nearest(pieces, d);
            if chariot.is_none() && is(first, PieceKind::Chariot) {
                chariot = Some((first, PieceKind::Chariot));
            }
            pieces ^= bit(first);
            if pieces != 0 {
                let second = nearest(pieces, d);
                if is(second, PieceKind::Cannon) {
                    return Some((second, PieceKind::Cannon));
                }
            }
        }
        if chariot.is_some() {
            return chariot;
        }
        let general = &GENERAL[c][sq];
        general.to[..general.len as usize]
            .iter()
            .find(|&&s| is(s as usize, PieceKind::General))
            .map(|&s| (s as usize, PieceKind::General))
    }

    /// Static exchange evaluation: whether `mv` wins at least `threshold`.
    ///
    /// Plays the exchange with the least valuable attacker each time and stops as soon as
    /// the answer is known (Stockfish's `see_ge`): `swap` is what the side that just captured
    /// stands to lose, and a side that can stop with the answer in its favour does, so long
    /// exchanges are not walked to the end.
    pub fn see_at_least(&self, mv: Move, threshold: Score) -> bool {
        let from = mv.from().index();
        let to = mv.to().index();
        if from >= SQUARES || to >= SQUARES {
            return false;
        }
        let Some(mover) = self.board[from].kind() else {
            return false;
        };
        let victim = self.board[to].kind().map_or(0, see_value);
        // The exchange can only lose what the mover is worth after winning the victim, and
        // never win more than the victim: outside that range the answer needs no sequence.
        let mut swap = victim - threshold;
        if swap < 0 {
            return false;
        }
        swap = see_value(mover) - swap;
        if swap <= 0 {
            return true;
        }
        let mut occ = (self.occ[0] | self.occ[1]) & !bit(from);
        let mut side: Color = self.stm.flip();
        // Whether the side that moved first gets at least `threshold` if the exchange stops now.
        let mut res = true;
        while let Some((s, kind)) = self.least_attacker(to, side, occ) {
            res = !res;
            if kind == PieceKind::General {
                // The general may not capture into an attacked square: then the exchange
                // stopped before it.
                let defended = self
                    .least_attacker(to, side.flip(), occ & !bit(s))
                    .is_some();
                return res != defended;
            }
            swap = see_value(kind) - swap;
            if swap < i32::from(res) {
                break;
            }
            occ &= !bit(s);
            side = side.flip();
        }
        res
    }

    /// The exchange walked to its end with a gain list (the first SEE): the reference
    /// `see_at_least` must agree with.
    #[cfg(test)]
    fn see_by_gains(&self, mv: Move, threshold: Score) -> bool {
        let from = mv.from().index();
        let to = mv.to().index();
        if from >= SQUARES || to >= SQUARES {
            return false;
        }
        let Some(mover) = self.board[from].kind() else {
            return false;
        };
        let victim = self.board[to].kind().map_or(0, see_value);
        // The exchange can only lose what the mover is worth after winning the victim, and
        // never win more than the victim: outside that range the answer needs no sequence.
        if victim < threshold {
            return false;
        }
        if victim - see_value(mover) >= threshold {
            return true;
        }
        // Gains of each capture in the sequence, negamax-folded at the end.
        let mut gain = [0i32; 40];
        let mut depth = 0;
        gain[0] = victim;
        let mut occ = (self.occ[0] | self.occ[1]) & !bit(from);
        let mut on_square = see_value(mover);
        let mut side: Color = self.stm.flip();
        while depth + 1 < gain.len() {
            let Some((s, k)) = self.least_attacker(to, side, occ) else {
                break;
            };
            depth += 1;
            gain[depth] = on_square - gain[depth - 1];
            if k == PieceKind::General
                && self
                    .least_attacker(to, side.flip(), occ & !bit(s))
                    .is_some()
            {
                // The general may not capture into an attacked square.
                depth -= 1;
                break;
            }
            on_square = see_value(k);
            occ &= !bit(s);
            side = side.flip();
        }
        while depth > 0 {
            gain[depth - 1] = -((-gain[depth - 1]).max(gain[depth]));
            depth -= 1;
        }
        gain[0] >= threshold
    }

    /// MVV-LVA ordering key.
    pub fn mvv_lva_key(&self, mv: Move) -> i32 {
        let victim = self.board[mv.to().index()].kind().map_or(0, material);
        let attacker = self.board[mv.from().index()].kind().map_or(0, |k| k as i32);
        victim * 8 - attacker
    }

    /// Whether the side to move has a chariot, horse or cannon (null move is reasonably safe).
    pub fn has_major_pieces(&self, side: Side) -> bool {
        let mut b = self.occ[side.index()];
        while b != 0 {
            let s = b.trailing_zeros() as usize;
            b &= b - 1;
            let p = self.board[s];
            if p == Piece::new(side, PieceKind::Chariot)
                || p == Piece::new(side, PieceKind::Horse)
                || p == Piece::new(side, PieceKind::Cannon)
            {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::Game;

    /// A general recaptures only where no other piece attacks the square.
    #[test]
    fn the_general_recaptures_only_an_undefended_square() {
        use game::MoveStyle;
        // The chariot on e3 takes the horse on e8 next to the black general.
        let guarded = Position::from_fen("4k4/R3n4/9/9/9/9/4R4/9/9/3K5 w - - 0 1").unwrap();
        let alone = Position::from_fen("4k4/4n4/9/9/9/9/4R4/9/9/3K5 w - - 0 1").unwrap();
        let take = guarded.parse_move("e3e8", MoveStyle::Coord).unwrap();
        // the a8 chariot guards e8: the general cannot take back, the horse is won
        assert!(guarded.see_at_least(take, 400));
        assert!(!guarded.see_at_least(take, 401));
        // alone, the general takes the chariot: 400 − 900
        assert!(!alone.see_at_least(take, 0));
        assert!(alone.see_at_least(take, -500));
        assert!(!alone.see_at_least(take, -499));
        for pos in [&guarded, &alone] {
            for threshold in [-900, -500, -499, 0, 400, 401] {
                assert_eq!(
                    pos.see_at_least(take, threshold),
                    pos.see_by_gains(take, threshold)
                );
            }
        }
    }

    /// Over the captures of many positions along pseudo-random games, at thresholds from
    /// a chariot down to minus a chariot, the stopping SEE answers as the full gain list does.
    #[test]
    fn the_stopping_exchange_agrees_with_the_full_one() {
        let mut compared = 0;
        crate::random_games::walk(40, 60, true, |pos, moves| {
            for &mv in moves {
                if !pos.is_capture(mv) && compared % 3 != 0 {
                    continue;
                }
                for threshold in [-900, -450, -120, -1, 0, 1, 99, 100, 280, 400, 901] {
                    assert_eq!(
                        pos.see_at_least(mv, threshold),
                        pos.see_by_gains(mv, threshold),
                        "{} {mv:?} {threshold}",
                        pos.to_fen()
                    );
                    compared += 1;
                }
            }
        });
        assert!(compared > 20_000, "{compared}");
    }

    /// The chariot or cannon that [`Position::least_attacker`] looks for, found by walking
    /// each ray square by square (its code before the bit scans of session 60): the oracle
    /// for the scans.
    fn slider_by_walk(
        pos: &Position,
        sq: usize,
        color: Color,
        occ: u128,
    ) -> Option<(usize, PieceKind)> {
        let ours = occ & pos.occ[color.index()];
        let is =
            |s: usize, kind: PieceKind| ours & bit(s) != 0 && pos.board[s].kind() == Some(kind);
        let mut chariot = None;
        for ray in &crate::tables::RAYS[sq] {
            let mut screens = 0;
            for &s in &ray.sq[..ray.len as usize] {
                let s = s as usize;
                if occ & bit(s) == 0 {
                    continue;
                }
                if screens == 1 {
                    if is(s, PieceKind::Cannon) {
                        return Some((s, PieceKind::Cannon));
                    }
                    break;
                }
                if chariot.is_none() && is(s, PieceKind::Chariot) {
                    chariot = Some((s, PieceKind::Chariot));
                }
                screens = 1;
            }
        }
        chariot
    }

    /// Along pseudo-random games, for every square, both colours and occupancies with
    /// pieces taken away (as an exchange takes them), the least attacker is the walk's
    /// chariot or cannon wherever no cheaper piece attacks.
    #[test]
    fn the_scanned_rays_find_the_walked_sliders() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut sliders = 0;
        crate::random_games::walk(30, 40, false, |pos, _| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Up to three pieces lifted off the board, chosen by the random state.
            let mut occ = pos.occ[0] | pos.occ[1];
            for k in 0..(state % 4) {
                let nth = (state >> (8 + 8 * k)) % u64::from(occ.count_ones()).max(1);
                let mut rest = occ;
                for _ in 0..nth {
                    rest &= rest - 1;
                }
                occ &= !(rest & rest.wrapping_neg());
            }
            for sq in 0..SQUARES {
                for color in [Color::White, Color::Black] {
                    let found = pos.least_attacker(sq, color, occ);
                    let walked = slider_by_walk(pos, sq, color, occ);
                    match found {
                        Some((_, PieceKind::Chariot | PieceKind::Cannon)) => {
                            sliders += 1;
                            assert_eq!(found, walked, "{} {sq} {color:?} {occ:x}", pos.to_fen());
                        }
                        Some((_, PieceKind::General)) | None => assert_eq!(walked, None),
                        Some(_) => {} // a cheaper piece: the rays are not looked at
                    }
                }
            }
        });
        assert!(sliders > 10_000, "{sliders}");
    }
}
