//! Checks shared by the fuzz targets: what must hold for any position a game accepted.
//!
//! A fuzz target only finds what panics or trips an assertion, so these helpers turn
//! the `Game` contract into assertions: a FEN round trip is stable, every legal move
//! survives its own notation, make/unmake restores the position, and the hash a
//! position carries equals the one a fresh parse of its FEN computes.

use game::{Game, MoveStyle};

/// The three ways a move can be written.
pub const STYLES: [MoveStyle; 3] = [MoveStyle::Coord, MoveStyle::CoordOneBased, MoveStyle::Human];

/// Most legal moves made and taken back per position (keeps one input fast).
const MOVES_TRIED: usize = 64;

/// Asserts the FEN round trip: the written FEN parses, writes itself again, and the
/// parsed copy has the same hash and side to move.
pub fn check_fen_round_trip<G: Game>(pos: &G) {
    let fen = pos.to_fen();
    let again = match G::from_fen(&fen) {
        Ok(p) => p,
        Err(e) => panic!("{} refused its own FEN {fen:?}: {e}", G::NAME),
    };
    assert_eq!(again.to_fen(), fen, "FEN not stable");
    assert_eq!(
        again.hash(),
        pos.hash(),
        "hash differs from a fresh parse of {fen:?}"
    );
    assert_eq!(again.side_to_move(), pos.side_to_move());
}

/// Exercises every query of the `Game` trait on a position and checks each legal move:
/// notation round trips in all styles, TT encoding, and make/unmake restoring FEN and hash.
pub fn exercise<G: Game>(pos: &mut G) {
    check_fen_round_trip(pos);
    let _ = pos.evaluate();
    let _ = pos.in_check();
    let _ = pos.outcome();
    let moves = pos.legal_moves();
    if moves.is_empty() {
        let _ = pos.no_moves_verdict();
    } else {
        let _ = pos.adjudicate(0);
        let _ = pos.null_move_ok();
    }
    let mut noisy = game::MoveList::new();
    pos.generate_noisy(&mut noisy);
    for mv in noisy.iter() {
        assert!(
            moves.iter().any(|m| m == mv),
            "noisy move {mv:?} is not legal"
        );
        assert!(pos.is_noisy(*mv), "generate_noisy gave a quiet move {mv:?}");
    }
    let fen = pos.to_fen();
    let hash = pos.hash();
    for &mv in moves.iter().take(MOVES_TRIED) {
        let _ = pos.is_capture(mv);
        let _ = pos.mvv_lva(mv);
        let _ = pos.see_ge(mv, 0);
        assert_eq!(
            pos.decode(G::encode(mv)),
            Some(mv),
            "TT code does not round trip"
        );
        for style in STYLES {
            let text = pos.format_move(mv, style);
            match pos.parse_move(&text, style) {
                Ok(back) => assert_eq!(back, mv, "{text:?} ({style:?}) reads as another move"),
                Err(e) => panic!("{text:?} ({style:?}) refused in {fen}: {e}"),
            }
        }
        pos.make(mv);
        check_fen_round_trip(pos);
        let _ = pos.legal_moves();
        pos.unmake(mv);
        assert_eq!(
            pos.to_fen(),
            fen,
            "unmake of {mv:?} did not restore the FEN"
        );
        assert_eq!(
            pos.hash(),
            hash,
            "unmake of {mv:?} did not restore the hash"
        );
    }
    if !moves.is_empty() && !pos.in_check() {
        pos.make_null();
        pos.unmake_null();
        assert_eq!(pos.hash(), hash, "null move did not restore the hash");
    }
}

/// Parses bytes as a FEN for game `G` and, when accepted, exercises the position.
pub fn fuzz_fen<G: Game>(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(mut pos) = G::from_fen(text) {
        exercise(&mut pos);
    }
}

/// Most moves read from one move list (keeps one input fast).
const MAX_LIST: usize = 256;

/// Reads a move list as an importer would: tokens separated by white space, each read in
/// `style` from the position the earlier ones reached; move numbers (`12.`, `3...`) and
/// results (`1-0`) are skipped, a token that is no legal move is refused and skipped.
/// Every accepted move must be legal and must read back from its own notation; at the
/// end the moves are taken back and the start position must be restored exactly.
pub fn fuzz_move_list<G: Game>(start: G, style: MoveStyle, text: &str) {
    let mut pos = start;
    let fen = pos.to_fen();
    let hash = pos.hash();
    let mut played = Vec::new();
    for token in text.split_whitespace().take(MAX_LIST) {
        if is_move_number_or_result(token) {
            continue;
        }
        let Ok(mv) = pos.parse_move(token, style) else {
            continue;
        };
        let legal = pos.legal_moves();
        assert!(
            legal.iter().any(|m| *m == mv),
            "{token:?} ({style:?}) gave an illegal move {mv:?}"
        );
        for out in STYLES {
            let written = pos.format_move(mv, out);
            assert_eq!(
                pos.parse_move(&written, out).ok(),
                Some(mv),
                "{written:?} ({out:?}) does not read back"
            );
        }
        pos.make(mv);
        played.push(mv);
        if pos.legal_moves().is_empty() {
            break;
        }
    }
    check_fen_round_trip(&pos);
    let _ = pos.outcome();
    for &mv in played.iter().rev() {
        pos.unmake(mv);
    }
    assert_eq!(
        pos.to_fen(),
        fen,
        "unmaking the list did not restore the FEN"
    );
    assert_eq!(
        pos.hash(),
        hash,
        "unmaking the list did not restore the hash"
    );
}

fn is_move_number_or_result(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    (digits.len() < token.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        || matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Splits a move-list input: the first line is a FEN when it parses as one (else the
/// standard start is used and the line counts as moves too).
pub fn fuzz_moves_text<G: Game>(style: MoveStyle, text: &str) {
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    match G::from_fen(first) {
        Ok(pos) => fuzz_move_list(pos, style, rest),
        Err(_) => fuzz_move_list(G::start(), style, text),
    }
}
