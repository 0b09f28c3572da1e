//! Game records for download: PGN for chess, and the same tag-pair layout with WXF moves
//! for xiangqi (as xiangqi programs exchange move lists).

use super::board::{fullmove_number, BoardSpec};
use super::session::{result_text, Session};
use game::{Game, Side};

/// Today's date as PGN writes it (`2026.11.22`), from the system clock.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Days since 1970-01-01 to a Gregorian date (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// The game record with its tags, numbered moves and result.
pub fn record<G: Game>(session: &Session<G>, date: &str) -> String {
    let spec = BoardSpec::of::<G>();
    let engine = format!("Chariot ({} level)", session.level.name());
    let name = |side: Side| {
        if side == session.human {
            "Human".to_string()
        } else {
            engine.clone()
        }
    };
    let outcome = session.outcome();
    let result = outcome.map_or("*", |o| o.pgn_result());
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| out.push_str(&format!("[{k} \"{}\"]\n", v.replace('"', "'")));
    tag("Event", "Chariot web game");
    tag("Site", "Chariot");
    tag("Date", date);
    tag("Round", "-");
    tag(spec.side_names[0], &name(Side::White));
    tag("Black", &name(Side::Black));
    tag("Result", result);
    if let Some(variant) = G::description().variant {
        tag("Variant", variant);
    }
    let start_fen = session.start.to_fen();
    if start_fen != G::start().to_fen() {
        tag("SetUp", "1");
        tag("FEN", &start_fen);
    }
    if let Some(o) = &outcome {
        tag("Termination", &result_text::<G>(&spec, o));
    }
    out.push('\n');

    let mut number = fullmove_number(&start_fen);
    let mut side = session.start.side_to_move();
    let mut words: Vec<String> = Vec::new();
    for (i, played) in session.history.iter().enumerate() {
        if side == Side::White {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(played.text.clone());
        if side == Side::Black {
            number += 1;
        }
        side = side.flip();
    }
    words.push(result.to_string());
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + word.len() + 1 > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_gregorian() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(20_513), (2026, 3, 1));
        assert_eq!(today().len(), 10);
    }
}
