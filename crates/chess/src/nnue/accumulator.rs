//! Hidden-layer sums per perspective, updated by the pieces a move adds and removes.

use super::{feature, Network, HIDDEN};
use crate::board::Board;
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
                let (rf, rt) = if mv.kind() == flag::KING_CASTLE {
                    (to.index() + 1, to.index() - 1)
                } else {
                    (to.index() - 2, to.index() + 1)
                };
                d.remove(rook, Square::new(rf as u8));
                d.add(rook, Square::new(rt as u8));
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

    /// These sums after a move with the given delta.
    #[inline]
    pub(crate) fn after(&self, net: &Network, d: &Delta) -> Accumulator {
        let mut next = *self;
        for color in Color::ALL {
            let row = &mut next.0[color.index()];
            for &(p, sq) in &d.added[..d.n_added] {
                add_row(row, &net.weights[feature(color, p, sq)]);
            }
            for &(p, sq) in &d.removed[..d.n_removed] {
                sub_row(row, &net.weights[feature(color, p, sq)]);
            }
        }
        next
    }
}

#[inline(always)]
fn add_row(acc: &mut [i16; HIDDEN], w: &[i16; HIDDEN]) {
    for (a, &w) in acc.iter_mut().zip(w) {
        *a = a.wrapping_add(w);
    }
}

#[inline(always)]
fn sub_row(acc: &mut [i16; HIDDEN], w: &[i16; HIDDEN]) {
    for (a, &w) in acc.iter_mut().zip(w) {
        *a = a.wrapping_sub(w);
    }
}
