//! One pass over the board that every evaluation term reads: piece counts, attack sets
//! by piece value class, and the moves of chariots, horses and cannons (for mobility).

use crate::position::Position;
use crate::tables::{bit, Jumps, ADVISOR, ELEPHANT, GENERAL, HORSE, RAYS, SOLDIER};
use crate::types::{PieceKind, SQUARES};
use game::Side;

/// Value classes, cheapest first: a piece is "attacked by a lesser piece" when an enemy
/// of a lower class attacks it.
pub(crate) const fn class(kind: PieceKind) -> usize {
    match kind {
        PieceKind::Soldier => 0,
        PieceKind::Advisor | PieceKind::Elephant => 1,
        PieceKind::Horse | PieceKind::Cannon => 2,
        PieceKind::Chariot => 3,
        PieceKind::General => 4,
    }
}

/// Room for each side's chariots, horses and cannons (the FEN parser allows two of each).
const MAX_MOBILE: usize = 8;

/// A chariot, horse or cannon and where it can go.
#[derive(Clone, Copy, Default)]
pub(crate) struct Mobile {
    pub(crate) sq: u8,
    /// `PieceKind as u8`.
    pub(crate) kind: u8,
    /// Blocked horse legs toward on-board destinations.
    pub(crate) blocked: u8,
    /// Destinations: empty squares and enemy pieces it can capture.
    pub(crate) moves: u128,
}

/// What the terms need to know about the board.
pub(crate) struct Attacks {
    /// Squares each side attacks (own pieces on them count as defended).
    pub(crate) all: [u128; 2],
    /// Attacks per side by value class (see [`class`]).
    pub(crate) by_class: [[u128; 5]; 2],
    /// Chariots, horses and cannons per side.
    pub(crate) mobile: [[Mobile; MAX_MOBILE]; 2],
    /// How many entries of `mobile` are used.
    pub(crate) n_mobile: [usize; 2],
    /// Pieces per side by `PieceKind as usize`.
    pub(crate) counts: [[i32; 8]; 2],
}

impl Attacks {
    /// Squares `side` attacks with pieces of a class below `class` (see [`class`]).
    #[inline]
    pub(crate) fn lesser(&self, side: Side, class: usize) -> u128 {
        self.by_class[side.index()][..class]
            .iter()
            .fold(0, |a, &b| a | b)
    }
}

#[inline(always)]
fn jumps(pos: &Position, j: &Jumps, check_block: bool, blocked: &mut u8) -> u128 {
    let mut set = 0;
    for i in 0..j.len as usize {
        if check_block && !pos.board[j.block[i] as usize].is_none() {
            *blocked += 1;
            continue;
        }
        set |= bit(j.to[i] as usize);
    }
    set
}

impl Attacks {
    /// Walks every piece of both sides once.
    pub(crate) fn compute(pos: &Position) -> Attacks {
        let mut a = Attacks {
            all: [0; 2],
            by_class: [[0; 5]; 2],
            mobile: [[Mobile::default(); MAX_MOBILE]; 2],
            n_mobile: [0; 2],
            counts: [[0; 8]; 2],
        };
        for side in [Side::White, Side::Black] {
            let s = side.index();
            let own = pos.occ[s];
            let mut pieces = own;
            while pieces != 0 {
                let sq = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                let Some(kind) = pos.board[sq].kind() else {
                    continue;
                };
                a.counts[s][kind as usize] += 1;
                let mut blocked = 0u8;
                let (attacks, moves) = match kind {
                    PieceKind::Chariot => {
                        let mut set = 0;
                        for ray in &RAYS[sq] {
                            for &t in &ray.sq[..ray.len as usize] {
                                set |= bit(t as usize);
                                if !pos.board[t as usize].is_none() {
                                    break;
                                }
                            }
                        }
                        (set, set & !own)
                    }
                    PieceKind::Cannon => {
                        let (mut quiet, mut hits) = (0, 0);
                        for ray in &RAYS[sq] {
                            let squares = &ray.sq[..ray.len as usize];
                            let mut i = 0;
                            while i < squares.len() && pos.board[squares[i] as usize].is_none() {
                                quiet |= bit(squares[i] as usize);
                                i += 1;
                            }
                            i += 1;
                            while i < squares.len() {
                                if !pos.board[squares[i] as usize].is_none() {
                                    hits |= bit(squares[i] as usize);
                                    break;
                                }
                                i += 1;
                            }
                        }
                        (hits, quiet | (hits & !own))
                    }
                    PieceKind::Horse => {
                        let set = jumps(pos, &HORSE[sq], true, &mut blocked);
                        (set, set & !own)
                    }
                    PieceKind::Soldier => (jumps(pos, &SOLDIER[s][sq], false, &mut blocked), 0),
                    PieceKind::Advisor => (jumps(pos, &ADVISOR[s][sq], false, &mut blocked), 0),
                    PieceKind::Elephant => {
                        let mut eyes = 0;
                        (jumps(pos, &ELEPHANT[s][sq], true, &mut eyes), 0)
                    }
                    PieceKind::General => (jumps(pos, &GENERAL[s][sq], false, &mut blocked), 0),
                };
                a.all[s] |= attacks;
                a.by_class[s][class(kind)] |= attacks;
                if matches!(
                    kind,
                    PieceKind::Chariot | PieceKind::Horse | PieceKind::Cannon
                ) && a.n_mobile[s] < MAX_MOBILE
                {
                    a.mobile[s][a.n_mobile[s]] = Mobile {
                        sq: sq as u8,
                        kind: kind as u8,
                        blocked,
                        moves,
                    };
                    a.n_mobile[s] += 1;
                }
            }
        }
        debug_assert!(a.all.iter().all(|&b| b >> SQUARES == 0));
        a
    }

    /// The chariots, horses and cannons of `side`.
    pub(crate) fn mobile(&self, side: Side) -> &[Mobile] {
        &self.mobile[side.index()][..self.n_mobile[side.index()]]
    }

    /// Pieces of `kind` that `side` has.
    pub(crate) fn count(&self, side: Side, kind: PieceKind) -> i32 {
        self.counts[side.index()][kind as usize]
    }
}
