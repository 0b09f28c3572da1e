//! Each game's description (`Game::description`) agrees with the game itself: its board
//! with the start position, its notations with its move parser, and its PGN `Variant` tag
//! with what `record::import` accepts.

use game::{board_size, Game, MoveStyle};

/// The first `plies` moves of a fixed game: always the first legal move.
fn opening<G: Game>(plies: usize) -> (G, Vec<G::Move>) {
    let mut pos = G::start();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let Some(&mv) = pos.legal_moves().iter().next() else {
            break;
        };
        pos.make(mv);
        moves.push(mv);
    }
    (pos, moves)
}

/// A PGN of those moves as a front end writes it from the description.
fn pgn_of<G: Game>(moves: &[G::Move]) -> String {
    let d = G::description();
    let mut text = String::new();
    if let Some(variant) = d.variant {
        text.push_str(&format!("[Variant \"{variant}\"]\n"));
    }
    text.push('\n');
    let mut pos = G::start();
    for (i, &mv) in moves.iter().enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(&pos.format_move(mv, d.pgn_style));
        text.push(' ');
        pos.make(mv);
    }
    text.push('*');
    text
}

fn consistent<G: Game, Other: Game>() {
    let d = G::description();
    assert_eq!(
        board_size(&G::start().to_fen()),
        (d.files, d.ranks),
        "{}: board size",
        G::NAME
    );
    assert!(d.side_names.iter().all(|n| !n.is_empty()));
    assert_ne!(d.side_names[0], d.side_names[1]);
    assert!(!d.title.is_empty() && !d.extension.is_empty() && !d.move_help.is_empty());

    // Every notation a person may type reads back what the game writes in it.
    assert!(!d.input_styles.is_empty(), "{}: no input notation", G::NAME);
    let (_, moves) = opening::<G>(6);
    let mut pos = G::start();
    for &mv in &moves {
        for &style in d.input_styles {
            let text = pos.format_move(mv, style);
            assert_eq!(pos.parse_move(&text, style).ok(), Some(mv), "{text}");
        }
        pos.make(mv);
    }

    // The PGN a front end writes from the description reads back, Variant tag and all.
    let pgn = pgn_of::<G>(&moves);
    let record = record::import::<G>(&pgn).unwrap_or_else(|e| panic!("{pgn}\n{e}"));
    assert_eq!(record.moves, moves, "{pgn}");
    assert_eq!(record.tag("Variant"), d.variant);
    // ...and the other game refuses it when the tag names this game.
    if let Some(variant) = d.variant {
        assert!(!Other::description().accepts_variant(variant));
        assert!(record::import::<Other>(&pgn).is_err(), "{pgn}");
    }
    for alias in d.variant_aliases {
        assert!(d.accepts_variant(alias));
        assert!(!Other::description().accepts_variant(alias), "{alias}");
    }

    // Coordinates number the bottom rank from `rank_base`: the first mover's first move
    // starts on a low rank.
    let first = G::start().format_move(moves[0], MoveStyle::Coord);
    let rank: u32 = first[1..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap();
    assert!(
        rank >= u32::from(d.rank_base) && rank < u32::from(d.rank_base) + 4,
        "{first}"
    );
}

#[test]
fn chess_description_is_consistent() {
    consistent::<chess::Position, xiangqi::Position>();
    let d = chess::Position::description();
    assert_eq!(d.side_names, ["White", "Black"]);
    assert_eq!(d.variant, None);
}

#[test]
fn xiangqi_description_is_consistent() {
    consistent::<xiangqi::Position, chess::Position>();
    let d = xiangqi::Position::description();
    assert_eq!(d.side_names, ["Red", "Black"]);
    assert_eq!(d.variant, Some("xiangqi"));
}
