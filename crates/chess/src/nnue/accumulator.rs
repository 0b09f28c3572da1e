//! Hidden-layer sums per perspective, updated by the pieces a move adds and removes.

use super::{feature, Network, HIDDEN};
use crate::board::{right_index, Board};
use crate::moves::{flag, Move};
use crate::types::{Color, Piece, PieceKind, Square};

/// The first layer's output before the clipped ReLU, for White's and Black's perspective.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C, align(64))]
pub struct Accumulator(pub [[i16; HIDDEN]; 2]);

/// What a move changes on the board: at most two pieces added and two removed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Delta {
    added: [(Piece, Square); 2],
    removed: [(Piece, Square); 2],
    n_added: usize,
    n_removed: usize,
}

impl Delta {
    fn add(&mut self, p: Piece, sq: Square) {
        self.added[self.n_added] = (p, sq);
        self.n_added += 1;
    }

    fn remove(&mut self, p: Piece, sq: Square) {
        self.removed[self.n_removed] = (p, sq);
        self.n_removed += 1;
    }

    /// The pieces `mv` (legal on `b`) adds and removes.
    pub(crate) fn of(b: &Board, mv: Move) -> Delta {
        // unused slots are never read (n_added and n_removed bound every loop)
        let unused = (Piece::new(Color::White, PieceKind::Pawn), Square::new(0));
        let mut d = Delta {
            added: [unused; 2],
            removed: [unused; 2],
            n_added: 0,
            n_removed: 0,
        };
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = b.piece_on(from) else {
            return d;
        };
        let us = piece.color;
        match mv.kind() {
            flag::KING_CASTLE | flag::QUEEN_CASTLE => {
                let rook = Piece::new(us, PieceKind::Rook);
                let queen = mv.kind() == flag::QUEEN_CASTLE;
                let rook_to = if queen {
                    to.index() + 1
                } else {
                    to.index() - 1
                };
                d.remove(rook, b.castle_rooks[right_index(us, queen)]);
                d.add(rook, Square::new(rook_to as u8));
            }
            flag::EN_PASSANT => d.remove(
                Piece::new(us.flip(), PieceKind::Pawn),
                Square::new(to.index() as u8 ^ 8),
            ),
            _ => {
                if let Some(victim) = b.piece_on(to) {
                    d.remove(victim, to);
                }
            }
        }
        d.remove(piece, from);
        d.add(Piece::new(us, mv.promotion().unwrap_or(piece.kind)), to);
        d
    }
}

impl Accumulator {
    /// The sums of a board computed from its pieces.
    pub(crate) fn from_board(net: &Network, b: &Board) -> Accumulator {
        let mut acc = Accumulator([net.biases; 2]);
        for sq in b.occupied() {
            if let Some(piece) = b.piece_on(sq) {
                for color in Color::ALL {
                    add_row(
                        &mut acc.0[color.index()],
                        &net.weights[feature(color, piece, sq)],
                    );
                }
            }
        }
        acc
    }

    /// Writes into `next` these sums after a move with the given delta. Each perspective's
    /// row is read and written once, with every added and removed weight row applied in
    /// the same pass (a copy followed by separate adds would pass over it three times).
    ///
    /// On x86-64 CPUs with AVX2 (checked at run time: the binary itself is built for
    /// x86-64-v2, which lacks it) the same code runs compiled for AVX2, whose vectors hold
    /// twice as many sums.
    #[inline]
    pub(crate) fn update_into(&self, net: &Network, d: &Delta, next: &mut Accumulator) {
        #[cfg(target_arch = "x86_64")]
        if super::simd::has_avx2() {
            // SAFETY: the CPU has AVX2 (just checked).
            unsafe { self.update_into_avx2(net, d, next) };
            return;
        }
        self.update_into_portable(net, d, next);
    }

    /// [`Accumulator::update_into`] compiled for AVX2.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn update_into_avx2(&self, net: &Network, d: &Delta, next: &mut Accumulator) {
        self.update_into_portable(net, d, next);
    }

    /// [`Accumulator::update_into`] for any CPU (inlined into the AVX2 version).
    #[inline(always)]
    fn update_into_portable(&self, net: &Network, d: &Delta, next: &mut Accumulator) {
        for color in Color::ALL {
            let row = |(p, sq): (Piece, Square)| &net.weights[feature(color, p, sq)];
            let (from, to) = (&self.0[color.index()], &mut next.0[color.index()]);
            let (added, removed) = (&d.added, &d.removed);
            match (d.n_added, d.n_removed) {
                // a quiet move or a promotion
                (1, 1) => {
                    let (a, r) = (row(added[0]), row(removed[0]));
                    apply(to, from, |i| a[i].wrapping_sub(r[i]));
                }
                // a capture
                (1, 2) => {
                    let (a, r0, r1) = (row(added[0]), row(removed[0]), row(removed[1]));
                    apply(to, from, |i| a[i].wrapping_sub(r0[i]).wrapping_sub(r1[i]));
                }
                // castling
                (2, 2) => {
                    let (a0, a1) = (row(added[0]), row(added[1]));
                    let (r0, r1) = (row(removed[0]), row(removed[1]));
                    apply(to, from, |i| {
                        a0[i]
                            .wrapping_add(a1[i])
                            .wrapping_sub(r0[i])
                            .wrapping_sub(r1[i])
                    });
                }
                // nothing moved (a move that is not legal here)
                _ => *to = *from,
            }
        }
    }
}

/// `to[i] = from[i] + change(i)` for every hidden unit.
#[inline(always)]
fn apply(to: &mut [i16; HIDDEN], from: &[i16; HIDDEN], change: impl Fn(usize) -> i16) {
    for (i, (t, &f)) in to.iter_mut().zip(from).enumerate() {
        *t = f.wrapping_add(change(i));
    }
}

/// Adds a weight row to a perspective's sums.
#[inline(always)]
fn add_row(acc: &mut [i16; HIDDEN], w: &[i16; HIDDEN]) {
    for (a, &w) in acc.iter_mut().zip(w) {
        *a = a.wrapping_add(w);
    }
}
