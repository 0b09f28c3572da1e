//! Property tests: along random move sequences, make/unmake restores the position and
//! its hash exactly, FEN round-trips, and the incremental state equals a recomputation.
//! Garbage input never panics.

use chess::{PieceKind, Position, START_FEN};
use game::{Game, MoveStyle};
use proptest::prelude::*;

const STARTS: [&str; 4] = [
    START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn make_unmake_and_fen_round_trip(start in 0..STARTS.len(), choices in prop::collection::vec(any::<u32>(), 0..150)) {
        let mut pos = Position::parse_fen(STARTS[start]).unwrap();
        let mut trail = Vec::new();
        for c in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves.as_slice()[c as usize % moves.len()];
            let before = pos.clone();
            pos.make(mv);
            // FEN round trip: same FEN, same key, same moves, same evaluation
            let fen = pos.fen();
            let reparsed = Position::parse_fen(&fen).unwrap();
            prop_assert_eq!(reparsed.fen(), fen.clone());
            prop_assert_eq!(reparsed.hash(), pos.hash());
            prop_assert_eq!(reparsed.non_pawn_keys(), pos.non_pawn_keys());
            prop_assert_eq!(reparsed.evaluate(), pos.evaluate());
            prop_assert_eq!(reparsed.count_legal(), pos.count_legal());
            // The material key moves with captures and promotions only.
            let changes_material = before.is_noisy(mv);
            prop_assert_eq!(pos.material_key() != before.material_key(), changes_material);
            // The minor-piece key moves with knights, bishops and kings only: one moving,
            // captured or promoted to.
            let minor = |k: Option<PieceKind>| {
                matches!(k, Some(PieceKind::Knight | PieceKind::Bishop | PieceKind::King))
            };
            let kind_on = |sq| before.piece_on(sq).map(|p| p.kind);
            let changes_minor = minor(kind_on(mv.from()))
                || (!mv.is_castling() && minor(kind_on(mv.to())))
                || minor(mv.promotion());
            prop_assert_eq!(pos.minor_key() != before.minor_key(), changes_minor, "{}", fen);
            prop_assert_eq!(pos.eval_white(), pos.eval_terms().white_score);
            // unmake restores everything, then replay
            pos.unmake(mv);
            prop_assert_eq!(&pos, &before);
            prop_assert_eq!(pos.hash(), before.hash());
            prop_assert_eq!(pos.fen(), before.fen());
            pos.make(mv);
            trail.push(mv);
        }
        // unwinding the whole line returns to the start
        while let Some(mv) = trail.pop() {
            pos.unmake(mv);
        }
        prop_assert_eq!(pos, Position::parse_fen(STARTS[start]).unwrap());
    }

    #[test]
    fn piece_to_names_the_moving_piece_and_its_destination(start in 0..STARTS.len(), choices in prop::collection::vec(any::<u32>(), 0..60)) {
        let mut pos = Position::parse_fen(STARTS[start]).unwrap();
        for c in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &a in moves.iter() {
                prop_assert!((pos.piece_to(a) as usize) < game::PIECE_TO_COUNT);
                for &b in moves.iter() {
                    let same = pos.piece_on(a.from()) == pos.piece_on(b.from()) && a.to() == b.to();
                    prop_assert_eq!(pos.piece_to(a) == pos.piece_to(b), same, "{:?} {:?}", a, b);
                }
            }
            pos.make(moves.as_slice()[c as usize % moves.len()]);
        }
    }

    #[test]
    fn garbage_fen_never_panics(text in ".{0,100}") {
        let _ = Position::parse_fen(&text);
    }

    #[test]
    fn fen_like_garbage_never_panics(
        board in "[pnbrqkPNBRQK1-9/x]{0,70}",
        side in "[wbx-]{0,2}",
        castle in "[KQkqx-]{0,5}",
        ep in "[a-i0-9-]{0,3}",
        clocks in "[0-9 -]{0,12}",
    ) {
        let text = format!("{board} {side} {castle} {ep} {clocks}");
        if let Ok(pos) = Position::parse_fen(&text) {
            // anything accepted is a sound position
            let _ = pos.legal_moves();
            let _ = pos.outcome();
            prop_assert_eq!(Position::parse_fen(&pos.fen()).map(|p| p.fen()), Ok(pos.fen()));
        }
    }

    #[test]
    fn garbage_moves_never_panic(start in 0..STARTS.len(), text in ".{0,12}", code in any::<u16>()) {
        let pos = Position::parse_fen(STARTS[start]).unwrap();
        for style in [MoveStyle::Coord, MoveStyle::CoordOneBased, MoveStyle::Human] {
            if let Ok(mv) = pos.parse_move(&text, style) {
                prop_assert!(pos.legal_moves().contains(mv));
            }
        }
        if let Some(mv) = pos.decode(code) {
            prop_assert!(pos.legal_moves().contains(mv));
        }
    }
}
