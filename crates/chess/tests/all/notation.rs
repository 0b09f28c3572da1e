//! UCI and SAN, both ways, against examples verified by python-chess.

use chess::{MoveError, Position};
use game::{Game, MoveStyle};

#[test]
fn san_matches_python_chess_both_ways() {
    let mut checked = 0;
    for line in include_str!("../data/san.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let parts: Vec<&str> = line.split(" | ").collect();
        let (fen, uci, san) = (parts[0], parts[1], parts[2]);
        let pos = Position::parse_fen(fen).unwrap();
        let mv = pos.parse_uci(uci).unwrap();
        assert_eq!(pos.san(mv), san, "{fen} {uci}");
        assert_eq!(pos.parse_san(san), Ok(mv), "{fen} {san}");
        assert_eq!(pos.format_move(mv, MoveStyle::Human), san);
        assert_eq!(pos.format_move(mv, MoveStyle::Coord), uci);
        assert_eq!(pos.parse_move(uci, MoveStyle::CoordOneBased), Ok(mv));
        checked += 1;
    }
    assert!(checked > 1000, "{checked}");
}

fn pos(fen: &str) -> Position {
    Position::parse_fen(fen).unwrap()
}

#[test]
fn san_variants_are_accepted() {
    let promo = pos("7k/4P3/8/8/8/8/8/K7 w - - 0 1");
    let e8q = promo.parse_uci("e7e8q").unwrap();
    for text in ["e8=Q", "e8Q", "e8q", "e8=Q+", "e7e8Q", "e8=Q!?"] {
        assert_eq!(promo.parse_san(text), Ok(e8q), "{text}");
    }
    assert_eq!(promo.san(e8q), "e8=Q+");
    let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = castle.parse_uci("e1g1").unwrap();
    let long = castle.parse_uci("e1c1").unwrap();
    assert_eq!(castle.parse_san("0-0"), Ok(short));
    assert_eq!(castle.parse_san("O-O"), Ok(short));
    assert_eq!(castle.parse_san("0-0-0"), Ok(long));
    assert_eq!(castle.san(long), "O-O-O");
    let start = Position::start();
    let nf3 = start.parse_uci("g1f3").unwrap();
    assert_eq!(start.parse_san("Ng1f3"), Ok(nf3), "over-disambiguated");
    assert_eq!(start.parse_san("Ng1-f3"), Ok(nf3), "long algebraic");
    let capture = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    let exd5 = capture.parse_uci("e4d5").unwrap();
    assert_eq!(capture.parse_san("ed5"), Ok(exd5), "capture without x");
    assert_eq!(capture.parse_san("exd5"), Ok(exd5));
}

#[test]
fn san_disambiguation_and_suffixes() {
    // two knights can reach d2 (file differs), two rooks on one file (rank differs)
    let p = pos("4k3/8/8/8/R7/8/8/RN2K1N1 w - - 0 1");
    let rooks = p.parse_uci("a1a2").unwrap();
    assert_eq!(p.san(rooks), "R1a2");
    let p = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    let nd2 = p.parse_uci("b1d2").unwrap();
    assert_eq!(p.san(nd2), "Nbd2");
    assert_eq!(p.parse_san("Nd2"), Err(MoveError::Ambiguous("Nd2".into())));
    // three queens: one needs the full square
    let p = pos("7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1");
    let mv = p.parse_uci("a4b3").unwrap();
    assert_eq!(p.san(mv), "Qa4b3");
    // mate: fool's mate
    let mut p = Position::start();
    for m in ["f2f3", "e7e5", "g2g4"] {
        let mv = p.parse_uci(m).unwrap();
        p.play(mv);
    }
    let mate = p.parse_san("Qh4").unwrap();
    assert_eq!(p.san(mate), "Qh4#");
}

#[test]
fn bad_moves_are_errors_not_panics() {
    let p = Position::start();
    for text in [
        "",
        "e2",
        "e2e4e",
        "e2e9",
        "z1e4",
        "e7e8x",
        "é2e4",
        "e2e4\u{1F600}",
        "e1g1",
    ] {
        assert!(p.parse_uci(text).is_err(), "{text:?}");
    }
    assert_eq!(p.parse_uci("e2e5"), Err(MoveError::Illegal("e2e5".into())));
    assert!(matches!(
        p.parse_uci("e2"),
        Err(MoveError::Malformed { .. })
    ));
    for text in [
        "", "+", "Nf", "Zf3", "Nf9", "O-O", "Ke2", "xx", "Qxx4", "N1g1f3f", "é4", "e4=Q",
    ] {
        assert!(p.parse_san(text).is_err(), "{text:?}");
    }
}
