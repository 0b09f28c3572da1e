//! The position: board, make/unmake with incremental hash and evaluation, attack tests.

use crate::eval::{add_pair, full_sums, sub_pair, PSQ, W};
use crate::nnue::{Accumulator, Network};
use crate::tables::{
    bit, DIAGONAL_NEIGHBOUR, HORSE_ATTACKERS, RAYS, RELATION, SOLDIER_ATTACKERS, ZOBRIST_PIECE,
    ZOBRIST_SIDE,
};
use crate::types::{Attackers, Color, Move, Piece, PieceKind, SQUARES};
use game::Side;
use std::sync::Arc;

/// A sentinel "square" that matches nothing in the attack test's overlay.
pub(crate) const NO_SQ: usize = 255;

/// What a move (or null move) changed, to take it back and to judge repetitions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    /// Hash of the position before the move.
    pub(crate) hash: u64,
    /// Whether the side to move was in check before the move.
    pub(crate) in_check: bool,
    /// Plies without capture before the move.
    pub(crate) rule60: u16,
    /// Plies since the last null move (or the root) before the move.
    pub(crate) plies_from_null: u16,
    /// The move that led to the position before the move.
    pub(crate) last_move: Move,
    /// Piece captured by the move.
    pub(crate) captured: Piece,
}

/// A xiangqi position with its history since the FEN it was set up from.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) board: [Piece; SQUARES],
    pub(crate) occ: [u128; 2],
    pub(crate) kings: [usize; 2],
    pub(crate) stm: Color,
    pub(crate) hash: u64,
    /// Material key (`game::material_key_of`): changes only with a capture, kept
    /// incrementally for the search's material correction history.
    pub(crate) material: u64,
    /// Zobrist key of each colour's pieces other than soldiers (general included), kept
    /// incrementally for the search's non-pawn correction histories.
    pub(crate) non_pawn: [u64; 2],
    /// Zobrist key of both colours' horses, cannons and generals, kept incrementally for
    /// the search's minor-piece correction history.
    pub(crate) minor: u64,
    pub(crate) rule60: u16,
    pub(crate) plies_from_null: u16,
    pub(crate) in_check: bool,
    pub(crate) last_move: Move,
    /// Full moves at the root (FEN field 6), to write FEN back.
    pub(crate) root_fullmove: u32,
    /// Material + square (mg, eg) sums per side, kept incrementally.
    pub(crate) psq: [W; 2],
    pub(crate) history: Vec<Undo>,
    /// How many positions of `history` have each value of the low bits of their hash
    /// ([`seen_slot`]): a position whose slot counts none cannot repeat one, so the
    /// repetition test, asked at every node, skips its walk back through the history
    /// for most nodes. Counts wrap (a history of 65,536 positions in one slot would read as
    /// none; unmake takes back exactly what make added either way).
    pub(crate) seen: Box<[u16; SEEN_SLOTS]>,
    /// The network this position evaluates with (`None`: the classic evaluation), shared
    /// with its clones and with whoever chose it.
    pub(crate) net: Option<Arc<Network>>,
    /// With a network: its hidden sums of the position after each ply of `history` (index
    /// `history.len()` is the current position's). Entries past that are stale ones that
    /// unmake left to be overwritten, so make writes the next sums in place. Empty without
    /// a network.
    pub(crate) accumulators: Vec<Accumulator>,
}

/// Slots of [`Position::seen`]: enough that a game's few hundred earlier positions leave
/// most slots empty.
pub(crate) const SEEN_SLOTS: usize = 4096;

/// The slot of [`Position::seen`] that counts positions with hash `hash`.
#[inline(always)]
pub(crate) fn seen_slot(hash: u64) -> usize {
    hash as usize & (SEEN_SLOTS - 1)
}

/// Of the sums `accumulators` of the positions up to ply `ply` (the current one's last):
/// the current position's and the slot for the next one's (added if this is the deepest
/// ply so far), for make to fill. A function of the field, not a method, so that make can
/// borrow the position's network at the same time.
#[inline]
fn next_accumulator(
    accumulators: &mut Vec<Accumulator>,
    ply: usize,
) -> (&Accumulator, &mut Accumulator) {
    if accumulators.len() == ply + 1 {
        accumulators.push(accumulators[ply]);
    }
    let (done, rest) = accumulators.split_at_mut(ply + 1);
    (&done[ply], &mut rest[0])
}

impl Position {
    /// An empty board (no generals): the starting point of the FEN parser.
    pub(crate) fn empty() -> Position {
        Position {
            board: [Piece::NONE; SQUARES],
            occ: [0; 2],
            kings: [NO_SQ; 2],
            stm: Side::White,
            hash: 0,
            material: 0,
            non_pawn: [0; 2],
            minor: 0,
            rule60: 0,
            plies_from_null: 0,
            in_check: false,
            last_move: Move::NULL,
            root_fullmove: 1,
            psq: [(0, 0); 2],
            history: Vec::with_capacity(256),
            seen: Box::new([0; SEEN_SLOTS]),
            net: None,
            accumulators: Vec::new(),
        }
    }

    /// Appends `undo` to the history and counts its position in `seen`.
    #[inline(always)]
    fn push_history(&mut self, undo: Undo) {
        let slot = &mut self.seen[seen_slot(undo.hash)];
        *slot = slot.wrapping_add(1);
        self.history.push(undo);
    }

    /// Takes the last entry off the history and uncounts its position in `seen`.
    #[inline(always)]
    fn pop_history(&mut self) -> Option<Undo> {
        let undo = self.history.pop()?;
        let slot = &mut self.seen[seen_slot(undo.hash)];
        *slot = slot.wrapping_sub(1);
        Some(undo)
    }

    /// A copy that evaluates classically, for walking the history back and forth: the
    /// network's sums, one set per ply of the game, are neither copied nor kept up. (The
    /// repetition rules copy the position for each repetition the search meets; copying the
    /// sums made that about 7% of a late-game search's instructions.)
    pub(crate) fn without_network(&self) -> Position {
        Position {
            board: self.board,
            occ: self.occ,
            kings: self.kings,
            stm: self.stm,
            hash: self.hash,
            material: self.material,
            non_pawn: self.non_pawn,
            minor: self.minor,
            rule60: self.rule60,
            plies_from_null: self.plies_from_null,
            in_check: self.in_check,
            last_move: self.last_move,
            root_fullmove: self.root_fullmove,
            psq: self.psq,
            history: self.history.clone(),
            seen: self.seen.clone(),
            net: None,
            accumulators: Vec::new(),
        }
    }

    /// Makes this position (and its history) evaluate with `net`, or with the classic
    /// evaluation for `None`; a new position has the classic evaluation. The sums of the
    /// earlier positions are computed too (on a copy taken back ply by ply), so that
    /// unmake finds them.
    pub fn set_network(&mut self, net: Option<Arc<Network>>) {
        self.accumulators = match &net {
            Some(net) => {
                let mut earlier = self.without_network();
                let mut sums = vec![Accumulator::of(net, &earlier)];
                while !earlier.history.is_empty() {
                    let mv = earlier.last_move;
                    if mv.is_null() {
                        earlier.undo_null();
                    } else {
                        earlier.undo_move(mv);
                    }
                    sums.push(Accumulator::of(net, &earlier));
                }
                sums.reverse();
                sums
            }
            None => Vec::new(),
        };
        self.net = net;
    }

    /// The network this position evaluates with, if any.
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.net.as_ref()
    }

    /// The network's evaluation for the side to move, from the kept sums; `None` without
    /// a network.
    #[inline]
    pub fn nnue_eval(&self) -> Option<i32> {
        let net = self.net.as_deref()?;
        let pieces = (self.occ[0] | self.occ[1]).count_ones();
        Some(net.evaluate_for(
            &self.accumulators[self.history.len()],
            self.stm.index(),
            pieces,
        ))
    }

    /// Puts a piece on an empty square (set-up only).
    pub(crate) fn put(&mut self, sq: usize, p: Piece) {
        self.board[sq] = p;
        self.occ[p.color().index()] |= bit(sq);
        self.hash ^= ZOBRIST_PIECE[p.index()][sq];
        self.non_pawn[p.color().index()] ^= non_pawn_key(p, sq);
        self.minor ^= minor_key(p, sq);
        self.material = self
            .material
            .wrapping_add(game::material_key_piece(p.index()));
        add_pair(&mut self.psq[p.color().index()], PSQ[p.index()][sq]);
        if p.kind() == Some(PieceKind::General) {
            self.kings[p.color().index()] = sq;
        }
    }

    /// Finishes set-up: side key and check status.
    pub(crate) fn finish_setup(&mut self) {
        if self.stm == Side::Black {
            self.hash ^= ZOBRIST_SIDE;
        }
        self.in_check = self.general_attacked(self.stm);
    }

    /// The piece on a square.
    #[inline]
    pub fn piece_at(&self, sq: crate::Square) -> Piece {
        self.board[sq.index()]
    }

    /// Plies played since the last capture (the 60-move counter).
    pub fn halfmove_clock(&self) -> u32 {
        self.rule60 as u32
    }

    /// Number of plies made on this position since it was set up.
    pub fn game_ply(&self) -> usize {
        self.history.len()
    }

    /// Plays a legal move.
    #[inline]
    pub(crate) fn do_move(&mut self, mv: Move) {
        let from = mv.from().index();
        let to = mv.to().index();
        let us = self.stm;
        let them = us.flip();
        let piece = self.board[from];
        let captured = self.board[to];
        // Whether the move checks, from the lines and leaps it changes (the move is legal, so
        // the general it threatens is not attacked before it): cheaper than looking for
        // attackers all around that general afterwards.
        let gives_check = self.gives_check(mv);
        if let Some(net) = &self.net {
            let mut delta = nnue::Delta::default();
            if !captured.is_none() {
                delta.remove(crate::nnue::both(captured, to));
            }
            delta.remove(crate::nnue::both(piece, from));
            delta.add(crate::nnue::both(piece, to));
            let (current, next) = next_accumulator(&mut self.accumulators, self.history.len());
            current.update_into(net, &delta, next);
        }
        self.push_history(Undo {
            hash: self.hash,
            in_check: self.in_check,
            rule60: self.rule60,
            plies_from_null: self.plies_from_null,
            last_move: self.last_move,
            captured,
        });
        let mut hash = self.hash ^ ZOBRIST_SIDE;
        hash ^= ZOBRIST_PIECE[piece.index()][from] ^ ZOBRIST_PIECE[piece.index()][to];
        self.non_pawn[us.index()] ^= non_pawn_key(piece, from) ^ non_pawn_key(piece, to);
        self.minor ^= minor_key(piece, from) ^ minor_key(piece, to);
        add_pair(&mut self.psq[us.index()], PSQ[piece.index()][to]);
        sub_pair(&mut self.psq[us.index()], PSQ[piece.index()][from]);
        if captured.is_none() {
            self.rule60 += 1;
        } else {
            hash ^= ZOBRIST_PIECE[captured.index()][to];
            self.non_pawn[them.index()] ^= non_pawn_key(captured, to);
            self.minor ^= minor_key(captured, to);
            self.material = self
                .material
                .wrapping_sub(game::material_key_piece(captured.index()));
            sub_pair(&mut self.psq[them.index()], PSQ[captured.index()][to]);
            self.occ[them.index()] ^= bit(to);
            self.rule60 = 0;
        }
        self.occ[us.index()] ^= bit(from) | bit(to);
        self.board[to] = piece;
        self.board[from] = Piece::NONE;
        if from == self.kings[us.index()] {
            self.kings[us.index()] = to;
        }
        self.hash = hash;
        self.stm = them;
        self.plies_from_null += 1;
        self.last_move = mv;
        self.in_check = gives_check;
        debug_assert_eq!(
            gives_check,
            self.general_attacked(them),
            "gives_check disagrees"
        );
        debug_assert_eq!(self.psq, full_sums(&self.board), "incremental eval drifted");
        debug_assert_eq!(self.hash, self.compute_hash(), "incremental hash drifted");
        debug_assert_eq!(
            self.material,
            self.compute_material(),
            "incremental material key drifted"
        );
        debug_assert_eq!(
            self.non_pawn,
            self.compute_non_pawn(),
            "incremental non-pawn keys drifted"
        );
        debug_assert_eq!(
            self.minor,
            self.compute_minor(),
            "incremental minor-piece key drifted"
        );
        // Fuzz builds check a sample of positions: see `nnue::check_sums`.
        if let Some(net) = self.net.as_ref().filter(|_| nnue::check_sums(self.hash)) {
            debug_assert_eq!(
                self.accumulators[self.history.len()],
                Accumulator::of(net, self),
                "incremental network sums"
            );
        }
    }

    /// Takes back the last move.
    #[inline]
    pub(crate) fn undo_move(&mut self, mv: Move) {
        let from = mv.from().index();
        let to = mv.to().index();
        let them = self.stm;
        let us = them.flip();
        let Some(undo) = self.pop_history() else {
            debug_assert!(false, "unmake without make");
            return;
        };
        let piece = self.board[to];
        self.board[from] = piece;
        self.board[to] = undo.captured;
        self.occ[us.index()] ^= bit(from) | bit(to);
        sub_pair(&mut self.psq[us.index()], PSQ[piece.index()][to]);
        add_pair(&mut self.psq[us.index()], PSQ[piece.index()][from]);
        self.non_pawn[us.index()] ^= non_pawn_key(piece, from) ^ non_pawn_key(piece, to);
        self.minor ^= minor_key(piece, from) ^ minor_key(piece, to);
        if !undo.captured.is_none() {
            self.occ[them.index()] |= bit(to);
            self.non_pawn[them.index()] ^= non_pawn_key(undo.captured, to);
            self.minor ^= minor_key(undo.captured, to);
            self.material = self
                .material
                .wrapping_add(game::material_key_piece(undo.captured.index()));
            add_pair(&mut self.psq[them.index()], PSQ[undo.captured.index()][to]);
        }
        if to == self.kings[us.index()] {
            self.kings[us.index()] = from;
        }
        self.stm = us;
        self.hash = undo.hash;
        self.in_check = undo.in_check;
        self.rule60 = undo.rule60;
        self.plies_from_null = undo.plies_from_null;
        self.last_move = undo.last_move;
    }

    /// Passes the turn.
    pub(crate) fn do_null(&mut self) {
        if self.net.is_some() {
            let (current, next) = next_accumulator(&mut self.accumulators, self.history.len());
            *next = *current;
        }
        self.push_history(Undo {
            hash: self.hash,
            in_check: self.in_check,
            rule60: self.rule60,
            plies_from_null: self.plies_from_null,
            last_move: self.last_move,
            captured: Piece::NONE,
        });
        self.hash ^= ZOBRIST_SIDE;
        self.stm = self.stm.flip();
        self.rule60 += 1;
        self.plies_from_null = 0;
        self.last_move = Move::NULL;
        self.in_check = self.general_attacked(self.stm);
    }

    /// Takes back a null move.
    pub(crate) fn undo_null(&mut self) {
        let Some(undo) = self.pop_history() else {
            return;
        };
        self.stm = self.stm.flip();
        self.hash = undo.hash;
        self.in_check = undo.in_check;
        self.rule60 = undo.rule60;
        self.plies_from_null = undo.plies_from_null;
        self.last_move = undo.last_move;
    }

    /// Hash recomputed from scratch.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = if self.stm == Side::Black {
            ZOBRIST_SIDE
        } else {
            0
        };
        for (sq, p) in self.board.iter().enumerate() {
            if !p.is_none() {
                h ^= ZOBRIST_PIECE[p.index()][sq];
            }
        }
        h
    }

    /// The key of where both sides' soldiers stand: what the hash holds besides the
    /// non-pawn keys and the side to move, so it costs make and unmake nothing.
    #[inline]
    pub(crate) fn soldier_key(&self) -> u64 {
        let side = if self.stm == Side::Black {
            ZOBRIST_SIDE
        } else {
            0
        };
        self.hash ^ self.non_pawn[0] ^ self.non_pawn[1] ^ side
    }

    /// Non-pawn keys recomputed from scratch.
    pub(crate) fn compute_non_pawn(&self) -> [u64; 2] {
        let mut keys = [0; 2];
        for (sq, p) in self.board.iter().enumerate() {
            if !p.is_none() {
                keys[p.color().index()] ^= non_pawn_key(*p, sq);
            }
        }
        keys
    }

    /// Minor-piece key recomputed from scratch.
    pub(crate) fn compute_minor(&self) -> u64 {
        let mut key = 0;
        for (sq, p) in self.board.iter().enumerate() {
            if !p.is_none() {
                key ^= minor_key(*p, sq);
            }
        }
        key
    }

    /// Material key recomputed from scratch.
    pub(crate) fn compute_material(&self) -> u64 {
        let mut counts = [0u32; 16];
        for p in self.board.iter().filter(|p| !p.is_none()) {
            counts[p.index()] += 1;
        }
        game::material_key_of(counts.into_iter().enumerate())
    }

    /// Whether `color`'s general is attacked in the current position.
    #[inline]
    pub(crate) fn general_attacked(&self, color: Color) -> bool {
        let k = self.kings[color.index()];
        // Without the overlay: nothing moves, so the walk reads the board as it is (asked
        // after every move, the overlay's two comparisons per square were 4% of a search).
        k < SQUARES
            && self.attacked_after_on::<false>(
                k,
                color.flip(),
                NO_SQ,
                NO_SQ,
                Piece::NONE,
                0b1111,
                true,
                true,
            )
    }

    /// Whether the legal move `mv` gives check, decided without playing it.
    pub fn gives_check(&self, mv: Move) -> bool {
        let enemy = self.kings[self.stm.flip().index()];
        let (from, to) = (mv.from().index(), mv.to().index());
        if enemy >= SQUARES || from >= SQUARES {
            return false;
        }
        // Before a legal move the enemy general is not attacked, so a check after it comes
        // from what the move changes: a line through the general that holds `from` or `to`
        // (a slider unmasked or a cannon's screen placed, or the mover itself), a horse whose
        // leg `from` was, or the mover as a horse or soldier. Only those are looked at.
        let mover = self.board[from];
        let (by_from, by_to) = (RELATION[enemy][from], RELATION[enemy][to]);
        let lines = (by_from | by_to) & 0b1111;
        let horses = mover.kind() == Some(PieceKind::Horse) || by_from & DIAGONAL_NEIGHBOUR != 0;
        let soldiers = mover.kind() == Some(PieceKind::Soldier);
        (lines != 0 || horses)
            && self.attacked_after_on::<true>(
                enemy, self.stm, from, to, mover, lines, horses, soldiers,
            )
    }

    /// Whether `sq` would be attacked by `them` (as a general is: chariots, cannons, horses,
    /// soldiers, and the facing general) after a piece `mover` goes from `from` to `to`.
    /// Advisors and elephants can never reach the other palace, so they are not looked at.
    #[inline(always)]
    pub(crate) fn attacked_after(
        &self,
        sq: usize,
        them: Color,
        from: usize,
        to: usize,
        mover: Piece,
    ) -> bool {
        self.attacked_after_on::<true>(sq, them, from, to, mover, 0b1111, true, true)
    }

    /// [`Position::attacked_after`] limited to the lines through `sq` in `lines` (bit `d` for
    /// direction `d` of [`RAYS`]) and to horses and soldiers where `horses` and `soldiers`
    /// say so: what a caller that knows where a new attack can come from asks. Without
    /// `OVERLAY` the move is ignored and the current position is asked about.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn attacked_after_on<const OVERLAY: bool>(
        &self,
        sq: usize,
        them: Color,
        from: usize,
        to: usize,
        mover: Piece,
        lines: u8,
        horses: bool,
        soldiers: bool,
    ) -> bool {
        let at = |s: usize| -> Piece {
            if !OVERLAY {
                self.board[s]
            } else if s == to {
                mover
            } else if s == from {
                Piece::NONE
            } else {
                self.board[s]
            }
        };
        let enemy = Attackers::of(them);
        for (d, ray) in RAYS[sq].iter().enumerate() {
            if lines & (1 << d) == 0 {
                continue;
            }
            let squares = &ray.sq[..ray.len as usize];
            let mut i = 0;
            while i < squares.len() && at(squares[i] as usize).is_none() {
                i += 1;
            }
            if i == squares.len() {
                continue;
            }
            let p = at(squares[i] as usize);
            if p == enemy.chariot || (d < 2 && p == enemy.general) {
                return true;
            }
            i += 1;
            while i < squares.len() && at(squares[i] as usize).is_none() {
                i += 1;
            }
            if i < squares.len() && at(squares[i] as usize) == enemy.cannon {
                return true;
            }
        }
        if horses {
            let h = &HORSE_ATTACKERS[sq];
            for i in 0..h.len as usize {
                if at(h.to[i] as usize) == enemy.horse && at(h.block[i] as usize).is_none() {
                    return true;
                }
            }
        }
        if soldiers {
            let s = &SOLDIER_ATTACKERS[them.index()][sq];
            for i in 0..s.len as usize {
                if at(s.to[i] as usize) == enemy.soldier {
                    return true;
                }
            }
        }
        false
    }
}

/// The part of the position's hash that piece `p` on `sq` contributes to its side's
/// non-pawn key: its Zobrist key, or 0 for a soldier.
#[inline]
fn non_pawn_key(p: Piece, sq: usize) -> u64 {
    if p.kind() == Some(PieceKind::Soldier) {
        0
    } else {
        ZOBRIST_PIECE[p.index()][sq]
    }
}

/// The part of the position's hash that piece `p` on `sq` contributes to the minor-piece
/// key: its Zobrist key for a horse, cannon or general, else 0.
#[inline]
fn minor_key(p: Piece, sq: usize) -> u64 {
    match p.kind() {
        Some(PieceKind::Horse | PieceKind::Cannon | PieceKind::General) => {
            ZOBRIST_PIECE[p.index()][sq]
        }
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::{seen_slot, Position, SEEN_SLOTS};
    use crate::tables::{DIAGONAL_NEIGHBOUR, RELATION};
    use crate::types::PieceKind;
    use game::Game;

    /// `gives_check` looks only where a move can make a check; over many random positions it
    /// must agree with playing the move, including the rare discovered checks: a horse whose
    /// leg the mover frees, a chariot unmasked, a cannon's screen placed or taken away.
    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        let (mut checks, mut by_freed_legs) = (0, 0);
        crate::random_games::walk(200, 80, true, |pos, moves| {
            for &mv in moves {
                let mut after = pos.clone();
                after.make(mv);
                // Looked for from scratch: make itself now asks `gives_check`.
                let checks_after = after.general_attacked(after.stm);
                assert_eq!(after.in_check(), checks_after);
                assert_eq!(pos.gives_check(mv), checks_after, "{} {mv:?}", pos.to_fen());
                if checks_after {
                    checks += 1;
                    let general = pos.kings[pos.stm.flip().index()];
                    let (from, to) = (mv.from().index(), mv.to().index());
                    let mover = pos.board[from].kind();
                    if mover != Some(PieceKind::Horse)
                        && RELATION[general][from] & DIAGONAL_NEIGHBOUR != 0
                        && RELATION[general][to] == 0
                    {
                        by_freed_legs += 1;
                    }
                }
            }
        });
        assert!(checks > 1_000, "only {checks} checks");
        assert!(
            by_freed_legs > 0,
            "no check by a freed horse leg in {checks} checks"
        );
    }

    /// `seen` counts the history's positions by slot through makes, null moves and
    /// unmakes; a slot left short would let the repetition test skip a real repetition.
    #[test]
    fn seen_counts_the_history_by_slot() {
        let recount = |pos: &Position| {
            let mut counts = vec![0u16; SEEN_SLOTS];
            for undo in &pos.history {
                counts[seen_slot(undo.hash)] += 1;
            }
            counts
        };
        let mut nulls = 0;
        crate::random_games::walk(40, 60, false, |pos, moves| {
            assert_eq!(pos.seen[..], recount(pos)[..], "{}", pos.to_fen());
            let mut p = pos.clone();
            let mv = moves[p.history.len() % moves.len()];
            p.do_move(mv);
            assert_eq!(p.seen[..], recount(&p)[..]);
            if !p.in_check {
                p.do_null();
                assert_eq!(p.seen[..], recount(&p)[..]);
                p.undo_null();
                nulls += 1;
            }
            p.undo_move(mv);
            assert_eq!(p.seen[..], pos.seen[..]);
        });
        assert!(nulls > 100, "only {nulls} null moves tried");
    }
}
