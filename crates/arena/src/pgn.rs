//! PGN output. Chess moves are written in SAN; xiangqi games carry `[Variant "xiangqi"]`
//! (as Fairy-Stockfish-based tools and cutechess write it) and their moves in the
//! Fairy-Stockfish coordinate form (`h3e3`, ranks 1–10), which those tools read back.
//!
//! Each move is followed by what its engine reported, as cutechess writes it: the score
//! in pawns from the mover's view and the depth, then the time (`{+0.31/14 0.523s}`,
//! `{-M3/9 0.101s}`). After the last move a comment names why the game ended
//! (`{checkmate}`, `{illegal move; …}`), and `Termination` holds the PGN standard's category.

use super::engine::EngineScore;
use super::game::{GameRecord, MoveNote};
use super::tc::TimeControl;
use game::{EndReason, Game, MoveStyle, Side};
use record::write::{pgn_date, Movetext, Tags};

/// The tags of one game besides those taken from its record.
pub struct PgnHeader<'a> {
    /// `Event` tag.
    pub event: &'a str,
    /// `Round` tag (the game's number, from 1).
    pub round: usize,
    /// White's (Red's) engine name.
    pub white: &'a str,
    /// Black's engine name.
    pub black: &'a str,
    /// Each side's time control (White or Red first); the same unless the match gives
    /// time odds.
    pub tcs: [TimeControl; 2],
    /// The game is Chess960: tagged so, its FEN always given and read as Chess960.
    pub chess960: bool,
}

/// The move notation used in PGN for this game ([`game::Description::pgn_style`]).
pub fn pgn_style<G: Game>() -> MoveStyle {
    G::description().pgn_style
}

/// The PGN standard's `Termination` category for an end reason.
pub fn termination(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Time => "time forfeit",
        EndReason::IllegalMove => "rules infraction",
        EndReason::Forfeit => "abandoned",
        EndReason::Adjudication => "adjudication",
        _ => "normal",
    }
}

/// The comment written after a move, braces included.
#[cfg(test)]
fn move_comment(note: &MoveNote) -> String {
    format!("{{{}}}", note_text(note))
}

/// The text of the comment written after a move: score/depth and time, as cutechess
/// writes them.
fn note_text(note: &MoveNote) -> String {
    let mut text = match note.score {
        Some(EngineScore::Cp(cp)) => {
            let sign = if cp < 0 { '-' } else { '+' };
            let cp = cp.unsigned_abs();
            format!("{sign}{}.{:02}", cp / 100, cp % 100)
        }
        Some(EngineScore::Mate(m)) => format!("{}M{}", if m < 0 { '-' } else { '+' }, m.abs()),
        None => String::new(),
    };
    if let (Some(depth), false) = (note.depth, text.is_empty()) {
        text.push_str(&format!("/{depth}"));
    }
    if !text.is_empty() {
        text.push(' ');
    }
    text.push_str(&format!("{:.3}s", note.elapsed.as_secs_f64()));
    text
}

/// Appends one game in PGN to `out`.
pub fn write_game<G: Game>(out: &mut String, head: &PgnHeader<'_>, rec: &GameRecord<G::Move>) {
    let result = rec.outcome.pgn_result();
    let description = G::description();
    let variant = match description.chess960_variants.first() {
        Some(&chess960) if head.chess960 => Some(chess960),
        _ => description.variant,
    };
    // A Chess960 game names its start even when it is the standard one (number 518), as
    // readers need the FEN to know the rooks' files.
    let custom_start = head.chess960 || G::start().to_fen() != rec.start_fen;
    // Time odds are tagged per side, as cutechess does; one clock keeps the standard tag.
    let [white_tc, black_tc] = head.tcs.map(|tc| tc.pgn_tag());
    let same_tc = white_tc == black_tc;
    let tags = Tags::new()
        .set("Event", head.event)
        .set("Site", "chariot arena")
        .set("Date", &pgn_date())
        .set("Round", &head.round.to_string())
        .player(Side::White, head.white)
        .player(Side::Black, head.black)
        .set("Result", result)
        .set_some("Variant", variant)
        .set_some("FEN", custom_start.then_some(rec.start_fen.as_str()))
        .set_some("SetUp", custom_start.then_some("1"))
        .set_some("TimeControl", same_tc.then(|| white_tc.clone()).as_deref())
        .set_some("WhiteTimeControl", (!same_tc).then_some(white_tc.as_str()))
        .set_some("BlackTimeControl", (!same_tc).then_some(black_tc.as_str()))
        .set("Termination", termination(rec.outcome.reason))
        .set("PlyCount", &rec.moves.len().to_string());
    let start = if head.chess960 {
        G::from_fen_chess960(&rec.start_fen)
    } else {
        G::from_fen(&rec.start_fen)
    };

    let mut moves = match start {
        Ok(start) => {
            let notes: Vec<String> = rec.notes.iter().map(note_text).collect();
            Movetext::of_moves(&start, &rec.moves, pgn_style::<G>(), &notes)
        }
        // An unreadable start cannot have its moves written; the reason still is.
        Err(_) => Movetext::starting(1, Side::White),
    };
    let mut comment = rec.outcome.reason.to_string();
    if !rec.detail.is_empty() && rec.detail != comment {
        comment.push_str("; ");
        comment.push_str(&rec.detail);
    }
    moves.push_comment(&comment);
    moves.push_result(result);
    out.push_str(&tags.write());
    out.push('\n');
    out.push_str(&moves.wrapped());
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::Outcome;
    use std::time::Duration;
    use testkit::toy::Toy;

    #[test]
    fn toy_game_pgn_has_tags_numbers_and_reason() {
        let rec = GameRecord::<u8> {
            start_fen: "5".into(),
            moves: vec![1, 1, 2],
            outcome: Outcome {
                winner: Some(Side::White),
                reason: EndReason::Checkmate,
            },
            fault: None,
            detail: "checkmate".into(),
            notes: vec![
                MoveNote {
                    score: Some(EngineScore::Cp(31)),
                    depth: Some(14),
                    elapsed: Duration::from_millis(523),
                },
                MoveNote {
                    score: Some(EngineScore::Cp(-5)),
                    depth: None,
                    elapsed: Duration::from_millis(1),
                },
                MoveNote {
                    score: Some(EngineScore::Mate(-3)),
                    depth: Some(9),
                    elapsed: Duration::from_millis(100),
                },
            ],
        };
        let tc = TimeControl::parse_clock("10+0.1").unwrap();
        let head = PgnHeader {
            event: "t",
            round: 3,
            white: "A \"x\"",
            black: "B",
            tcs: [tc, tc],
            chess960: false,
        };
        let mut out = String::new();
        write_game::<Toy>(&mut out, &head, &rec);
        let odds = PgnHeader {
            tcs: [tc, TimeControl::parse_clock("40+0.4").unwrap()],
            ..head
        };
        let mut with_odds = String::new();
        write_game::<Toy>(&mut with_odds, &odds, &rec);
        assert!(
            with_odds.contains("[WhiteTimeControl \"10+0.1\"]\n[BlackTimeControl \"40+0.4\"]\n")
                && !with_odds.contains("[TimeControl "),
            "{with_odds}"
        );
        assert!(out.contains("[White \"A \\\"x\\\"\"]\n"), "{out}");
        assert!(out.contains("[Variant \"toy\"]\n"));
        assert!(out.contains("[FEN \"5\"]\n[SetUp \"1\"]\n"));
        assert!(
            out.contains("[TimeControl \"10+0.1\"]\n[Termination \"normal\"]\n[PlyCount \"3\"]\n")
        );
        assert!(
            out.ends_with(
                "\n1. a1a2 {+0.31/14 0.523s} a1a2 {-0.05 0.001s} 2. b1b2 {-M3/9 0.100s}\n{checkmate} 1-0\n\n"
            ),
            "{out}"
        );
        // Older records without notes, and engines that report no score.
        let note = MoveNote {
            score: None,
            depth: Some(3),
            elapsed: Duration::from_millis(2_000),
        };
        assert_eq!(move_comment(&note), "{2.000s}");
        let note = MoveNote {
            score: Some(EngineScore::Cp(-150)),
            ..note
        };
        assert_eq!(move_comment(&note), "{-1.50/3 2.000s}");
    }
}
