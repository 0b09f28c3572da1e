//! Property tests: FEN round trips, make/unmake restores everything, hashes agree with
//! recomputation, and no input makes the parsers panic.

use game::{Game, MoveStyle};
use proptest::prelude::*;
use xiangqi::Position;

/// Plays `choices` (each an index into the legal moves) from the start position.
fn walk(choices: &[usize]) -> Position {
    let mut pos = Position::start();
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.make(moves.as_slice()[c % moves.len()]);
    }
    pos
}

/// Checks, for every legal move of `pos`, that `key` changes exactly when the move moves or
/// captures a piece that `counts`, and that unmake restores it.
fn key_follows(
    pos: &mut Position,
    key: fn(&Position) -> Option<u64>,
    counts: impl Fn(xiangqi::Piece) -> bool,
) -> Result<(), TestCaseError> {
    let before = key(pos).expect("xiangqi has this key");
    for mv in pos.legal_moves().as_slice().to_vec() {
        let changes = counts(pos.piece_at(mv.from())) || counts(pos.piece_at(mv.to()));
        pos.make(mv);
        prop_assert_eq!(key(pos) != Some(before), changes);
        pos.unmake(mv);
        prop_assert_eq!(key(pos), Some(before));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fen_round_trips(choices in proptest::collection::vec(0usize..1000, 0..120)) {
        let pos = walk(&choices);
        let fen = pos.to_fen();
        let again = Position::from_fen(&fen).expect("own FEN parses");
        prop_assert_eq!(again.to_fen(), fen);
        prop_assert_eq!(again.hash(), pos.hash());
        prop_assert_eq!(again.material_key(), pos.material_key());
        prop_assert_eq!(again.non_pawn_keys(), pos.non_pawn_keys());
        prop_assert_eq!(again.evaluate(), pos.evaluate());
        prop_assert_eq!(again.in_check(), pos.in_check());
        prop_assert_eq!(again.legal_moves().as_slice().to_vec(), pos.legal_moves().as_slice().to_vec());
    }

    /// The material key changes with a capture and with nothing else, and unmake
    /// restores it.
    #[test]
    fn material_key_moves_with_captures_only(choices in proptest::collection::vec(0usize..1000, 0..120)) {
        let mut pos = walk(&choices);
        let key = pos.material_key();
        prop_assert!(key.is_some());
        for mv in pos.legal_moves().as_slice().to_vec() {
            let capture = pos.is_capture(mv);
            pos.make(mv);
            prop_assert_eq!(pos.material_key() != key, capture);
            pos.unmake(mv);
            prop_assert_eq!(pos.material_key(), key);
        }
    }

    /// A side's non-pawn key changes when one of its pieces other than a soldier moves
    /// or is captured, and with nothing else; unmake restores both keys.
    #[test]
    fn non_pawn_keys_follow_the_pieces_but_not_the_soldiers(choices in proptest::collection::vec(0usize..1000, 0..120)) {
        let mut pos = walk(&choices);
        let keys = pos.non_pawn_keys().expect("xiangqi has non-pawn keys");
        let us = pos.side_to_move().index();
        let soldier = |p: xiangqi::Piece| p.kind() == Some(xiangqi::PieceKind::Soldier);
        for mv in pos.legal_moves().as_slice().to_vec() {
            let mover_counts = !soldier(pos.piece_at(mv.from()));
            let victim = pos.piece_at(mv.to());
            let victim_counts = !victim.is_none() && !soldier(victim);
            pos.make(mv);
            let after = pos.non_pawn_keys().expect("still there");
            prop_assert_eq!(after[us] != keys[us], mover_counts);
            prop_assert_eq!(after[1 - us] != keys[1 - us], victim_counts);
            pos.unmake(mv);
            prop_assert_eq!(pos.non_pawn_keys(), Some(keys));
        }
    }

    /// The minor-piece key changes when a horse, cannon or general moves or is captured,
    /// and with nothing else; unmake restores it.
    #[test]
    fn minor_key_follows_horses_cannons_and_generals(choices in proptest::collection::vec(0usize..1000, 0..120)) {
        use xiangqi::PieceKind::{Cannon, General, Horse};
        key_follows(&mut walk(&choices), Position::minor_key, |p| {
            matches!(p.kind(), Some(Horse | Cannon | General))
        })?;
    }

    /// The structure key (the soldiers) changes when a soldier moves or is captured, and
    /// with nothing else, whichever side is to move; unmake restores it.
    #[test]
    fn structure_key_follows_the_soldiers(choices in proptest::collection::vec(0usize..1000, 0..120)) {
        key_follows(&mut walk(&choices), Position::structure_key, |p| {
            p.kind() == Some(xiangqi::PieceKind::Soldier)
        })?;
    }

    #[test]
    fn piece_to_names_the_moving_piece_and_its_destination(choices in proptest::collection::vec(0usize..1000, 0..80)) {
        let pos = walk(&choices);
        let moves = pos.legal_moves();
        for &a in moves.iter() {
            prop_assert!((pos.piece_to(a) as usize) < game::PIECE_TO_COUNT);
            for &b in moves.iter() {
                let same = pos.piece_at(a.from()) == pos.piece_at(b.from()) && a.to() == b.to();
                prop_assert_eq!(pos.piece_to(a) == pos.piece_to(b), same, "{:?} {:?}", a, b);
            }
        }
    }

    #[test]
    fn make_unmake_restores(choices in proptest::collection::vec(0usize..1000, 0..80), last in 0usize..1000) {
        let mut pos = walk(&choices);
        let moves = pos.legal_moves();
        prop_assume!(!moves.is_empty());
        let before = (pos.to_fen(), pos.hash(), pos.evaluate(), pos.in_check(), pos.eval_terms());
        for &mv in moves.iter() {
            pos.make(mv);
            // The hash of the child is the hash its FEN would give.
            let fresh = Position::from_fen(&pos.to_fen()).expect("child FEN");
            prop_assert_eq!(fresh.hash(), pos.hash());
            prop_assert_eq!(fresh.evaluate(), pos.evaluate());
            pos.unmake(mv);
        }
        let mv = moves.as_slice()[last % moves.len()];
        if !pos.in_check() {
            pos.make_null();
            pos.unmake_null();
        }
        pos.make(mv);
        pos.unmake(mv);
        prop_assert_eq!((pos.to_fen(), pos.hash(), pos.evaluate(), pos.in_check(), pos.eval_terms()), before);
    }

    #[test]
    fn notations_round_trip(choices in proptest::collection::vec(0usize..1000, 0..100)) {
        let pos = walk(&choices);
        for &mv in pos.legal_moves().iter() {
            for style in [MoveStyle::Coord, MoveStyle::CoordOneBased, MoveStyle::Human] {
                let text = pos.format_move(mv, style);
                prop_assert_eq!(pos.parse_move(&text, style).ok(), Some(mv), "{} {:?}", text, style);
            }
            prop_assert_eq!(pos.decode(Position::encode(mv)), Some(mv));
            prop_assert!(Position::encode(mv) != 0);
        }
    }

    #[test]
    fn garbage_fen_never_panics(text in "\\PC{0,120}") {
        let _ = Position::from_fen(&text);
    }

    #[test]
    fn fen_like_garbage_never_panics(text in "[rnbakcpRNBAKCP0-9/ wbr-]{0,100}") {
        if let Ok(p) = Position::from_fen(&text) {
            // Whatever parses must be a sane position.
            let mut p = p;
            let _ = p.perft(2);
            prop_assert!(Position::from_fen(&p.to_fen()).is_ok());
        }
    }

    #[test]
    fn garbage_moves_never_panic(text in "\\PC{0,12}", code in any::<u16>()) {
        let pos = Position::start();
        for style in [MoveStyle::Coord, MoveStyle::CoordOneBased, MoveStyle::Human] {
            let _ = pos.parse_move(&text, style);
        }
        if let Some(mv) = pos.decode(code) {
            prop_assert!(pos.legal_moves().contains(mv));
        }
    }
}
