//! The board state that one move changes: pieces, rights, clocks, the incremental
//! Polyglot hash, the pawn key of the evaluation's pawn cache and the incremental material +
//! piece-square sums.
//!
//! `Board` is `Copy` (about 230 bytes): the position keeps a stack of earlier boards
//! (copy-make), which also serves unmake and repetition detection.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::moves::{flag, Move};
use crate::polyglot::RANDOM;
use crate::pst::{PHASE_INC, SIGNED};
use crate::types::{Castling, Color, Piece, PieceKind, Square};

const fn piece_keys() -> [[u64; 64]; 12] {
    let mut t = [[0u64; 64]; 12];
    let mut p = 0;
    while p < 12 {
        let (color, kind) = (p / 6, p % 6);
        let pg_kind = 2 * kind + if color == 0 { 1 } else { 0 };
        let mut sq = 0;
        while sq < 64 {
            t[p][sq] = RANDOM[64 * pg_kind + sq];
            sq += 1;
        }
        p += 1;
    }
    t
}

const fn castle_keys() -> [u64; 16] {
    let mut t = [0u64; 16];
    let mut bits = 0;
    while bits < 16 {
        let mut i = 0;
        while i < 4 {
            if bits & (1 << i) != 0 {
                t[bits] ^= RANDOM[768 + i];
            }
            i += 1;
        }
        bits += 1;
    }
    t
}

/// Polyglot keys per piece index (0..12) and square.
static PIECE_KEYS: [[u64; 64]; 12] = piece_keys();
/// Polyglot keys per castling-rights set.
static CASTLE_KEYS: [u64; 16] = castle_keys();
/// Polyglot en-passant keys per file (hashed only when a capture is possible).
pub(crate) const EP_KEYS: [u64; 8] = {
    let mut t = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        t[f] = RANDOM[772 + f];
        f += 1;
    }
    t
};
/// Polyglot's key for "White to move".
pub(crate) const TURN_KEY: u64 = RANDOM[780];

/// The rooks' starting squares of standard chess, by castling-right bit (h1, a1, h8, a8).
pub(crate) const STANDARD_ROOKS: [Square; 4] = [
    Square::new(7),
    Square::new(0),
    Square::new(63),
    Square::new(56),
];

/// The squares whose pieces hold castling rights in standard chess: the kings' and rooks'
/// starting squares.
const STANDARD_TOUCH: Bitboard = Bitboard(1 << 0 | 1 << 4 | 1 << 7 | 1 << 56 | 1 << 60 | 1 << 63);

/// The castling-right bit (0..4, as in [`Castling`]) of `color`'s castling on the king
/// side (`queen` false) or queen side.
#[inline]
pub(crate) const fn right_index(color: Color, queen: bool) -> usize {
    color.index() * 2 + queen as usize
}

/// All ones for a pawn, zero otherwise: the pawn key takes a piece's key through it, so
/// every move updates it without a branch.
#[inline]
fn pawn_mask(p: Piece) -> u64 {
    u64::from(p.kind == PieceKind::Pawn).wrapping_neg()
}

/// Everything about a position except its history.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Board {
    pub(crate) kinds: [Bitboard; 6],
    pub(crate) colors: [Bitboard; 2],
    pub(crate) squares: [Option<Piece>; 64],
    pub(crate) side: Color,
    pub(crate) castling: Castling,
    /// The starting square of the rook each castling right (by bit index) moves: fixed for
    /// a game, and not on the a- and h-files only in Chess960.
    pub(crate) castle_rooks: [Square; 4],
    /// The kings' and those rooks' starting squares: a move that touches none of them
    /// keeps every castling right, which the common case tests with one AND.
    pub(crate) castle_touch: Bitboard,
    /// Whether the game is Chess960: castling is written king-takes-rook and FEN
    /// castling rights as X-FEN.
    pub(crate) chess960: bool,
    /// Set only when a pawn of the side to move could capture there (pseudo-legally):
    /// that is exactly when Polyglot hashes the en-passant file.
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
    /// Plies since the last null move (or since the position was set up); repetition
    /// scans never look past a null move.
    pub(crate) plies_from_null: u16,
    pub(crate) hash: u64,
    /// Zobrist key of the pawns alone (both colours), for the evaluation's pawn cache.
    pub(crate) pawn_key: u64,
    /// Zobrist key of each colour's pieces other than pawns (king included), for the
    /// search's non-pawn correction histories.
    pub(crate) non_pawn_keys: [u64; 2],
    /// Material + piece-square sum, White minus Black, as (midgame, endgame).
    pub(crate) psq: (i32, i32),
    pub(crate) phase: i32,
    pub(crate) checkers: Bitboard,
}

impl Board {
    pub(crate) fn empty() -> Board {
        Board {
            kinds: [Bitboard::EMPTY; 6],
            colors: [Bitboard::EMPTY; 2],
            squares: [None; 64],
            side: Color::White,
            castling: Castling(0),
            castle_rooks: STANDARD_ROOKS,
            castle_touch: STANDARD_TOUCH,
            chess960: false,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            plies_from_null: 0,
            hash: 0,
            pawn_key: 0,
            non_pawn_keys: [0; 2],
            psq: (0, 0),
            phase: 0,
            checkers: Bitboard::EMPTY,
        }
    }

    #[inline]
    pub(crate) fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    #[inline]
    pub(crate) fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.colors[color.index()] & self.kinds[kind.index()]
    }

    #[inline]
    pub(crate) fn diagonal_sliders(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
            & (self.kinds[PieceKind::Bishop.index()] | self.kinds[PieceKind::Queen.index()])
    }

    #[inline]
    pub(crate) fn straight_sliders(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
            & (self.kinds[PieceKind::Rook.index()] | self.kinds[PieceKind::Queen.index()])
    }

    #[inline]
    pub(crate) fn king_square(&self, color: Color) -> Square {
        self.pieces(color, PieceKind::King).lsb()
    }

    #[inline]
    pub(crate) fn piece_on(&self, sq: Square) -> Option<Piece> {
        self.squares[sq.index()]
    }

    /// Pieces of `by` attacking `sq` through occupancy `occ`.
    #[inline]
    pub(crate) fn attackers_by(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        let them = self.colors[by.index()];
        ((attacks::pawn(by.flip(), sq) & self.kinds[PieceKind::Pawn.index()])
            | (attacks::knight(sq) & self.kinds[PieceKind::Knight.index()])
            | (attacks::king(sq) & self.kinds[PieceKind::King.index()])
            | (attacks::bishop(sq, occ)
                & (self.kinds[PieceKind::Bishop.index()] | self.kinds[PieceKind::Queen.index()]))
            | (attacks::rook(sq, occ)
                & (self.kinds[PieceKind::Rook.index()] | self.kinds[PieceKind::Queen.index()])))
            & them
    }

    /// Pieces of both colours attacking `sq` through occupancy `occ`.
    pub(crate) fn attackers_all(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.attackers_by(sq, Color::White, occ) | self.attackers_by(sq, Color::Black, occ)
    }

    /// The pieces giving check to the side to move, from scratch.
    pub(crate) fn compute_checkers(&self) -> Bitboard {
        let k = self.king_square(self.side);
        self.attackers_by(k, self.side.flip(), self.occupied())
    }

    #[inline]
    fn add(&mut self, p: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.kinds[p.kind.index()] |= bb;
        self.colors[p.color.index()] |= bb;
        self.squares[sq.index()] = Some(p);
        let key = PIECE_KEYS[p.index()][sq.index()];
        self.hash ^= key;
        self.pawn_key ^= key & pawn_mask(p);
        self.non_pawn_keys[p.color.index()] ^= key & !pawn_mask(p);
        let (mg, eg) = SIGNED[p.index()][sq.index()];
        self.psq.0 += mg;
        self.psq.1 += eg;
        self.phase += PHASE_INC[p.kind.index()];
    }

    #[inline]
    fn remove(&mut self, p: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.kinds[p.kind.index()] ^= bb;
        self.colors[p.color.index()] ^= bb;
        self.squares[sq.index()] = None;
        let key = PIECE_KEYS[p.index()][sq.index()];
        self.hash ^= key;
        self.pawn_key ^= key & pawn_mask(p);
        self.non_pawn_keys[p.color.index()] ^= key & !pawn_mask(p);
        let (mg, eg) = SIGNED[p.index()][sq.index()];
        self.psq.0 -= mg;
        self.psq.1 -= eg;
        self.phase -= PHASE_INC[p.kind.index()];
    }

    #[inline]
    fn shift(&mut self, p: Piece, from: Square, to: Square) {
        let bb = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.kinds[p.kind.index()] ^= bb;
        self.colors[p.color.index()] ^= bb;
        self.squares[from.index()] = None;
        self.squares[to.index()] = Some(p);
        let keys = &PIECE_KEYS[p.index()];
        let key = keys[from.index()] ^ keys[to.index()];
        self.hash ^= key;
        self.pawn_key ^= key & pawn_mask(p);
        self.non_pawn_keys[p.color.index()] ^= key & !pawn_mask(p);
        let table = &SIGNED[p.index()];
        self.psq.0 += table[to.index()].0 - table[from.index()].0;
        self.psq.1 += table[to.index()].1 - table[from.index()].1;
    }

    /// Puts a piece on an empty square while setting up a position.
    pub(crate) fn put(&mut self, p: Piece, sq: Square) {
        self.add(p, sq);
    }

    /// Plays a legal move, updating everything incrementally.
    pub(crate) fn play(&mut self, mv: Move) {
        let us = self.side;
        let them = us.flip();
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = self.squares[from.index()] else {
            debug_assert!(false, "no piece on {from} for {mv}");
            return;
        };
        if let Some(ep) = self.ep.take() {
            self.hash ^= EP_KEYS[ep.file() as usize];
        }
        self.halfmove = self.halfmove.saturating_add(1);
        self.plies_from_null = self.plies_from_null.saturating_add(1);
        match mv.kind() {
            flag::QUIET | flag::DOUBLE_PUSH => self.shift(piece, from, to),
            flag::KING_CASTLE | flag::QUEEN_CASTLE => {
                // Lift both pieces before placing them: in Chess960 the king may land on
                // the rook's square or stay where it is.
                let queen = mv.kind() == flag::QUEEN_CASTLE;
                let rook = Piece::new(us, PieceKind::Rook);
                let rook_from = self.castle_rooks[right_index(us, queen)];
                let rook_to = if queen {
                    Square::new(to.index() as u8 + 1)
                } else {
                    Square::new(to.index() as u8 - 1)
                };
                self.remove(piece, from);
                self.remove(rook, rook_from);
                self.add(piece, to);
                self.add(rook, rook_to);
            }
            flag::EN_PASSANT => {
                self.remove(
                    Piece::new(them, PieceKind::Pawn),
                    Square::new(to.index() as u8 ^ 8),
                );
                self.shift(piece, from, to);
            }
            _ => {
                if let Some(victim) = self.squares[to.index()] {
                    self.remove(victim, to);
                    self.halfmove = 0;
                }
                if let Some(promo) = mv.promotion() {
                    self.remove(piece, from);
                    self.add(Piece::new(us, promo), to);
                } else {
                    self.shift(piece, from, to);
                }
            }
        }
        if piece.kind == PieceKind::Pawn {
            self.halfmove = 0;
            if mv.kind() == flag::DOUBLE_PUSH {
                let ep = Square::new(((from.index() + to.index()) / 2) as u8);
                if (attacks::pawn(us, ep) & self.pieces(them, PieceKind::Pawn)).any() {
                    self.ep = Some(ep);
                    self.hash ^= EP_KEYS[ep.file() as usize];
                }
            }
        }
        let old = self.castling.0;
        let touched = Bitboard::from_square(from) | Bitboard::from_square(to);
        if old != 0 && (touched & self.castle_touch).any() {
            let new = old & self.castle_keep(piece, from, to);
            if new != old {
                self.castling = Castling(new);
                self.hash ^= CASTLE_KEYS[old as usize] ^ CASTLE_KEYS[new as usize];
            }
        }
        self.side = them;
        self.hash ^= TURN_KEY;
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        let king = self.king_square(them);
        self.checkers = self.attackers_by(king, us, self.occupied());
    }

    /// The castling rights a move of `piece` from `from` to `to` keeps: a king move gives
    /// up both of its side's rights, a move from or onto a castling rook's starting square
    /// the right of that rook.
    fn castle_keep(&self, piece: Piece, from: Square, to: Square) -> u8 {
        let mut keep = 15u8;
        if piece.kind == PieceKind::King {
            keep &= !(3 << (2 * piece.color.index()));
        }
        for (i, &rook) in self.castle_rooks.iter().enumerate() {
            if rook == from || rook == to {
                keep &= !(1 << i);
            }
        }
        keep
    }

    /// Passes the turn (the caller guarantees the side to move is not in check).
    pub(crate) fn play_null(&mut self) {
        if let Some(ep) = self.ep.take() {
            self.hash ^= EP_KEYS[ep.file() as usize];
        }
        self.halfmove = self.halfmove.saturating_add(1);
        self.plies_from_null = 0;
        self.side = self.side.flip();
        self.hash ^= TURN_KEY;
        self.checkers = self.compute_checkers();
    }

    /// The Polyglot key computed from scratch.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.occupied() {
            if let Some(p) = self.squares[sq.index()] {
                h ^= PIECE_KEYS[p.index()][sq.index()];
            }
        }
        h ^= CASTLE_KEYS[self.castling.0 as usize];
        if let Some(ep) = self.ep {
            h ^= EP_KEYS[ep.file() as usize];
        }
        if self.side == Color::White {
            h ^= TURN_KEY;
        }
        h
    }

    /// The pawn key computed from scratch.
    pub(crate) fn compute_pawn_key(&self) -> u64 {
        let mut h = 0;
        for color in Color::ALL {
            let pawn = Piece::new(color, PieceKind::Pawn);
            for sq in self.pieces(color, PieceKind::Pawn) {
                h ^= PIECE_KEYS[pawn.index()][sq.index()];
            }
        }
        h
    }

    /// The non-pawn keys computed from scratch.
    pub(crate) fn compute_non_pawn_keys(&self) -> [u64; 2] {
        let mut keys = [0; 2];
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                if kind == PieceKind::Pawn {
                    continue;
                }
                let piece = Piece::new(color, kind);
                for sq in self.pieces(color, kind) {
                    keys[color.index()] ^= PIECE_KEYS[piece.index()][sq.index()];
                }
            }
        }
        keys
    }

    /// The minor-piece key: the Zobrist keys of both colours' knights, bishops and kings.
    /// Counted when asked rather than kept in make and unmake: the minor-piece correction
    /// it serves stays off in chess (−1.4 ± 10.7 over 2479 games, session 75), and every
    /// move would pay for a key kept incrementally.
    pub(crate) fn compute_minor_key(&self) -> u64 {
        let mut h = 0;
        for color in Color::ALL {
            for kind in [PieceKind::Knight, PieceKind::Bishop, PieceKind::King] {
                let piece = Piece::new(color, kind);
                for sq in self.pieces(color, kind) {
                    h ^= PIECE_KEYS[piece.index()][sq.index()];
                }
            }
        }
        h
    }

    /// The material + piece-square sums and phase computed from scratch.
    pub(crate) fn compute_psq(&self) -> ((i32, i32), i32) {
        let mut psq = (0, 0);
        let mut phase = 0;
        for sq in self.occupied() {
            if let Some(p) = self.squares[sq.index()] {
                let (mg, eg) = SIGNED[p.index()][sq.index()];
                psq.0 += mg;
                psq.1 += eg;
                phase += PHASE_INC[p.kind.index()];
            }
        }
        (psq, phase)
    }
}
