//! Legal move generation and perft.
//!
//! Moves are generated per piece from the tables and filtered for legality on the fly.
//! The expensive test (play the move on an overlay and look for attacks on the general)
//! only runs where a move can matter to the general's safety: in check, for general moves
//! and for moves that touch a checker's line, leg or square (the others cannot answer the
//! check and are refused at once); otherwise for general moves, for pieces that stand on a
//! line or horse leg toward the general with an enemy chariot/cannon/horse/general behind,
//! and for moves onto the empty line between the general and an enemy cannon (a new
//! screen). Everything else is legal as generated.

use crate::position::Position;
use crate::tables::{
    bit, nearest, Jumps, ADVISOR, ELEPHANT, GENERAL, HORSE, HORSE_ATTACKERS, RAYS, RAY_MASKS,
    SOLDIER, SOLDIER_ATTACKERS,
};
use crate::types::{Attackers, Move, PieceKind};
use game::MoveList;

/// Per-node facts that decide which moves need the full legality test.
struct Legality {
    check: bool,
    king: usize,
    from_danger: u128,
    to_danger: u128,
    /// Every occupied square, for the sliders' bit scans.
    occ: u128,
    /// In check: the squares a move other than the general's must go to (a checker, a
    /// square between a slider and the general, a horse's leg) or, in `evasion_from`, leave
    /// (a cannon's screen) to have a chance of answering the check. Other moves are
    /// refused without the full test, which otherwise ran for every move in check.
    evasion_to: u128,
    /// In check: the cannon screens whose moving away may answer the check.
    evasion_from: u128,
}

impl Position {
    fn legality(&self) -> Legality {
        let us = self.stm;
        let them = us.flip();
        let king = self.kings[us.index()];
        let mut l = Legality {
            check: self.in_check,
            king,
            from_danger: 0,
            to_danger: 0,
            occ: self.occ[0] | self.occ[1],
            evasion_to: 0,
            evasion_from: 0,
        };
        if l.check {
            self.evasions(&mut l);
            return l;
        }
        let enemy = Attackers::of(them);
        for (d, ray) in RAYS[king].iter().enumerate() {
            let squares = &ray.sq[..ray.len as usize];
            let mut found = [0usize; 3];
            let mut n = 0;
            let mut empty_before_first: u128 = 0;
            for &s in squares {
                let s = s as usize;
                if self.board[s].is_none() {
                    if n == 0 {
                        empty_before_first |= bit(s);
                    }
                    continue;
                }
                found[n] = s;
                n += 1;
                if n == 3 {
                    break;
                }
            }
            if n == 0 {
                continue;
            }
            let p1 = self.board[found[0]];
            if p1 == enemy.cannon {
                l.to_danger |= empty_before_first;
            }
            if n >= 2 {
                let p2 = self.board[found[1]];
                if p2 == enemy.chariot || (d < 2 && p2 == enemy.general) {
                    l.from_danger |= bit(found[0]);
                }
            }
            if n == 3 && self.board[found[2]] == enemy.cannon {
                l.from_danger |= bit(found[0]) | bit(found[1]);
            }
        }
        let h = &HORSE_ATTACKERS[king];
        for i in 0..h.len as usize {
            if self.board[h.to[i] as usize] == enemy.horse {
                l.from_danger |= bit(h.block[i] as usize);
            }
        }
        l
    }

    /// Fills `evasion_to` and `evasion_from` of `l` from the pieces that check our enemy.general.
    /// Kept out of line: most nodes are not in check, and inlined it slowed the rest.
    #[inline(never)]
    fn evasions(&self, l: &mut Legality) {
        let (king, them) = (l.king, self.stm.flip());
        let enemy = Attackers::of(them);
        for (d, ray) in RAYS[king].iter().enumerate() {
            let squares = &ray.sq[..ray.len as usize];
            let mut between: u128 = 0;
            let mut screen = None;
            for &s in squares {
                let s = s as usize;
                let p = self.board[s];
                if p.is_none() {
                    between |= bit(s);
                    continue;
                }
                match screen {
                    None if p == enemy.chariot || (d < 2 && p == enemy.general) => {
                        l.evasion_to |= between | bit(s);
                        break;
                    }
                    None => screen = Some(s),
                    Some(screen) => {
                        if p == enemy.cannon {
                            l.evasion_to |= between | bit(s);
                            l.evasion_from |= bit(screen);
                        }
                        break;
                    }
                }
            }
        }
        let h = &HORSE_ATTACKERS[king];
        for i in 0..h.len as usize {
            let (at, leg) = (h.to[i] as usize, h.block[i] as usize);
            if self.board[at] == enemy.horse && self.board[leg].is_none() {
                l.evasion_to |= bit(at) | bit(leg);
            }
        }
        let s = &SOLDIER_ATTACKERS[them.index()][king];
        for i in 0..s.len as usize {
            if self.board[s.to[i] as usize] == enemy.soldier {
                l.evasion_to |= bit(s.to[i] as usize);
            }
        }
    }

    /// Whether the piece on `from` moves without the full test wherever it goes, unless it
    /// goes onto a new cannon screen: we are not in check, it is not the general, and it does
    /// not stand on a line or horse leg toward the general. (A capture onto a danger square
    /// keeps that square occupied, so only `from` is asked about `from_danger`.)
    #[inline(always)]
    fn free_mover(l: &Legality, from: usize) -> bool {
        !l.check && from != l.king && l.from_danger & bit(from) == 0
    }

    /// Whether the move from `from` to `to` leaves our general safe; `free` is
    /// [`Position::free_mover`] for `from`, asked once per piece.
    #[inline(always)]
    fn is_safe(&self, l: &Legality, free: bool, from: usize, to: usize) -> bool {
        if free && l.to_danger & bit(to) == 0 {
            return true;
        }
        self.is_safe_tested(l, from, to)
    }

    /// [`Position::is_safe`] for the moves that need a test: out of line, so that the
    /// generation loops stay small.
    #[inline(never)]
    fn is_safe_tested(&self, l: &Legality, from: usize, to: usize) -> bool {
        if l.check
            && from != l.king
            && l.evasion_to & bit(to) == 0
            && l.evasion_from & bit(from) == 0
        {
            return false;
        }
        let ksq = if from == l.king { to } else { l.king };
        !self.attacked_after(ksq, self.stm.flip(), from, to, self.board[from])
    }

    #[inline(always)]
    fn add<const NOISY: bool>(
        &self,
        l: &Legality,
        free: bool,
        from: usize,
        to: usize,
        list: &mut MoveList<Move>,
    ) {
        let target = self.board[to];
        if target.is_color(self.stm) || (NOISY && target.is_none()) {
            return;
        }
        if self.is_safe(l, free, from, to) {
            list.push(Move::from_raw(from, to));
        }
    }

    #[inline(always)]
    fn add_jumps<const NOISY: bool>(
        &self,
        l: &Legality,
        free: bool,
        from: usize,
        jumps: &Jumps,
        blocked: bool,
        list: &mut MoveList<Move>,
    ) {
        for i in 0..jumps.len as usize {
            if blocked && !self.board[jumps.block[i] as usize].is_none() {
                continue;
            }
            self.add::<NOISY>(l, free, from, jumps.to[i] as usize, list);
        }
    }

    #[inline(always)]
    fn gen_piece<const NOISY: bool>(&self, l: &Legality, from: usize, list: &mut MoveList<Move>) {
        let us = self.stm;
        let Some(kind) = self.board[from].kind() else {
            return;
        };
        let free = Self::free_mover(l, from);
        match kind {
            // Sliders. Captures only: the pieces that end each ray are found by bit scans.
            // All moves: each ray walked nearest first, quiet moves to the empty squares,
            // then the capture. (A bit scan per empty square instead cost 3% more
            // instructions per 300k-node search, session 60; so did the scans in the
            // general's legality rays and `attacked_after`, where the walk stays.)
            PieceKind::Chariot if NOISY => {
                for (d, &ray) in RAY_MASKS[from].iter().enumerate() {
                    let pieces = l.occ & ray;
                    if pieces != 0 {
                        self.add::<NOISY>(l, free, from, nearest(pieces, d), list);
                    }
                }
            }
            PieceKind::Cannon if NOISY => {
                for (d, &ray) in RAY_MASKS[from].iter().enumerate() {
                    let pieces = l.occ & ray;
                    if pieces == 0 {
                        continue;
                    }
                    let beyond = pieces ^ bit(nearest(pieces, d));
                    if beyond != 0 {
                        self.add::<NOISY>(l, free, from, nearest(beyond, d), list);
                    }
                }
            }
            PieceKind::Chariot => {
                for ray in &RAYS[from] {
                    for &s in &ray.sq[..ray.len as usize] {
                        let s = s as usize;
                        if self.board[s].is_none() {
                            if self.is_safe(l, free, from, s) {
                                list.push(Move::from_raw(from, s));
                            }
                        } else {
                            self.add::<NOISY>(l, free, from, s, list);
                            break;
                        }
                    }
                }
            }
            PieceKind::Cannon => {
                for ray in &RAYS[from] {
                    let squares = &ray.sq[..ray.len as usize];
                    let mut i = 0;
                    while i < squares.len() {
                        let s = squares[i] as usize;
                        if !self.board[s].is_none() {
                            break;
                        }
                        if self.is_safe(l, free, from, s) {
                            list.push(Move::from_raw(from, s));
                        }
                        i += 1;
                    }
                    i += 1;
                    while i < squares.len() {
                        let s = squares[i] as usize;
                        if !self.board[s].is_none() {
                            self.add::<NOISY>(l, free, from, s, list);
                            break;
                        }
                        i += 1;
                    }
                }
            }
            PieceKind::Horse => self.add_jumps::<NOISY>(l, free, from, &HORSE[from], true, list),
            PieceKind::Elephant => {
                self.add_jumps::<NOISY>(l, free, from, &ELEPHANT[us.index()][from], true, list)
            }
            PieceKind::Advisor => {
                self.add_jumps::<NOISY>(l, free, from, &ADVISOR[us.index()][from], false, list)
            }
            PieceKind::General => {
                self.add_jumps::<NOISY>(l, free, from, &GENERAL[us.index()][from], false, list)
            }
            PieceKind::Soldier => {
                self.add_jumps::<NOISY>(l, free, from, &SOLDIER[us.index()][from], false, list)
            }
        }
    }

    pub(crate) fn gen<const NOISY: bool>(&self, list: &mut MoveList<Move>) {
        let l = self.legality();
        let mut pieces = self.occ[self.stm.index()];
        while pieces != 0 {
            let from = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            self.gen_piece::<NOISY>(&l, from, list);
        }
    }

    /// Legal moves of the piece on `from` (used to validate a single move cheaply).
    pub(crate) fn gen_from(&self, from: usize, list: &mut MoveList<Move>) {
        if from < crate::types::SQUARES && self.board[from].is_color(self.stm) {
            let l = self.legality();
            self.gen_piece::<false>(&l, from, list);
        }
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut list = MoveList::new();
        self.gen_from(mv.from().index(), &mut list);
        list.contains(mv)
    }

    /// Leaf count of the legal move tree, bulk-counted one ply above the leaves.
    pub fn perft_fast(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut list = MoveList::new();
        self.gen::<false>(&mut list);
        if depth == 1 {
            return list.len() as u64;
        }
        let mut total = 0;
        for &mv in list.iter() {
            self.do_move(mv);
            total += self.perft_fast(depth - 1);
            self.undo_move(mv);
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::Game;

    /// Captures generated alone (chariots and cannons by bit scans) are the captures of the
    /// full generation (rays walked), in the same order, along pseudo-random games that
    /// favour captures so that the boards open up.
    #[test]
    fn noisy_generation_is_the_captures_of_full_generation() {
        let mut captures = 0;
        crate::random_games::walk(120, 60, true, |pos, _| {
            let mut all = MoveList::new();
            pos.gen::<false>(&mut all);
            let mut noisy = MoveList::new();
            pos.gen::<true>(&mut noisy);
            let expected: Vec<Move> = all
                .iter()
                .copied()
                .filter(|m| !pos.board[m.to().index()].is_none())
                .collect();
            assert_eq!(noisy.as_slice(), &expected[..], "{}", pos.to_fen());
            captures += expected.len();
        });
        assert!(captures > 4_000, "{captures}");
    }

    /// In check, the moves refused by the evasion masks alone are exactly those the full
    /// test refuses: generating with masks that let every move through to the full test
    /// gives the same list, in random games full of checks (horses, cannon screens, chariots,
    /// soldiers and the facing general).
    #[test]
    fn check_evasions_agree_with_the_full_test() {
        let (mut in_check, mut by_cannon) = (0, 0);
        crate::random_games::walk(300, 80, true, |pos, moves| {
            if !pos.in_check {
                return;
            }
            in_check += 1;
            let mut l = pos.legality();
            if l.evasion_from != 0 {
                by_cannon += 1;
            }
            l.evasion_to = u128::MAX;
            let mut full = MoveList::new();
            let mut pieces = pos.occ[pos.stm.index()];
            while pieces != 0 {
                let from = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                pos.gen_piece::<false>(&l, from, &mut full);
            }
            assert_eq!(moves, full.as_slice(), "{}", pos.to_fen());
        });
        assert!(in_check > 1_000, "only {in_check} positions in check");
        assert!(by_cannon > 100, "only {by_cannon} cannon checks");
    }
}
