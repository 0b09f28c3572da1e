//! FEN parsing (with validation that names the failing field) and printing.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::{right_index, Board};
use crate::error::FenError;
use crate::types::{Castling, Color, Piece, PieceKind, Square};

/// Parses and validates a FEN into a board; with `chess960` the castling field may name
/// rooks on any file (X-FEN or Shredder-FEN) and the board is in Chess960 mode.
pub(crate) fn parse(fen: &str, chess960: bool) -> Result<Board, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(FenError::FieldCount(fields.len()));
    }
    let mut b = Board::empty();
    placement(&mut b, fields[0])?;
    b.side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::SideToMove(other.to_string())),
    };
    if chess960 {
        castling_960(&mut b, fields[2])?;
    } else {
        b.castling = castling(&b, fields[2])?;
    }
    b.ep = en_passant(&b, fields[3])?;
    if let Some(text) = fields.get(4) {
        b.halfmove = text
            .parse()
            .map_err(|_| FenError::HalfmoveClock(text.to_string()))?;
    }
    if let Some(text) = fields.get(5) {
        b.fullmove = match text.parse::<u16>() {
            Ok(n) if n >= 1 => n,
            _ => return Err(FenError::FullmoveNumber(text.to_string())),
        };
    }
    let them = b.side.flip();
    if b.attackers_by(b.king_square(them), b.side, b.occupied())
        .any()
    {
        return Err(FenError::OpponentInCheck);
    }
    b.checkers = b.compute_checkers();
    b.hash = b.compute_hash();
    Ok(b)
}

fn placement(b: &mut Board, text: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for ch in rank_text.chars() {
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as u8;
                if file > 8 {
                    return Err(FenError::RankOverflow(rank + 1));
                }
                continue;
            }
            let piece = Piece::from_char(ch).ok_or(FenError::BadPiece { rank: rank + 1, ch })?;
            let sq = Square::from_coords(file, rank).ok_or(FenError::RankOverflow(rank + 1))?;
            b.put(piece, sq);
            file += 1;
        }
        if file < 8 {
            return Err(FenError::RankUnderflow(rank + 1));
        }
    }
    for color in Color::ALL {
        let count = b.pieces(color, PieceKind::King).count();
        if count != 1 {
            return Err(FenError::KingCount { color, count });
        }
        let ours = b.colors[color.index()];
        let pawns = b.pieces(color, PieceKind::Pawn).count() as i32;
        let extra =
            |kind: PieceKind, normal: i32| (b.pieces(color, kind).count() as i32 - normal).max(0);
        let promoted = extra(PieceKind::Queen, 1)
            + extra(PieceKind::Rook, 2)
            + extra(PieceKind::Bishop, 2)
            + extra(PieceKind::Knight, 2);
        if ours.count() > 16 || pawns > 8 || promoted > 8 - pawns {
            return Err(FenError::TooManyPieces(color));
        }
    }
    let back = b.kinds[PieceKind::Pawn.index()] & (Bitboard::RANKS[0] | Bitboard::RANKS[7]);
    if back.any() {
        return Err(FenError::PawnOnBackRank(back.lsb().to_string()));
    }
    Ok(())
}

fn castling(b: &Board, text: &str) -> Result<Castling, FenError> {
    if text == "-" {
        return Ok(Castling(0));
    }
    let syntax_ok = text.chars().all(|c| "KQkq".contains(c))
        && "KQkq".chars().all(|c| text.matches(c).count() <= 1);
    if !syntax_ok {
        return Err(FenError::CastlingSyntax(text.to_string()));
    }
    let mut bits = 0u8;
    for ch in text.chars() {
        let (bit, color, rook_file) = match ch {
            'K' => (Castling::WHITE_KING, Color::White, 7),
            'Q' => (Castling::WHITE_QUEEN, Color::White, 0),
            'k' => (Castling::BLACK_KING, Color::Black, 7),
            'q' => (Castling::BLACK_QUEEN, Color::Black, 0),
            _ => return Err(FenError::CastlingSyntax(text.to_string())),
        };
        bits |= bit;
        let rank = if color == Color::White { 0 } else { 7 };
        let king = Square::new(rank * 8 + 4);
        let rook = Square::new(rank * 8 + rook_file);
        if b.piece_on(king) != Some(Piece::new(color, PieceKind::King)) {
            return Err(FenError::CastlingImpossible {
                right: ch,
                why: "the king is not on its starting square",
            });
        }
        if b.piece_on(rook) != Some(Piece::new(color, PieceKind::Rook)) {
            return Err(FenError::CastlingImpossible {
                right: ch,
                why: "the rook is not on its starting square",
            });
        }
    }
    Ok(Castling(bits))
}

/// Reads a Chess960 castling field into `b`'s rights, rook squares and touch mask: `K`/`Q`
/// (X-FEN) take the outermost rook on that side of the king, a file letter (X-FEN for an
/// inner rook, Shredder-FEN always) the rook on that file; uppercase for White.
fn castling_960(b: &mut Board, text: &str) -> Result<(), FenError> {
    b.chess960 = true;
    b.castle_touch = Bitboard::EMPTY;
    if text == "-" {
        return Ok(());
    }
    let mut bits = 0u8;
    for ch in text.chars() {
        if !ch.is_ascii_alphabetic() {
            return Err(FenError::Castling960Syntax(text.to_string()));
        }
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = if color == Color::White { 0 } else { 7 };
        let impossible = |why| FenError::CastlingImpossible { right: ch, why };
        let ksq = b.king_square(color);
        if ksq.rank() != rank {
            return Err(impossible("the king is not on its back rank"));
        }
        let rook = Piece::new(color, PieceKind::Rook);
        let rook_on = |file: u8| b.piece_on(Square::new(rank * 8 + file)) == Some(rook);
        let file = match ch.to_ascii_lowercase() {
            'k' => (ksq.file() + 1..8).rev().find(|&f| rook_on(f)),
            'q' => (0..ksq.file()).find(|&f| rook_on(f)),
            f @ 'a'..='h' => Some(f as u8 - b'a').filter(|&f| rook_on(f)),
            _ => return Err(FenError::Castling960Syntax(text.to_string())),
        }
        .ok_or(impossible(
            "no rook of that side stands there on the back rank",
        ))?;
        if file == ksq.file() {
            return Err(impossible("the rook's file is the king's"));
        }
        let i = right_index(color, file < ksq.file());
        if bits & (1 << i) != 0 {
            return Err(FenError::Castling960Syntax(text.to_string()));
        }
        bits |= 1 << i;
        let rsq = Square::new(rank * 8 + file);
        b.castle_rooks[i] = rsq;
        b.castle_touch |= Bitboard::from_square(rsq) | Bitboard::from_square(ksq);
    }
    b.castling = Castling(bits);
    Ok(())
}

/// Validates the en-passant square; keeps it only when a pawn of the side to move
/// could capture there, as Polyglot hashes it (an unusable square is legal FEN).
fn en_passant(b: &Board, text: &str) -> Result<Option<Square>, FenError> {
    if text == "-" {
        return Ok(None);
    }
    let sq = Square::parse(text).ok_or_else(|| FenError::EnPassantSyntax(text.to_string()))?;
    let impossible = |why| FenError::EnPassantImpossible {
        square: text.to_string(),
        why,
    };
    let us = b.side;
    let them = us.flip();
    let ep_rank = if us == Color::White { 5 } else { 2 };
    if sq.rank() != ep_rank {
        return Err(impossible(
            "it must be on rank 6 with White to move, rank 3 with Black",
        ));
    }
    // the pushed pawn stands one rank beyond the square, its origin one rank before
    let (pawn_sq, origin) = match us {
        Color::White => (
            Square::new(sq.index() as u8 - 8),
            Square::new(sq.index() as u8 + 8),
        ),
        Color::Black => (
            Square::new(sq.index() as u8 + 8),
            Square::new(sq.index() as u8 - 8),
        ),
    };
    if b.piece_on(pawn_sq) != Some(Piece::new(them, PieceKind::Pawn)) {
        return Err(impossible(
            "no pawn that just made a double step stands in front of it",
        ));
    }
    if b.piece_on(sq).is_some() || b.piece_on(origin).is_some() {
        return Err(impossible(
            "the square or the pawn's starting square is occupied",
        ));
    }
    let capturers = attacks::pawn(them, sq) & b.pieces(us, PieceKind::Pawn);
    Ok(capturers.any().then_some(sq))
}

/// The X-FEN letter of castling right `i` (bit index): `K`/`Q` (`k`/`q`) when its rook is
/// the outermost one of its colour on that side of the king, else the rook's file letter.
fn castling_letter_960(b: &Board, i: usize) -> char {
    let color = if i < 2 { Color::White } else { Color::Black };
    let queen = i % 2 == 1;
    let rsq = b.castle_rooks[i];
    let rank = Bitboard::RANKS[rsq.rank() as usize];
    let rooks = b.pieces(color, PieceKind::Rook) & rank;
    let outermost = if queen {
        rooks.lsb() == rsq
    } else {
        rooks.msb() == rsq
    };
    let letter = match (outermost, queen) {
        (true, false) => 'k',
        (true, true) => 'q',
        (false, _) => (b'a' + rsq.file()) as char,
    };
    match color {
        Color::White => letter.to_ascii_uppercase(),
        Color::Black => letter,
    }
}

/// Writes the board as FEN.
pub(crate) fn write(b: &Board) -> String {
    let mut s = String::with_capacity(90);
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            match b.piece_on(Square::new(rank * 8 + file)) {
                Some(p) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    s.push(p.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s.push_str(if b.side == Color::White { " w " } else { " b " });
    if b.castling.0 == 0 {
        s.push('-');
    }
    for (i, ch) in ['K', 'Q', 'k', 'q'].into_iter().enumerate() {
        if b.castling.has(1 << i) {
            s.push(if b.chess960 {
                castling_letter_960(b, i)
            } else {
                ch
            });
        }
    }
    match b.ep {
        Some(sq) => s.push_str(&format!(" {sq}")),
        None => s.push_str(" -"),
    }
    s.push_str(&format!(" {} {}", b.halfmove, b.fullmove));
    s
}
