//! A game's record: PGN for chess, a numbered move list (WXF and coordinates) for xiangqi.

use game::{Game, MoveStyle, RecordFormat, Side};
use record::write::{Movetext, Tags};

/// The moves from `start`, numbered, in the game's human notation (SAN / WXF).
fn human_moves<G: Game>(start: &G, moves: &[G::Move]) -> Movetext {
    Movetext::of_moves(start, moves, MoveStyle::Human, &[])
}

/// The record of a game in the game's record format: PGN (chess) or a move list (xiangqi).
pub fn record<G: Game>(start: &G, moves: &[G::Move], human: Side, result: &str) -> String {
    let start_fen = start.to_fen();
    let description = G::description();
    let (first_player, second_player) = match human {
        Side::White => ("You", "Chariot"),
        Side::Black => ("Chariot", "You"),
    };
    if description.record == RecordFormat::Pgn {
        let tags = Tags::new()
            .set("Event", "Casual game")
            .set("Site", "chariot play")
            .player(Side::White, first_player)
            .player(Side::Black, second_player)
            .set("Result", result)
            .start(start);
        let mut body = human_moves(start, moves);
        body.push_result(result);
        format!("{}\n{}\n", tags.write(), body.line())
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
        let [first_name, second_name] = description.side_names;
        format!(
            "# {} game, {first_name}: {first_player}, {second_name}: {second_player}, result {result}\n\
             FEN: {start_fen}\nWXF: {}\nMoves: {}\n",
            G::NAME,
            human_moves(start, moves).line(),
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
