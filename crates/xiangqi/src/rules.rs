//! How games end besides mate: the 60-move rule, repetition with the Asian rules
//! (perpetual check loses, perpetual chase loses, anything else is a draw) as
//! Fairy-Stockfish applies them, and insufficient material.

use crate::position::{seen_slot, Position};
use crate::types::{Move, PieceKind};
use game::{EndReason, MoveList, Verdict};

/// Plies without capture after which the game is drawn (Pikafish's 60-move rule).
pub const MOVE_LIMIT_PLIES: u16 = 120;

fn undo_move_board(b: u128, mv: Move) -> u128 {
    let (from, to) = (mv.from().index(), mv.to().index());
    if !mv.is_null() && b & (1u128 << to) != 0 {
        b ^ (1u128 << to) ^ (1u128 << from)
    } else {
        b
    }
}

impl Position {
    /// Hash `back` plies ago (0 = now).
    fn key_back(&self, back: usize) -> u64 {
        if back == 0 {
            self.hash
        } else {
            self.history[self.history.len() - back].hash
        }
    }

    /// Whether the side to move was in check `back` plies ago.
    fn check_back(&self, back: usize) -> bool {
        if back == 0 {
            self.in_check
        } else {
            self.history[self.history.len() - back].in_check
        }
    }

    /// The chased sets of the positions 0..=`upto` plies back, and the moves that led to them.
    fn chased_history(&self, upto: usize) -> (Vec<u128>, Vec<Move>) {
        let mut p = self.without_network();
        let mut chased = Vec::with_capacity(upto + 1);
        let mut moves = Vec::with_capacity(upto + 1);
        for _ in 0..=upto {
            let mv = p.last_move;
            moves.push(mv);
            if mv.is_null() || p.history.is_empty() {
                chased.push(0);
                if p.history.is_empty() {
                    break;
                }
                p.undo_null();
                continue;
            }
            let us = p.stm;
            p.undo_move(mv);
            let prev = p.blockers_for_king(us);
            p.do_move(mv);
            chased.push(p.chased(prev));
            p.undo_move(mv);
        }
        (chased, moves)
    }

    /// Repetition verdict: `ply` plies below the search root (a single repetition after the
    /// root counts), or with `ply == 0` the strict threefold form.
    pub(crate) fn repetition(&self, ply: usize) -> Option<(Verdict, EndReason)> {
        let end = self.rule60.min(self.plies_from_null) as usize;
        let end = end.min(self.history.len());
        if end < 4 || self.seen[seen_slot(self.hash)] == 0 {
            return None;
        }
        let mut them = self.check_back(0) && self.check_back(2);
        let mut us = self.check_back(1) && self.check_back(3);
        let mut count = 0;
        for i in (4..=end).step_by(2) {
            them &= self.check_back(i);
            if self.key_back(i) == self.hash {
                count += 1;
                let needed = if ply > i { 2 } else { 3 };
                if count + 1 == needed {
                    return Some(self.judge(i, them, us, end));
                }
            }
            if i < end {
                us &= self.check_back(i + 1);
            }
        }
        None
    }

    /// Verdict of a repetition `i` plies long, given who checked throughout.
    fn judge(
        &self,
        i: usize,
        check_them: bool,
        check_us: bool,
        _end: usize,
    ) -> (Verdict, EndReason) {
        if check_them || check_us {
            return match (check_them, check_us) {
                (true, false) => (Verdict::Win, EndReason::PerpetualCheck),
                (false, true) => (Verdict::Loss, EndReason::PerpetualCheck),
                _ => (Verdict::Draw, EndReason::Repetition),
            };
        }
        let (chased, moves) = self.chased_history(i);
        let get = |j: usize| chased.get(j).copied().unwrap_or(0);
        let mv = |j: usize| moves.get(j).copied().unwrap_or(Move::NULL);
        let pfn = self.plies_from_null as usize;
        let mut chase_them = undo_move_board(get(0), mv(1)) & get(2);
        let mut chase_us = undo_move_board(get(1), mv(2)) & get(3);
        let mut k = 4;
        while k <= i {
            if k != pfn {
                chase_them = undo_move_board(chase_them, mv(k - 1)) & get(k);
            }
            if k < i {
                chase_us = undo_move_board(chase_us, mv(k)) & get(k + 1);
            }
            k += 2;
        }
        match (chase_them != 0, chase_us != 0) {
            (true, false) => (Verdict::Win, EndReason::PerpetualChase),
            (false, true) => (Verdict::Loss, EndReason::PerpetualChase),
            _ => (Verdict::Draw, EndReason::Repetition),
        }
    }

    /// Whether neither side has a piece that can attack (chariot, horse, cannon, soldier).
    pub fn insufficient_material(&self) -> bool {
        let all = self.occ[0] | self.occ[1];
        // Generals, advisors and elephants are at most ten pieces: with more on the board
        // one of them attacks. (The loop below, asked at every node, was 1.4% of a
        // datagen search's instructions.)
        if all.count_ones() > 10 {
            return false;
        }
        let mut b = all;
        while b != 0 {
            let s = b.trailing_zeros() as usize;
            b &= b - 1;
            if matches!(
                self.board[s].kind(),
                Some(
                    PieceKind::Chariot | PieceKind::Horse | PieceKind::Cannon | PieceKind::Soldier
                )
            ) {
                return false;
            }
        }
        true
    }

    /// The rules' verdict at this node, `ply` plies below the search root (0: strict form).
    pub(crate) fn rules_verdict(&self, ply: usize) -> Option<(Verdict, EndReason)> {
        if self.rule60 >= MOVE_LIMIT_PLIES {
            let mated = self.in_check && {
                let mut list = MoveList::new();
                self.gen::<false>(&mut list);
                list.is_empty()
            };
            if !mated {
                return Some((Verdict::Draw, EndReason::MoveLimit));
            }
        }
        if let Some(v) = self.repetition(ply) {
            return Some(v);
        }
        if self.insufficient_material() {
            return Some((Verdict::Draw, EndReason::InsufficientMaterial));
        }
        None
    }
}
