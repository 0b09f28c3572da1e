//! FEN: every refusal names its field, round trips, and the published Polyglot keys.

use chess::{Color, FenError, Position};

fn err(fen: &str) -> FenError {
    Position::parse_fen(fen).expect_err(fen)
}

const K: &str = "4k3/8/8/8/8/8/8/4K3";

#[test]
fn wrong_field_count() {
    assert_eq!(err("4k3/8/8/8/8/8/8/4K3 w"), FenError::FieldCount(2));
    assert_eq!(
        err(&format!("{K} w - - 0 1 extra")),
        FenError::FieldCount(7)
    );
    assert_eq!(err(""), FenError::FieldCount(0));
}

#[test]
fn rank_count() {
    assert_eq!(err("4k3/8/8/8/8/8/4K3 w - - 0 1"), FenError::RankCount(7));
}

#[test]
fn bad_piece_letter() {
    assert_eq!(
        err("4k3/8/8/8/3x4/8/8/4K3 w - - 0 1"),
        FenError::BadPiece { rank: 4, ch: 'x' }
    );
    assert_eq!(
        err("4k3/8/8/8/0p6/8/8/4K3 w - - 0 1"),
        FenError::BadPiece { rank: 4, ch: '0' }
    );
}

#[test]
fn rank_overflow_and_underflow() {
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K4 w - - 0 1"),
        FenError::RankOverflow(1)
    );
    assert_eq!(
        err("4k3/8/8/ppppppppp/8/8/8/4K3 w - - 0 1"),
        FenError::RankOverflow(5)
    );
    assert_eq!(
        err("4k3/8/8/7/8/8/8/4K3 w - - 0 1"),
        FenError::RankUnderflow(5)
    );
}

#[test]
fn king_count() {
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4KK2 w - - 0 1"),
        FenError::KingCount {
            color: Color::White,
            count: 2
        }
    );
    assert_eq!(
        err("8/8/8/8/8/8/8/4K3 w - - 0 1"),
        FenError::KingCount {
            color: Color::Black,
            count: 0
        }
    );
}

#[test]
fn pawn_on_back_rank() {
    assert_eq!(
        err("4k2p/8/8/8/8/8/8/4K3 w - - 0 1"),
        FenError::PawnOnBackRank("h8".into())
    );
    assert_eq!(
        err("4k3/8/8/8/8/8/8/P3K3 w - - 0 1"),
        FenError::PawnOnBackRank("a1".into())
    );
}

#[test]
fn too_many_pieces() {
    assert_eq!(
        err("4k3/8/8/8/8/QQQQQQQQ/QQQQQQQQ/4K3 w - - 0 1"),
        FenError::TooManyPieces(Color::White)
    );
    assert_eq!(
        err("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1"),
        FenError::TooManyPieces(Color::Black)
    );
}

#[test]
fn side_to_move() {
    assert_eq!(
        err(&format!("{K} x - - 0 1")),
        FenError::SideToMove("x".into())
    );
    assert_eq!(
        err(&format!("{K} W - - 0 1")),
        FenError::SideToMove("W".into())
    );
}

#[test]
fn side_not_to_move_in_check() {
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"),
        FenError::OpponentInCheck
    );
}

#[test]
fn castling_rights() {
    assert_eq!(
        err(&format!("{K} w KX - 0 1")),
        FenError::CastlingSyntax("KX".into())
    );
    assert_eq!(
        err(&format!("{K} w KK - 0 1")),
        FenError::CastlingSyntax("KK".into())
    );
    assert!(matches!(
        err(&format!("{K} w K - 0 1")),
        FenError::CastlingImpossible { right: 'K', .. }
    ));
    assert!(matches!(
        err("r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
        FenError::CastlingImpossible { right: 'k', .. }
    ));
    assert!(matches!(
        err("r3k2r/8/8/8/8/8/8/R4K1R w KQ - 0 1"),
        FenError::CastlingImpossible { right: 'K', why } if why.contains("king")
    ));
    assert!(Position::parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").is_ok());
}

#[test]
fn en_passant_square() {
    assert_eq!(
        err(&format!("{K} w - e9 0 1")),
        FenError::EnPassantSyntax("e9".into())
    );
    // wrong rank for the side to move
    assert!(matches!(
        err("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1"),
        FenError::EnPassantImpossible { .. }
    ));
    // no pawn that could have made the double step
    assert!(matches!(
        err(&format!("{K} w - d6 0 1")),
        FenError::EnPassantImpossible { .. }
    ));
    // origin square occupied
    assert!(matches!(
        err("4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1"),
        FenError::EnPassantImpossible { .. }
    ));
    // a legal double step that no pawn can take is accepted but not kept (Polyglot)
    let pos = Position::parse_fen("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1").unwrap();
    assert_eq!(pos.en_passant(), None);
    let pos = Position::parse_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    assert_eq!(pos.en_passant().map(|s| s.to_string()), Some("d6".into()));
}

#[test]
fn clocks() {
    assert_eq!(
        err(&format!("{K} w - - x 1")),
        FenError::HalfmoveClock("x".into())
    );
    assert_eq!(
        err(&format!("{K} w - - -1 1")),
        FenError::HalfmoveClock("-1".into())
    );
    assert_eq!(
        err(&format!("{K} w - - 0 0")),
        FenError::FullmoveNumber("0".into())
    );
    assert_eq!(
        err(&format!("{K} w - - 0 99999")),
        FenError::FullmoveNumber("99999".into())
    );
    let pos = Position::parse_fen(&format!("{K} b - -")).unwrap();
    assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (0, 1));
}

#[test]
fn errors_name_their_field() {
    let msg = err(&format!("{K} w - e9 0 1")).to_string();
    assert!(msg.starts_with("en passant"), "{msg}");
    let msg = err("4k3/8/8/8/3x4/8/8/4K3 w - - 0 1").to_string();
    assert!(
        msg.contains("piece placement") && msg.contains("'x'"),
        "{msg}"
    );
}

#[test]
fn fen_round_trips_on_suite_positions() {
    for line in include_str!("../data/chess.perft")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let fen = line.split(';').next().unwrap().trim();
        assert_eq!(Position::parse_fen(fen).unwrap().fen(), fen);
    }
}

/// The test keys published with the Polyglot book format.
#[test]
fn published_polyglot_keys() {
    let cases = [
        ("", 0x463b96181691fc9c_u64),
        ("e2e4", 0x823c9b50fd114196),
        ("e2e4 d7d5", 0x0756b94461c50fb0),
        ("e2e4 d7d5 e4e5", 0x662fafb965db29d4),
        ("e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78),
        ("e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1),
        ("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9),
        ("a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637),
        ("a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560),
    ];
    for (moves, key) in cases {
        let mut pos = Position::start();
        for m in moves.split_whitespace() {
            let mv = pos.parse_uci(m).unwrap();
            pos.play(mv);
        }
        assert_eq!(pos.polyglot_key(), key, "after {moves:?}");
        let reparsed = Position::parse_fen(&pos.fen()).unwrap();
        assert_eq!(reparsed.polyglot_key(), key, "from FEN after {moves:?}");
    }
}

/// Keys python-chess computes, including positions whose en-passant square no pawn
/// can use (Polyglot leaves those out of the hash).
#[test]
fn polyglot_keys_match_python_chess() {
    let mut checked = 0;
    for line in include_str!("../data/polyglot.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let (fen, key) = line.split_once(" | ").unwrap();
        let pos = Position::parse_fen(fen).unwrap();
        assert_eq!(format!("{:016x}", pos.polyglot_key()), key, "{fen}");
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
}
