//! Game record import: chess PGN and xiangqi move lists. Byte 0 picks the game (top bit: 0
//! chess, 1 xiangqi); the rest is the record's text. Whatever the importer accepts must be a
//! game of legal moves from its start position that, written again as numbered movetext in the
//! game's human notation under a `[FEN]` tag, imports to exactly the same game.
#![no_main]

use game::{Game, MoveStyle, Side};
use record::{import, ImportError};

fn check<G: Game>(text: &str) {
    let record = match import::<G>(text) {
        Ok(record) => record,
        Err(e @ ImportError::BadMove { .. }) => {
            // The message names the move: it must render without panicking.
            let _ = e.to_string();
            return;
        }
        Err(_) => return,
    };
    let mut pos = record.start.clone();
    let mut words = Vec::new();
    for &mv in &record.moves {
        assert!(
            pos.legal_moves().contains(mv),
            "imported an illegal move {mv:?}"
        );
        if pos.side_to_move() == Side::White || words.is_empty() {
            words.push(format!(
                "{}{}",
                words.len() / 2 + 1,
                if pos.side_to_move() == Side::White {
                    "."
                } else {
                    "..."
                }
            ));
        }
        words.push(pos.format_move(mv, MoveStyle::Human));
        pos.make(mv);
    }
    let again = format!(
        "[FEN \"{}\"]\n\n{} *\n",
        record.start.to_fen(),
        words.join(" ")
    );
    match import::<G>(&again) {
        Ok(back) => {
            assert_eq!(back.moves, record.moves, "re-import differs:\n{again}");
            assert_eq!(back.start.to_fen(), record.start.to_fen());
        }
        Err(e) => panic!("own export refused: {e}\n{again}"),
    }
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    if selector & 0x80 == 0 {
        check::<chess::Position>(text);
    } else {
        check::<xiangqi::Position>(text);
    }
});
