//! Game records for download: PGN for chess, and the same tag-pair layout with WXF moves
//! for xiangqi (as xiangqi programs exchange move lists), written by [`record::write`].

use super::board::BoardSpec;
use super::think::Level;
use engine::session::Session;
use game::{Game, Side};
use record::write::{Movetext, Tags};

/// The game record with its tags, numbered moves and result; the engine played at `level`.
pub fn record<G: Game>(session: &Session<G>, level: Level, date: &str) -> String {
    let spec = BoardSpec::of::<G>();
    let engine = format!("Chariot ({} level)", level.name());
    let name = |side: Side| {
        if side == session.human {
            "Human".to_string()
        } else {
            engine.clone()
        }
    };
    let outcome = session.outcome();
    let result = outcome.map_or("*", |o| o.pgn_result());
    let tags = Tags::new()
        .player_tag_names([spec.side_names[0], "Black"])
        .set("Event", "Chariot web game")
        .set("Site", "Chariot")
        .set("Date", date)
        .set("Round", "-")
        .player(Side::White, &name(Side::White))
        .player(Side::Black, &name(Side::Black))
        .set("Result", result)
        .start(&session.start)
        .set_some(
            "Termination",
            outcome
                .map(|o| engine::session::result_text::<G>(&o))
                .as_deref(),
        );

    let mut moves = Movetext::new(&session.start);
    for played in &session.history {
        moves.push_move(&played.text);
    }
    moves.push_result(result);
    format!("{}\n{}", tags.write(), moves.wrapped())
}
