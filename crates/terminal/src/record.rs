//! A game's record: PGN for chess, a numbered move list (WXF and coordinates) for xiangqi.

use game::{Game, MoveStyle, RecordFormat, Side};

/// The moves from `start` in the game's human notation (SAN / WXF).
pub fn human_moves<G: Game>(start: &G, moves: &[G::Move]) -> Vec<String> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&mv| {
            let text = pos.format_move(mv, MoveStyle::Human);
            pos.make(mv);
            text
        })
        .collect()
}

/// Numbered move text: `1. e4 e5 2. Nf3` (starting with `1...` when Black moves first).
pub fn numbered(words: &[String], first: Side) -> String {
    let mut out = String::new();
    let mut number = 1;
    let mut side = first;
    for (i, word) in words.iter().enumerate() {
        match side {
            Side::White => out.push_str(&format!("{number}. {word}")),
            Side::Black if i == 0 => out.push_str(&format!("{number}... {word}")),
            Side::Black => out.push_str(word),
        }
        if side == Side::Black {
            number += 1;
        }
        side = side.flip();
        out.push(' ');
    }
    out.trim_end().to_string()
}

/// The record of a game in the game's record format: PGN (chess) or a move list (xiangqi).
pub fn record<G: Game>(start: &G, moves: &[G::Move], human: Side, result: &str) -> String {
    let words = human_moves(start, moves);
    let first = start.side_to_move();
    let start_fen = start.to_fen();
    let custom_start = start_fen != G::start().to_fen();
    let description = G::description();
    if description.record == RecordFormat::Pgn {
        let (white, black) = match human {
            Side::White => ("You", "Chariot"),
            Side::Black => ("Chariot", "You"),
        };
        let mut pgn = format!(
            "[Event \"Casual game\"]\n[Site \"chariot play\"]\n[White \"{white}\"]\n\
             [Black \"{black}\"]\n[Result \"{result}\"]\n"
        );
        if let Some(variant) = description.variant {
            pgn.push_str(&format!("[Variant \"{variant}\"]\n"));
        }
        if custom_start {
            pgn.push_str(&format!("[SetUp \"1\"]\n[FEN \"{start_fen}\"]\n"));
        }
        pgn.push('\n');
        let body = numbered(&words, first);
        pgn.push_str(&if body.is_empty() {
            result.to_string()
        } else {
            format!("{body} {result}")
        });
        pgn.push('\n');
        pgn
    } else {
        let mut pos = start.clone();
        let coords: Vec<String> = moves
            .iter()
            .map(|&mv| {
                let text = pos.format_move(mv, MoveStyle::Coord);
                pos.make(mv);
                text
            })
            .collect();
        let (first_player, second_player) = match human {
            Side::White => ("You", "Chariot"),
            Side::Black => ("Chariot", "You"),
        };
        let [first_name, second_name] = description.side_names;
        format!(
            "# {} game, {first_name}: {first_player}, {second_name}: {second_player}, result {result}\n\
             FEN: {start_fen}\nWXF: {}\nMoves: {}\n",
            G::NAME,
            numbered(&words, first),
            coords.join(" ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play<G: Game>(moves: &[&str]) -> Vec<G::Move> {
        let mut pos = G::start();
        moves
            .iter()
            .map(|m| {
                let mv = pos.parse_move(m, MoveStyle::Coord).unwrap();
                pos.make(mv);
                mv
            })
            .collect()
    }

    #[test]
    fn chess_pgn_with_san_and_numbers() {
        let moves = play::<chess::Position>(&["e2e4", "e7e5", "g1f3"]);
        let pgn = record(&chess::Position::start(), &moves, Side::Black, "*");
        assert!(
            pgn.contains("[White \"Chariot\"]\n[Black \"You\"]"),
            "{pgn}"
        );
        assert!(pgn.ends_with("\n1. e4 e5 2. Nf3 *\n"), "{pgn}");
        assert!(!pgn.contains("FEN"));
        // python-chess-style round trip is checked in the terminal-game Python test.
    }

    #[test]
    fn black_to_move_first_is_numbered_with_dots() {
        let words: Vec<String> = ["e5", "Nf3", "Nc6"].iter().map(|s| s.to_string()).collect();
        assert_eq!(numbered(&words, Side::Black), "1... e5 2. Nf3 Nc6");
    }

    #[test]
    fn xiangqi_move_list_in_wxf_and_coordinates() {
        let moves = play::<xiangqi::Position>(&["h2e2", "h9g7"]);
        let text = record(&xiangqi::Position::start(), &moves, Side::White, "*");
        assert!(text.contains("WXF: 1. C2=5 H8+7\n"), "{text}");
        assert!(text.contains("Moves: h2e2 h9g7\n"), "{text}");
    }
}

#[cfg(test)]
mod import_tests {
    use super::record;
    use game::{Game, Side};

    /// Up to `plies` pseudo-random legal moves from `start` (a fixed LCG: the same game on
    /// every run); stops when the game is over.
    fn random_moves<G: Game>(start: &G, plies: usize, mut seed: u64) -> Vec<G::Move> {
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() || pos.adjudicate(0).is_some() {
                break;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let mv = legal.as_slice()[((seed >> 33) % legal.len() as u64) as usize];
            pos.make(mv);
            moves.push(mv);
        }
        moves
    }

    #[test]
    fn terminal_game_records_import_to_the_same_game() {
        let start = chess::Position::start();
        let moves = random_moves(&start, 80, 7);
        let text = record(&start, &moves, Side::Black, "*");
        assert_eq!(
            ::record::import::<chess::Position>(&text).unwrap().moves,
            moves
        );

        let start = xiangqi::Position::from_fen(
            "3akab2/9/4b4/p1P1p1P1p/2p3p2/2P3P2/9/4B4/9/2BAKA3 w - - 0 1",
        )
        .unwrap();
        let moves = random_moves(&start, 60, 3);
        let text = record(&start, &moves, Side::White, "*");
        let back = ::record::import::<xiangqi::Position>(&text).unwrap();
        assert_eq!(back.start.to_fen(), start.to_fen(), "{text}");
        assert_eq!(back.moves, moves, "{text}");
    }
}
