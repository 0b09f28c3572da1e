//! Explains the static evaluation of a position term by term (`chariot eval`, UCI `eval`).

use game::{Evaluation, Game, Side};
use std::fmt::Write as _;

/// A table of every evaluation term for each side, and the total from both points of view.
pub fn explain<G: Game>(pos: &G) -> String {
    let [first, second] = G::description().side_names;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<20} {:>8} {:>8} {:>8}",
        "term", first, second, "diff"
    );
    for term in pos.explain_eval() {
        let _ = writeln!(
            out,
            "{:<20} {:>8} {:>8} {:>8}",
            term.name,
            term.white,
            term.black,
            term.white - term.black
        );
    }
    let to_move = pos.evaluate();
    let white_view = match pos.side_to_move() {
        Side::White => to_move,
        Side::Black => -to_move,
    };
    let _ = writeln!(
        out,
        "total: {white_view} cp from {first}'s view, {to_move} cp for the side to move"
    );
    if let Some(note) = pos.evaluator_note() {
        out.push_str(&note);
    }
    out
}

/// [`explain`] for a position given as FEN (the game's start position for `None`),
/// evaluated with `evaluation`.
pub fn explain_fen<G: Game>(fen: Option<&str>, evaluation: Evaluation) -> Result<String, String> {
    let mut pos = match fen {
        Some(fen) => G::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?,
        None => G::start(),
    };
    pos.set_evaluator(evaluation.evaluator::<G>());
    Ok(explain(&pos))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_terms_add_up_to_a_material_edge() {
        // White is a queen up: the material line and the total must show it.
        let last = |text: &str, term: &str| -> i32 {
            let line = text.lines().find(|l| l.starts_with(term)).expect(text);
            line.split_whitespace().last().unwrap().parse().unwrap()
        };
        let text = explain_fen::<chess::Position>(
            Some("4k3/7p/8/8/8/8/7P/3QK3 w - - 0 1"),
            Evaluation::Classic,
        )
        .unwrap();
        assert!(last(&text, "material") > 800, "{text}");
        assert!(text.contains("for the side to move"), "{text}");
        // against a bare king the ending is known: the mop-up line carries the score
        let text = explain_fen::<chess::Position>(
            Some("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"),
            Evaluation::Classic,
        )
        .unwrap();
        assert!(last(&text, "mop-up") > 1000, "{text}");
    }

    #[test]
    fn start_position_is_balanced_and_bad_fen_is_an_error() {
        let text = explain_fen::<chess::Position>(None, Evaluation::Classic).unwrap();
        // every term is even but the side to move's tempo
        for line in text
            .lines()
            .skip(1)
            .filter(|l| !l.starts_with("total") && !l.starts_with("tempo"))
        {
            let diff: i32 = line.split_whitespace().last().unwrap().parse().unwrap();
            assert_eq!(diff, 0, "{text}");
        }
        let tempo = text.lines().find(|l| l.starts_with("tempo")).expect(&text);
        assert!(
            tempo
                .split_whitespace()
                .nth(1)
                .unwrap()
                .parse::<i32>()
                .unwrap()
                > 0,
            "{text}"
        );
        assert!(explain_fen::<chess::Position>(Some("not a fen"), Evaluation::Classic).is_err());
        assert!(explain_fen::<xiangqi::Position>(Some("9/9 w"), Evaluation::Classic).is_err());
    }
}
