//! Legal move generation with check and pin masks.
//!
//! One generator feeds a [`Sink`]: the list sink stores moves, the counting sink
//! only adds up target-set sizes, which is what perft's last ply needs (bulk counting
//! without writing a single move).

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::{right_index, Board};
use crate::moves::{flag, Move};
use crate::types::{Color, PieceKind, Square};
use game::MoveList;

/// Receives generated moves, in bulk where possible.
pub(crate) trait Sink {
    /// Moves from `from` to every square of `targets`, all of kind `kind`.
    fn many(&mut self, from: Square, targets: Bitboard, kind: u16);
    /// Pawn moves to every square of `targets`, each from `to - delta`.
    fn pawns(&mut self, targets: Bitboard, delta: i32, kind: u16);
    /// The four promotions to every square of `targets`, each from `to - delta`.
    fn promotions(&mut self, targets: Bitboard, delta: i32, capture: bool);
    /// One move.
    fn one(&mut self, mv: Move);
}

/// Stores moves in a [`MoveList`].
pub(crate) struct ListSink<'a>(pub(crate) &'a mut MoveList<Move>);

impl Sink for ListSink<'_> {
    #[inline]
    fn many(&mut self, from: Square, targets: Bitboard, kind: u16) {
        for to in targets {
            self.0.push(Move::new(from, to, kind));
        }
    }
    #[inline]
    fn pawns(&mut self, targets: Bitboard, delta: i32, kind: u16) {
        for to in targets {
            let from = Square::new((to.index() as i32 - delta) as u8);
            self.0.push(Move::new(from, to, kind));
        }
    }
    #[inline]
    fn promotions(&mut self, targets: Bitboard, delta: i32, capture: bool) {
        let base = if capture {
            flag::PROMO_CAPTURE
        } else {
            flag::PROMO
        };
        for to in targets {
            let from = Square::new((to.index() as i32 - delta) as u8);
            // queen first: the likeliest best promotion
            for p in (0..4).rev() {
                self.0.push(Move::new(from, to, base + p));
            }
        }
    }
    #[inline]
    fn one(&mut self, mv: Move) {
        self.0.push(mv);
    }
}

/// Only counts moves.
#[derive(Default)]
pub(crate) struct CountSink(pub(crate) u64);

impl Sink for CountSink {
    #[inline]
    fn many(&mut self, _from: Square, targets: Bitboard, _kind: u16) {
        self.0 += targets.count() as u64;
    }
    #[inline]
    fn pawns(&mut self, targets: Bitboard, _delta: i32, _kind: u16) {
        self.0 += targets.count() as u64;
    }
    #[inline]
    fn promotions(&mut self, targets: Bitboard, _delta: i32, _capture: bool) {
        self.0 += 4 * targets.count() as u64;
    }
    #[inline]
    fn one(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// Every square `by` attacks, with occupancy `occ` (the defending king removed by the
/// caller, so that it cannot step back along a checking ray).
#[inline]
fn attacked_squares(b: &Board, by: Color, occ: Bitboard) -> Bitboard {
    let pawns = b.pieces(by, PieceKind::Pawn);
    let fwd = pawns.forward(by);
    let mut a = fwd.west() | fwd.east();
    a |= attacks::king(b.king_square(by));
    for sq in b.pieces(by, PieceKind::Knight) {
        a |= attacks::knight(sq);
    }
    for sq in b.diagonal_sliders(by) {
        a |= attacks::bishop(sq, occ);
    }
    for sq in b.straight_sliders(by) {
        a |= attacks::rook(sq, occ);
    }
    a
}

/// Our pieces pinned to our king on `ksq`.
#[inline]
pub(crate) fn pinned(b: &Board, us: Color, ksq: Square) -> Bitboard {
    let them = us.flip();
    let theirs = b.colors[them.index()];
    let occ = b.occupied();
    let snipers = (attacks::rook(ksq, theirs) & b.straight_sliders(them))
        | (attacks::bishop(ksq, theirs) & b.diagonal_sliders(them));
    let mut pinned = Bitboard::EMPTY;
    for s in snipers {
        let between = attacks::between(ksq, s) & occ;
        if !between.more_than_one() {
            pinned |= between & b.colors[us.index()];
        }
    }
    pinned
}

/// Generates the legal moves of the side to move into `sink`; with `QUIETS` false only
/// the noisy ones (captures and all promotions).
#[inline]
pub(crate) fn generate<S: Sink, const QUIETS: bool>(b: &Board, sink: &mut S) {
    let us = b.side;
    let them = us.flip();
    let occ = b.occupied();
    let ours = b.colors[us.index()];
    let theirs = b.colors[them.index()];
    let ksq = b.king_square(us);
    let checkers = b.checkers;

    let danger = attacked_squares(b, them, occ ^ Bitboard::from_square(ksq));
    let king_targets = attacks::king(ksq) & !ours & !danger;
    sink.many(ksq, king_targets & theirs, flag::CAPTURE);
    if QUIETS {
        sink.many(ksq, king_targets & !occ, flag::QUIET);
    }
    if checkers.more_than_one() {
        return;
    }
    let (quiet_mask, capture_mask) = if checkers.any() {
        (attacks::between(ksq, checkers.lsb()), checkers)
    } else {
        (!occ, theirs)
    };
    let pinned = pinned(b, us, ksq);

    for from in b.pieces(us, PieceKind::Knight) & !pinned {
        let a = attacks::knight(from);
        sink.many(from, a & capture_mask, flag::CAPTURE);
        if QUIETS {
            sink.many(from, a & quiet_mask, flag::QUIET);
        }
    }
    let slider_args = (ksq, pinned, occ, quiet_mask, capture_mask);
    sliders::<S, QUIETS>(sink, b.diagonal_sliders(us), attacks::bishop, slider_args);
    sliders::<S, QUIETS>(sink, b.straight_sliders(us), attacks::rook, slider_args);

    pawn_moves::<S, QUIETS>(b, sink, pinned, ksq, quiet_mask, capture_mask);

    if let Some(ep) = b.ep {
        en_passant(b, sink, ep, ksq);
    }

    if QUIETS && checkers.is_empty() {
        castling(b, sink, occ, danger);
    }
}

/// Moves of the sliders in `from_set` along the lines `attack` gives; a pinned slider
/// stays on the line through its king.
#[inline]
fn sliders<S: Sink, const QUIETS: bool>(
    sink: &mut S,
    from_set: Bitboard,
    attack: fn(Square, Bitboard) -> Bitboard,
    (ksq, pinned, occ, quiet_mask, capture_mask): (Square, Bitboard, Bitboard, Bitboard, Bitboard),
) {
    for from in from_set {
        let mut a = attack(from, occ);
        if pinned.has(from) {
            a &= attacks::line(ksq, from);
        }
        sink.many(from, a & capture_mask, flag::CAPTURE);
        if QUIETS {
            sink.many(from, a & quiet_mask, flag::QUIET);
        }
    }
}

#[inline]
fn pawn_moves<S: Sink, const QUIETS: bool>(
    b: &Board,
    sink: &mut S,
    pinned: Bitboard,
    ksq: Square,
    quiet_mask: Bitboard,
    capture_mask: Bitboard,
) {
    let us = b.side;
    let occ = b.occupied();
    let pawns = b.pieces(us, PieceKind::Pawn);
    let white = us == Color::White;
    let (push, west, east) = if white { (8, 7, 9) } else { (-8, -9, -7) };
    let last = Bitboard::RANKS[if white { 7 } else { 0 }];
    let third = Bitboard::RANKS[if white { 2 } else { 5 }];

    let free = pawns & !pinned;
    let single = free.forward(us) & !occ;
    let double = (single & third).forward(us) & !occ & quiet_mask;
    let single = single & quiet_mask;
    sink.promotions(single & last, push, false);
    if QUIETS {
        sink.pawns(single & !last, push, flag::QUIET);
        sink.pawns(double, push * 2, flag::DOUBLE_PUSH);
    }
    let ahead = free.forward(us);
    let cap_west = ahead.west() & capture_mask;
    let cap_east = ahead.east() & capture_mask;
    sink.promotions(cap_west & last, west, true);
    sink.promotions(cap_east & last, east, true);
    sink.pawns(cap_west & !last, west, flag::CAPTURE);
    sink.pawns(cap_east & !last, east, flag::CAPTURE);

    // Pinned pawns are rare: one at a time, along the pin line.
    for from in pawns & pinned {
        let line = attacks::line(ksq, from);
        let bb = Bitboard::from_square(from);
        let one = bb.forward(us) & !occ & line;
        let two = (one & third).forward(us) & !occ & quiet_mask;
        let one = one & quiet_mask;
        let caps = attacks::pawn(us, from) & capture_mask & line;
        if (one & last).any() {
            sink.promotions(one, push, false);
        } else if QUIETS {
            sink.many(from, one, flag::QUIET);
            sink.many(from, two, flag::DOUBLE_PUSH);
        }
        if (caps & last).any() {
            for to in caps {
                let delta = to.index() as i32 - from.index() as i32;
                sink.promotions(Bitboard::from_square(to), delta, true);
            }
        } else {
            sink.many(from, caps, flag::CAPTURE);
        }
    }
}

/// En passant, checked by playing it out on the occupancy: this also covers the
/// case where both pawns leave a rank that joins our king to an enemy rook.
#[inline]
fn en_passant<S: Sink>(b: &Board, sink: &mut S, ep: Square, ksq: Square) {
    let us = b.side;
    let them = us.flip();
    let captured = Square::new(ep.index() as u8 ^ 8);
    let cap_bb = Bitboard::from_square(captured);
    for from in attacks::pawn(them, ep) & b.pieces(us, PieceKind::Pawn) {
        let occ = b.occupied() ^ Bitboard::from_square(from) ^ cap_bb ^ Bitboard::from_square(ep);
        let attackers = (attacks::rook(ksq, occ) & b.straight_sliders(them))
            | (attacks::bishop(ksq, occ) & b.diagonal_sliders(them))
            | (attacks::knight(ksq) & b.pieces(them, PieceKind::Knight))
            | (attacks::pawn(us, ksq) & b.pieces(them, PieceKind::Pawn) & !cap_bb);
        if attackers.is_empty() {
            sink.one(Move::new(from, ep, flag::EN_PASSANT));
        }
    }
}

/// The squares from `a` to `b`, both included (`a` alone when they are equal).
#[inline]
pub(crate) fn span(a: Square, b: Square) -> Bitboard {
    attacks::between(a, b) | Bitboard::from_square(a) | Bitboard::from_square(b)
}

/// Castling on either side, for standard chess and Chess960 alike: every square the king
/// and the rook cross or land on is empty but for those two, and no square the king
/// crosses or lands on is attacked.
#[inline]
fn castling<S: Sink>(b: &Board, sink: &mut S, occ: Bitboard, danger: Bitboard) {
    let us = b.side;
    let base = if us == Color::White { 0u8 } else { 56u8 };
    let ksq = b.king_square(us);
    for (queen, kind) in [(false, flag::KING_CASTLE), (true, flag::QUEEN_CASTLE)] {
        let i = right_index(us, queen);
        if !b.castling.has(1 << i) {
            continue;
        }
        let rsq = b.castle_rooks[i];
        let (king_to, rook_to) = if queen {
            (Square::new(base + 2), Square::new(base + 3))
        } else {
            (Square::new(base + 6), Square::new(base + 5))
        };
        let others = occ ^ Bitboard::from_square(ksq) ^ Bitboard::from_square(rsq);
        let king_path = span(ksq, king_to);
        if ((king_path | span(rsq, rook_to)) & others).any() || (king_path & danger).any() {
            continue;
        }
        // A rook off the a- and h-files (Chess960 only) may be what shields the king's
        // destination from an enemy rook or queen further along the rank.
        if rsq.file() != 0 && rsq.file() != 7 {
            let seen = attacks::rook(king_to, others | Bitboard::from_square(rook_to));
            if (seen & b.straight_sliders(us.flip())).any() {
                continue;
            }
        }
        sink.one(Move::new(ksq, king_to, kind));
    }
}
