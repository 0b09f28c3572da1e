//! Game record writing, shared by every front end that saves games (web game, terminal game,
//! arena): tag pairs in the PGN standard's order with its escaping, numbered movetext with
//! comments and a result, line wrapping, and the date as PGN writes it.
//!
//! What is game-specific (the move notation, the `Variant` tag) comes from the game's
//! [`game::Description`] through the caller; nothing here compares game names.

use game::{Game, MoveStyle, Side};

/// The longest line of wrapped movetext, in bytes: the PGN standard's 80 columns less one.
pub const LINE_WIDTH: usize = 79;

/// The Seven Tag Roster, in the order the PGN standard writes it.
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// A tag value in a PGN tag pair: backslash and double quote escaped with a backslash, as
/// the PGN standard (8.1.1) asks, so that the importer reads the value back unchanged.
pub fn escape_tag_value(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The tag pairs of one game, written in the standard's order: the Seven Tag Roster first
/// (those that were set), then the other tags in the order they were added.
#[derive(Clone, Debug)]
pub struct Tags {
    roster: [Option<String>; 7],
    player_tags: [&'static str; 2],
    extra: Vec<(String, String)>,
}

impl Default for Tags {
    fn default() -> Self {
        Tags::new()
    }
}

impl Tags {
    /// No tags yet; the players' tags are called `White` and `Black`.
    pub fn new() -> Tags {
        Tags {
            roster: Default::default(),
            player_tags: ["White", "Black"],
            extra: Vec::new(),
        }
    }

    /// Names the players' roster tags after the game's sides (the web game writes
    /// `[Red "…"]` for xiangqi, from [`game::Description::side_names`]).
    pub fn player_tag_names(mut self, names: [&'static str; 2]) -> Tags {
        self.player_tags = names;
        self
    }

    /// Sets tag `name` to `value`: a roster tag takes its place in the roster, any other
    /// tag replaces an earlier one of that name or goes after those already added.
    pub fn set(mut self, name: &str, value: &str) -> Tags {
        if let Some(i) = ROSTER.iter().position(|&r| r == name) {
            self.roster[i] = Some(value.to_string());
        } else if let Some(i) = self.player_tags.iter().position(|&p| p == name) {
            self.roster[4 + i] = Some(value.to_string());
        } else if let Some(pair) = self.extra.iter_mut().find(|(n, _)| n == name) {
            pair.1 = value.to_string();
        } else {
            self.extra.push((name.to_string(), value.to_string()));
        }
        self
    }

    /// Sets the player's tag of `side` (`White`/`Black`, or the renamed ones).
    pub fn player(self, side: Side, name: &str) -> Tags {
        let tag = self.player_tags[side.index()];
        self.set(tag, name)
    }

    /// Sets tag `name` when there is a value.
    pub fn set_some(self, name: &str, value: Option<&str>) -> Tags {
        match value {
            Some(v) => self.set(name, v),
            None => self,
        }
    }

    /// The tags that say which game and start a record is of: `Variant` (the game's, or
    /// its Chess960 form's when `start` is in Chess960 mode), then `SetUp` and `FEN` when
    /// the start is not the standard one. A Chess960 start always names its FEN, even the
    /// standard array (number 518), as readers need it to know the rooks' files.
    pub fn start<G: Game>(self, start: &G) -> Tags {
        let description = G::description();
        let chess960 = start.is_chess960();
        let variant = match description.chess960_variants.first() {
            Some(&name) if chess960 => Some(name),
            _ => description.variant,
        };
        let fen = start.to_fen();
        let custom = chess960 || fen != G::start().to_fen();
        self.set_some("Variant", variant)
            .set_some("SetUp", custom.then_some("1"))
            .set_some("FEN", custom.then_some(fen.as_str()))
    }

    /// The tag pairs, one `[Name "value"]` a line, each line ending in a newline.
    pub fn write(&self) -> String {
        let roster = ROSTER.iter().enumerate().filter_map(|(i, &name)| {
            let name = if (4..6).contains(&i) {
                self.player_tags[i - 4]
            } else {
                name
            };
            self.roster[i].as_deref().map(|v| (name, v))
        });
        let extra = self.extra.iter().map(|(n, v)| (n.as_str(), v.as_str()));
        roster
            .chain(extra)
            .map(|(name, value)| format!("[{name} \"{}\"]\n", escape_tag_value(value)))
            .collect()
    }
}

/// The full-move number of a FEN (its sixth field), 1 when absent or unreadable.
pub fn fullmove_number(fen: &str) -> u32 {
    fen.split_whitespace()
        .nth(5)
        .and_then(|n| n.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1)
}

/// Movetext being built: move numbers (`12.`, or `12...` when the first move is Black's),
/// moves, `{comments}` and finally a result, kept as words to lay out in lines.
#[derive(Clone, Debug)]
pub struct Movetext {
    words: Vec<String>,
    number: u32,
    side: Side,
    plies: usize,
}

impl Movetext {
    /// Empty movetext for a game starting at `start` (its full-move number and side to move).
    pub fn new<G: Game>(start: &G) -> Movetext {
        Movetext::starting(fullmove_number(&start.to_fen()), start.side_to_move())
    }

    /// Empty movetext whose first move is `side`'s, numbered `number`.
    pub fn starting(number: u32, side: Side) -> Movetext {
        Movetext {
            words: Vec::new(),
            number,
            side,
            plies: 0,
        }
    }

    /// The moves played from `start`, written in `style` (the game's
    /// [`game::Description::pgn_style`], or its human notation), with `comments[i]` after
    /// move `i` where there is one.
    pub fn of_moves<G: Game>(
        start: &G,
        moves: &[G::Move],
        style: MoveStyle,
        comments: &[String],
    ) -> Movetext {
        let mut text = Movetext::new(start);
        let mut pos = start.clone();
        for (i, &mv) in moves.iter().enumerate() {
            text.push_move(&pos.format_move(mv, style));
            if let Some(comment) = comments.get(i) {
                text.push_comment(comment);
            }
            pos.make(mv);
        }
        text
    }

    /// Adds the next move, already written in the game's notation, with its number.
    pub fn push_move(&mut self, san: &str) {
        if self.side == Side::White {
            self.words.push(format!("{}.", self.number));
        } else if self.plies == 0 {
            self.words.push(format!("{}...", self.number));
        }
        self.words.push(san.to_string());
        if self.side == Side::Black {
            self.number += 1;
        }
        self.side = self.side.flip();
        self.plies += 1;
    }

    /// Adds `{text}` (braces inside `text` are dropped: PGN comments cannot nest).
    pub fn push_comment(&mut self, text: &str) {
        self.words
            .push(format!("{{{}}}", text.replace(['{', '}'], "")));
    }

    /// Adds the result token (`1-0`, `0-1`, `1/2-1/2`, `*`) that ends the movetext.
    pub fn push_result(&mut self, result: &str) {
        self.words.push(result.to_string());
    }

    /// All words on one line, separated by spaces (no newline).
    pub fn line(&self) -> String {
        self.words.join(" ")
    }

    /// The words in lines of at most [`LINE_WIDTH`] bytes (a longer word stands alone),
    /// each line ending in a newline.
    pub fn wrapped(&self) -> String {
        let mut out = String::new();
        let mut line_len = 0;
        for word in &self.words {
            if line_len > 0 && line_len + 1 + word.len() > LINE_WIDTH {
                out.push('\n');
                line_len = 0;
            } else if line_len > 0 {
                out.push(' ');
                line_len += 1;
            }
            out.push_str(word);
            line_len += word.len();
        }
        out.push('\n');
        out
    }
}

/// Today's date (UTC) as PGN writes it: `YYYY.MM.DD`.
pub fn pgn_date() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    pgn_date_of(secs)
}

/// The UTC date of a moment (seconds since 1970) as PGN writes it: `YYYY.MM.DD`.
pub fn pgn_date_of(secs: u64) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use game::Game;

    #[test]
    fn chess960_starts_are_tagged_with_their_fen() {
        let standard = Tags::new().start(&chess::Position::start()).write();
        assert_eq!(standard, "");
        let array = chess::Position::start_960(518).unwrap();
        let tags = Tags::new().start(&array).write();
        assert!(tags.contains("[Variant \"Chess960\"]\n"), "{tags}");
        assert!(
            tags.contains(&format!("[FEN \"{}\"]", array.to_fen())),
            "{tags}"
        );
        let back = crate::import::<chess::Position>(&format!("{tags}\n*\n")).unwrap();
        assert!(back.start.is_chess960());
        let xiangqi = Tags::new().start(&xiangqi::Position::start()).write();
        assert_eq!(xiangqi, "[Variant \"xiangqi\"]\n");
    }

    #[test]
    fn dates_are_gregorian() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(20_513), (2026, 3, 1));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        assert_eq!(pgn_date_of(20_791 * 86_400 + 86_399), "2026.12.04");
        let d = pgn_date();
        assert_eq!(d.len(), 10);
        assert!(&d[4..5] == "." && &d[7..8] == ".", "{d}");
    }

    #[test]
    fn tags_come_in_roster_order_then_as_added() {
        let tags = Tags::new()
            .set("Variant", "xiangqi")
            .set("Result", "*")
            .player(Side::Black, "B")
            .set("Event", "e")
            .player(Side::White, "A")
            .set("FEN", "x")
            .set("Variant", "chess")
            .write();
        assert_eq!(
            tags,
            "[Event \"e\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\
             [Variant \"chess\"]\n[FEN \"x\"]\n"
        );
        let red = Tags::new()
            .player_tag_names(["Red", "Black"])
            .player(Side::White, "R")
            .set("Round", "-")
            .write();
        assert_eq!(red, "[Round \"-\"]\n[Red \"R\"]\n");
    }

    #[test]
    fn tag_values_with_quotes_and_backslashes_import_unchanged() {
        let value = r#"a "quoted" name \ with \\ backslashes\"#;
        let text = Tags::new().set("Event", value).write() + "\n*\n";
        assert_eq!(
            text.lines().next(),
            Some(r#"[Event "a \"quoted\" name \\ with \\\\ backslashes\\"]"#)
        );
        let back = crate::import::<chess::Position>(&text).unwrap();
        assert_eq!(back.tag("Event"), Some(value));
    }

    #[test]
    fn movetext_numbers_from_the_start_position_and_wraps() {
        let start = chess::Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 37").unwrap();
        let mut pos = start.clone();
        let moves: Vec<_> = ["e8d8", "e2e4", "d8e8"]
            .iter()
            .map(|m| {
                let mv = pos.parse_move(m, MoveStyle::Coord).unwrap();
                pos.make(mv);
                mv
            })
            .collect();
        let mut text = Movetext::of_moves(&start, &moves, MoveStyle::Human, &["{x}".into()]);
        text.push_result("*");
        assert_eq!(text.line(), "37... Kd8 {x} 38. e4 Ke8 *");

        let mut long = Movetext::new(&chess::Position::start());
        for _ in 0..30 {
            long.push_move("Nf3");
        }
        let wrapped = long.wrapped();
        assert!(wrapped.lines().all(|l| l.len() <= LINE_WIDTH), "{wrapped}");
        assert!(wrapped.lines().count() > 1 && wrapped.ends_with("Nf3\n"));
        assert_eq!(wrapped.replace('\n', " ").trim_end(), long.line());
    }

    #[test]
    fn fullmove_number_defaults_to_one() {
        assert_eq!(fullmove_number("8/8/8/8/8/8/8/K6k w - - 0 37"), 37);
        assert_eq!(fullmove_number("8/8/8/8/8/8/8/K6k w"), 1);
        assert_eq!(fullmove_number("8/8/8/8/8/8/8/K6k w - - 0 0"), 1);
    }
}
