//! The UCI options Chariot offers: their declarations (`option name … type …`), their
//! values, and how a `setoption` changes them.

use engine::Mode;
use game::Game;
use search::strength::{Calibration, FULL_LEVEL};
use search::tunable::{self, TUNABLES};
use search::SearchTuning;
use search::{Options, Strength};
use std::collections::BTreeMap;
use std::time::Duration;
use thiserror::Error;

/// The two games a UCI session can play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Chess.
    Chess,
    /// Xiangqi.
    Xiangqi,
}

impl Variant {
    /// The game this variant plays.
    pub fn kind(self) -> engine::GameKind {
        match self {
            Variant::Chess => engine::GameKind::Chess,
            Variant::Xiangqi => engine::GameKind::Xiangqi,
        }
    }

    /// The game's search preset: the defaults of its tunable parameters.
    pub fn preset(self) -> SearchTuning {
        match self {
            Variant::Chess => <chess::Position as engine::Tuned>::TUNING,
            Variant::Xiangqi => <xiangqi::Position as engine::Tuned>::TUNING,
        }
    }

    /// The game's playing levels: what its `UCI_Elo` means (the game's preset's table).
    pub fn levels(self) -> Calibration {
        self.preset().levels
    }

    /// The `EvalFile` value that names the game's built-in network (its default).
    pub fn builtin_eval_file(self) -> &'static str {
        match self {
            Variant::Chess => <chess::Position as Game>::builtin_evaluator_name(),
            Variant::Xiangqi => <xiangqi::Position as Game>::builtin_evaluator_name(),
        }
    }

    /// The name UCI_Variant uses.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Xiangqi => "xiangqi",
        }
    }

    /// Reads a UCI_Variant value (case-insensitive).
    pub fn parse(text: &str) -> Option<Variant> {
        match text.trim().to_ascii_lowercase().as_str() {
            "chess" | "standard" => Some(Variant::Chess),
            "xiangqi" => Some(Variant::Xiangqi),
            _ => None,
        }
    }
}

/// Largest Hash a GUI may ask for, in MiB; larger tables are clamped to the machine (see
/// [`memory_cap_mb`]).
pub const HASH_MAX: usize = 1 << 20;
/// Most search threads.
pub const THREADS_MAX: usize = 512;
/// Most principal variations.
pub const MULTIPV_MAX: usize = 256;
/// Most move overhead, in milliseconds.
pub const OVERHEAD_MAX: u64 = 5000;
/// Deepest plain alpha-beta search (`AlphaBeta Depth`); deeper takes minutes a move.
pub const ALPHABETA_DEPTH_MAX: u32 = 12;

/// The `UCI_Elo` values `setoption` accepts: every game's range together, so that a value
/// set before `UCI_Variant` survives the switch; each game reads it on its own table
/// (beyond its top is full strength, below its bottom level 0).
pub fn elo_bounds() -> (u32, u32) {
    let games = [Variant::Chess.levels(), Variant::Xiangqi.levels()];
    let min = games.iter().map(Calibration::elo_min).min().unwrap_or(0);
    let max = games.iter().map(Calibration::elo_max).max().unwrap_or(0);
    (min, max)
}

/// Every option's value in one session (shared by both games when the variant changes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Transposition table size in MiB, as asked (before clamping to the machine).
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
    /// Principal variations to report.
    pub multipv: usize,
    /// Whether the GUI lets us ponder (informational: the GUI sends `go ponder`).
    pub ponder: bool,
    /// Time kept back per move, in milliseconds.
    pub move_overhead_ms: u64,
    /// Whether UCI_Elo applies.
    pub limit_strength: bool,
    /// `UCI_ShowWDL`: info lines with a score add the game's win/draw/loss chances.
    pub show_wdl: bool,
    /// Target strength when limited.
    pub elo: u32,
    /// Skill level 0–20.
    pub skill: u8,
    /// Whether the engine uses its own book.
    pub own_book: bool,
    /// A Polyglot book file (chess); empty for the built-in repertoire.
    pub book_file: String,
    /// A network file of the game being played (`chariot nnue-train`; a network of the
    /// other game is refused): the game's built-in network's name
    /// ([`Variant::builtin_eval_file`], the default) for that network, empty for the
    /// classic evaluation.
    pub eval_file: String,
    /// The game being played.
    pub variant: Variant,
    /// `Search alphabeta`: play by plain fixed-depth alpha-beta instead of the engine search.
    pub plain_alphabeta: bool,
    /// Depth of the plain alpha-beta search.
    pub alphabeta_depth: u32,
    /// `UCI_Chess960`: positions read as Chess960 (X-FEN or Shredder-FEN castling rights),
    /// castling sent and received king-takes-rook. Applies from the next `position`.
    pub chess960: bool,
    /// Tuning mode (`chariot uci --tune`): the search's tunable parameters
    /// ([`search::tunable::TUNABLES`]) are offered as options. Off, GUIs never see them.
    pub tune: bool,
    /// The tunable parameters set so far, by index into the table; applied on top of the
    /// game's preset (so they carry over when UCI_Variant changes the game).
    pub tuned: BTreeMap<usize, i32>,
}

impl Settings {
    /// The defaults for a session that plays `variant`.
    pub fn new(variant: Variant) -> Self {
        Settings {
            hash_mb: 16,
            threads: 1,
            multipv: 1,
            ponder: false,
            move_overhead_ms: 10,
            limit_strength: false,
            show_wdl: false,
            elo: 1500,
            skill: FULL_LEVEL,
            own_book: false,
            book_file: String::new(),
            eval_file: variant.builtin_eval_file().to_string(),
            variant,
            plain_alphabeta: false,
            alphabeta_depth: 4,
            chess960: false,
            tune: false,
            tuned: BTreeMap::new(),
        }
    }

    /// Makes the settings name `variant` as the game (UCI_Variant). `EvalFile` names a
    /// network of one game, so it does not carry over: it becomes the new game's built-in
    /// network, except that the classic evaluation (empty) stays, as it is every game's.
    /// Returns a note when a file chosen for the old game is set aside.
    pub fn switch_to(&mut self, variant: Variant) -> Option<String> {
        let old = std::mem::replace(&mut self.variant, variant);
        if self.eval_file.is_empty() || old == variant {
            return None;
        }
        let dropped =
            std::mem::replace(&mut self.eval_file, variant.builtin_eval_file().to_string());
        (dropped != old.builtin_eval_file()).then(|| {
            format!(
                "EvalFile {dropped} was {}'s; {} plays with {}",
                old.name(),
                variant.name(),
                self.eval_file
            )
        })
    }

    /// The algorithm these settings ask for.
    pub fn mode(&self) -> Mode {
        if self.plain_alphabeta {
            Mode::AlphaBeta(self.alphabeta_depth)
        } else {
            Mode::Full
        }
    }

    /// The `option …` lines `uci` prints. `with_variant` is false in Pikafish mode, where
    /// the game is fixed by the command line.
    pub fn declarations(&self, with_variant: bool) -> Vec<String> {
        let defaults = Settings::new(self.variant);
        let levels = self.variant.levels();
        let (elo_min, elo_max) = (levels.elo_min(), levels.elo_max());
        let mut lines = vec![
            format!(
                "option name Hash type spin default {} min 1 max {HASH_MAX}",
                defaults.hash_mb
            ),
            format!("option name Threads type spin default 1 min 1 max {THREADS_MAX}"),
            format!("option name MultiPV type spin default 1 min 1 max {MULTIPV_MAX}"),
            "option name Ponder type check default false".to_string(),
            "option name UCI_Chess960 type check default false".to_string(),
            format!(
                "option name Move Overhead type spin default {} min 0 max {OVERHEAD_MAX}",
                defaults.move_overhead_ms
            ),
            "option name Clear Hash type button".to_string(),
            "option name UCI_LimitStrength type check default false".to_string(),
            "option name UCI_ShowWDL type check default false".to_string(),
            format!(
                "option name UCI_Elo type spin default {} min {elo_min} max {elo_max}",
                defaults.elo.clamp(elo_min, elo_max)
            ),
            format!(
                "option name Skill Level type spin default {FULL_LEVEL} min 0 max {FULL_LEVEL}"
            ),
            "option name OwnBook type check default false".to_string(),
            "option name BookFile type string default <empty>".to_string(),
            format!(
                "option name EvalFile type string default {}",
                defaults.eval_file
            ),
            "option name Search type combo default full var full var alphabeta".to_string(),
            format!(
                "option name AlphaBeta Depth type spin default {} min 1 max {ALPHABETA_DEPTH_MAX}",
                defaults.alphabeta_depth
            ),
        ];
        if self.tune {
            let preset = self.variant.preset();
            lines.extend(TUNABLES.iter().map(|t| t.uci_declaration(&preset)));
        }
        if with_variant {
            lines.push(format!(
                "option name UCI_Variant type combo default {} var chess var xiangqi",
                self.variant.name()
            ));
        }
        lines
    }

    /// Applies one `setoption`. Numbers out of range are clamped (and said so in the
    /// returned change's note) rather than refused, as most engines do.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Change, OptionError> {
        let key = name.trim().to_ascii_lowercase();
        let value = value.map(str::trim);
        let need = || value.ok_or_else(|| OptionError::MissingValue(name.to_string()));
        let mut note = None;
        if let Some((index, t)) = tunable::find(&key).filter(|_| self.tune) {
            let v = spin(name, need()?, t.min.into(), t.max.into(), &mut note)?;
            self.tuned.insert(index, v as i32);
            return Ok(match note {
                Some(note) => Change::Noted(Box::new(Change::Tuning), note),
                None => Change::Tuning,
            });
        }
        let change = match key.as_str() {
            "hash" => {
                self.hash_mb = spin(name, need()?, 1, HASH_MAX as i64, &mut note)? as usize;
                Change::Search
            }
            "threads" => {
                self.threads = spin(name, need()?, 1, THREADS_MAX as i64, &mut note)? as usize;
                Change::Search
            }
            "multipv" => {
                self.multipv = spin(name, need()?, 1, MULTIPV_MAX as i64, &mut note)? as usize;
                Change::Search
            }
            "move overhead" => {
                self.move_overhead_ms =
                    spin(name, need()?, 0, OVERHEAD_MAX as i64, &mut note)? as u64;
                Change::Search
            }
            "uci_elo" => {
                let (min, max) = elo_bounds();
                self.elo = spin(name, need()?, min as i64, max as i64, &mut note)? as u32;
                Change::Search
            }
            "skill level" => {
                self.skill = spin(name, need()?, 0, FULL_LEVEL as i64, &mut note)? as u8;
                Change::Search
            }
            "uci_limitstrength" => {
                self.limit_strength = check(name, need()?)?;
                Change::Search
            }
            "uci_showwdl" => {
                self.show_wdl = check(name, need()?)?;
                Change::Nothing
            }
            "uci_chess960" => {
                self.chess960 = check(name, need()?)?;
                Change::Nothing
            }
            "ponder" => {
                self.ponder = check(name, need()?)?;
                Change::Nothing
            }
            "ownbook" => {
                self.own_book = check(name, need()?)?;
                Change::Book
            }
            "bookfile" => {
                self.book_file = file_name(value);
                Change::Book
            }
            "evalfile" => {
                self.eval_file = file_name(value);
                Change::EvalFile
            }
            "clear hash" => Change::ClearHash,
            "search" => {
                let text = need()?;
                self.plain_alphabeta = match text.to_ascii_lowercase().as_str() {
                    "full" => false,
                    "alphabeta" => true,
                    _ => {
                        return Err(OptionError::BadValue {
                            name: name.to_string(),
                            value: text.chars().take(40).collect(),
                        })
                    }
                };
                Change::Mode
            }
            "alphabeta depth" => {
                self.alphabeta_depth =
                    spin(name, need()?, 1, ALPHABETA_DEPTH_MAX as i64, &mut note)? as u32;
                Change::Mode
            }
            "uci_variant" => {
                let text = need()?;
                let variant = Variant::parse(text).ok_or_else(|| OptionError::BadValue {
                    name: name.to_string(),
                    value: text.to_string(),
                })?;
                Change::Variant(variant)
            }
            // GUIs send these to every engine; accepting them quietly avoids noise.
            "uci_analysemode" | "uci_opponent" | "uci_engineabout" => Change::Nothing,
            _ => return Err(OptionError::Unknown(name.to_string())),
        };
        Ok(match note {
            Some(note) => Change::Noted(Box::new(change), note),
            None => change,
        })
    }

    /// The search options these settings ask for, with Hash clamped to `memory_mb`.
    pub fn search_options(&self, memory_mb: usize) -> Options {
        let strength = if self.limit_strength {
            Strength::Elo(self.elo)
        } else if self.skill < FULL_LEVEL {
            Strength::Level(self.skill)
        } else {
            Strength::Full
        };
        Options {
            hash_mb: self.hash_mb.clamp(1, memory_mb.max(1)),
            threads: self.threads,
            multipv: self.multipv,
            move_overhead: Duration::from_millis(self.move_overhead_ms),
            strength,
            randomize: false,
        }
    }
}

/// What a `setoption` requires of the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// Nothing to do.
    Nothing,
    /// Pass new search options to the searcher.
    Search,
    /// Clear the transposition table.
    ClearHash,
    /// Reload or drop the book.
    Book,
    /// Load or drop the evaluation network.
    EvalFile,
    /// Switch to another game.
    Variant(Variant),
    /// Switch the algorithm (engine search or plain alpha-beta).
    Mode,
    /// Hand the searcher the preset with the tuned parameters applied.
    Tuning,
    /// The inner change, with a remark for the GUI (a value was clamped).
    Noted(Box<Change>, String),
}

/// Why a `setoption` was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum OptionError {
    /// No such option.
    #[error("unknown option '{0}'")]
    Unknown(String),
    /// The option needs a value.
    #[error("option '{0}' needs a value")]
    MissingValue(String),
    /// The value does not fit the option's type.
    #[error("'{value}' is not a valid value for option '{name}'")]
    BadValue {
        /// The option.
        name: String,
        /// The refused value.
        value: String,
    },
}

/// A string option's file name: no value and `<empty>` (what GUIs send back for the
/// declared default) both mean none.
fn file_name(value: Option<&str>) -> String {
    match value {
        None | Some("<empty>") => String::new(),
        Some(file) => file.to_string(),
    }
}

fn spin(
    name: &str,
    text: &str,
    min: i64,
    max: i64,
    note: &mut Option<String>,
) -> Result<i64, OptionError> {
    let bad = || OptionError::BadValue {
        name: name.to_string(),
        value: text.chars().take(40).collect(),
    };
    // Accept any integer, however long: a GUI asking for 10^30 MiB gets the maximum.
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let value = text.parse::<i64>().unwrap_or(if text.starts_with('-') {
        i64::MIN
    } else {
        i64::MAX
    });
    let clamped = value.clamp(min, max);
    if clamped != value {
        *note = Some(format!(
            "{name} {} is out of range, using {clamped}",
            text.chars().take(40).collect::<String>()
        ));
    }
    Ok(clamped)
}

fn check(name: &str, text: &str) -> Result<bool, OptionError> {
    match text.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(OptionError::BadValue {
            name: name.to_string(),
            value: text.chars().take(40).collect(),
        }),
    }
}

/// The most Hash this machine can hold comfortably: half its physical memory, so a GUI
/// asking for a terabyte gets a table instead of an out-of-memory kill. Read once per
/// process: every session asks (the fuzz targets start thousands a second) and the
/// machine's memory does not change under it.
pub fn memory_cap_mb() -> usize {
    static CAP: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CAP.get_or_init(read_memory_cap_mb)
}

/// [`memory_cap_mb`] read from /proc/meminfo.
fn read_memory_cap_mb() -> usize {
    let total_kb = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("MemTotal:"))?
                .split_whitespace()
                .nth(1)?
                .parse::<usize>()
                .ok()
        });
    // Without /proc (not Linux), allow 4 GiB.
    total_kb.map_or(4096, |kb| (kb / 1024 / 2).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_list_every_required_option() {
        let lines = Settings::new(Variant::Chess).declarations(true).join("\n");
        for name in [
            "Hash",
            "Threads",
            "MultiPV",
            "Ponder",
            "Move Overhead",
            "Clear Hash",
            "UCI_LimitStrength",
            "UCI_Elo",
            "Skill Level",
            "OwnBook",
            "BookFile",
            "UCI_Variant",
            "Search",
            "AlphaBeta Depth",
        ] {
            assert!(
                lines.contains(&format!("option name {name} type")),
                "{name}"
            );
        }
        assert!(lines.contains("var chess var xiangqi"));
        let pikafish = Settings::new(Variant::Xiangqi)
            .declarations(false)
            .join("\n");
        assert!(!pikafish.contains("UCI_Variant"));
    }

    #[test]
    fn names_are_case_insensitive_and_values_clamped() {
        let mut s = Settings::new(Variant::Chess);
        assert_eq!(s.set("hash", Some("64")), Ok(Change::Search));
        assert_eq!(s.hash_mb, 64);
        let change = s.set("Hash", Some("99999999999999999999999")).unwrap();
        assert!(
            matches!(change, Change::Noted(ref c, _) if **c == Change::Search),
            "{change:?}"
        );
        assert_eq!(s.hash_mb, HASH_MAX);
        assert!(matches!(s.set("Threads", Some("0")), Ok(Change::Noted(..))));
        assert_eq!(s.threads, 1);
        assert_eq!(s.set("MOVE OVERHEAD", Some("30")), Ok(Change::Search));
        assert_eq!(s.move_overhead_ms, 30);
    }

    #[test]
    fn bad_values_are_refused_and_change_nothing() {
        let mut s = Settings::new(Variant::Chess);
        let before = s.clone();
        assert!(matches!(
            s.set("Hash", Some("lots")),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            s.set("Hash", Some("")),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            s.set("Hash", None),
            Err(OptionError::MissingValue(_))
        ));
        assert!(matches!(
            s.set("Ponder", Some("yes")),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            s.set("UCI_Variant", Some("shogi")),
            Err(OptionError::BadValue { .. })
        ));
        assert_eq!(
            s.set("Contempt", Some("3")),
            Err(OptionError::Unknown("Contempt".into()))
        );
        assert_eq!(s, before);
    }

    #[test]
    fn show_wdl_is_a_check_off_by_default() {
        let mut s = Settings::new(Variant::Xiangqi);
        assert!(!s.show_wdl);
        assert!(s
            .declarations(false)
            .contains(&"option name UCI_ShowWDL type check default false".to_string()));
        assert_eq!(s.set("UCI_ShowWDL", Some("true")), Ok(Change::Nothing));
        assert!(s.show_wdl);
        assert!(s.set("UCI_ShowWDL", Some("maybe")).is_err());
        assert!(s.show_wdl, "a refused value changes nothing");
        s.set("uci_showwdl", Some("false")).unwrap();
        assert!(!s.show_wdl);
    }

    #[test]
    fn strength_follows_limit_strength_then_skill() {
        let mut s = Settings::new(Variant::Chess);
        assert_eq!(s.search_options(1000).strength, Strength::Full);
        s.set("Skill Level", Some("5")).unwrap();
        assert_eq!(s.search_options(1000).strength, Strength::Level(5));
        s.set("UCI_Elo", Some("1800")).unwrap();
        s.set("UCI_LimitStrength", Some("true")).unwrap();
        assert_eq!(s.search_options(1000).strength, Strength::Elo(1800));
    }

    #[test]
    fn uci_elo_follows_the_game() {
        for (variant, table) in [
            (Variant::Chess, engine::levels::CHESS_LEVELS),
            (Variant::Xiangqi, engine::levels::XIANGQI_LEVELS),
        ] {
            assert_eq!(variant.levels(), table);
            let s = Settings::new(variant);
            let declared = format!(
                "option name UCI_Elo type spin default 1500 min {} max {}",
                table.elo_min(),
                table.elo_max()
            );
            assert!(s.declarations(true).contains(&declared), "{variant:?}");
        }
        // Accepted: every game's range together; out of it, clamped and said so.
        let (min, max) = elo_bounds();
        let mut s = Settings::new(Variant::Xiangqi);
        assert_eq!(s.set("UCI_Elo", Some(&max.to_string())), Ok(Change::Search));
        assert!(matches!(s.set("UCI_Elo", Some("1")), Ok(Change::Noted(..))));
        assert_eq!(s.elo, min);
    }

    #[test]
    fn hash_is_clamped_to_the_machine() {
        let mut s = Settings::new(Variant::Chess);
        s.set("Hash", Some("1048576")).unwrap();
        assert_eq!(s.search_options(512).hash_mb, 512);
        assert!(memory_cap_mb() >= 1);
    }

    #[test]
    fn the_memory_cap_read_once_is_the_machines() {
        assert_eq!(memory_cap_mb(), read_memory_cap_mb());
        assert_eq!(memory_cap_mb(), memory_cap_mb());
    }

    #[test]
    fn search_mode_and_depth() {
        let mut s = Settings::new(Variant::Chess);
        assert_eq!(s.mode(), Mode::Full);
        assert_eq!(s.set("search", Some("AlphaBeta")), Ok(Change::Mode));
        assert_eq!(s.mode(), Mode::AlphaBeta(4));
        assert_eq!(s.set("AlphaBeta Depth", Some("3")), Ok(Change::Mode));
        assert_eq!(s.mode(), Mode::AlphaBeta(3));
        assert!(matches!(
            s.set("AlphaBeta Depth", Some("99")),
            Ok(Change::Noted(..))
        ));
        assert_eq!(s.mode(), Mode::AlphaBeta(ALPHABETA_DEPTH_MAX));
        assert!(matches!(
            s.set("Search", Some("minimax")),
            Err(OptionError::BadValue { .. })
        ));
        assert_eq!(s.set("Search", Some("full")), Ok(Change::Mode));
        assert_eq!(s.mode(), Mode::Full);
    }

    #[test]
    fn tunables_are_offered_and_set_only_in_tuning_mode() {
        let mut s = Settings::new(Variant::Chess);
        assert!(!s.declarations(true).join("\n").contains("RfpDepthMargin"));
        assert_eq!(
            s.set("RfpDepthMargin", Some("90")),
            Err(OptionError::Unknown("RfpDepthMargin".into()))
        );
        s.tune = true;
        let lines = s.declarations(true);
        assert!(lines.contains(
            &"option name RfpDepthMargin type spin default 80 min 30 max 150".to_string()
        ));
        // Defaults follow the game's preset (since session 46 xiangqi's equals chess's).
        assert!(lines.contains(&"option name AspDelta type spin default 15 min 5 max 60".into()));
        s.variant = Variant::Xiangqi;
        let lines = s.declarations(true);
        assert!(lines.contains(&"option name AspDelta type spin default 15 min 5 max 60".into()));
        assert!(lines.contains(&"option name QuietSeeOn type spin default 1 min 0 max 1".into()));
        assert_eq!(s.set("rfpdepthmargin", Some("90")), Ok(Change::Tuning));
        assert!(matches!(
            s.set("RfpDepthMargin", Some("9999")),
            Ok(Change::Noted(ref c, _)) if **c == Change::Tuning
        ));
        assert!(matches!(
            s.set("RfpDepthMargin", Some("x")),
            Err(OptionError::BadValue { .. })
        ));
        let (index, _) = tunable::find("RfpDepthMargin").unwrap();
        assert_eq!(s.tuned.get(&index), Some(&150));
        let tuned = tunable::apply(s.variant.preset(), &s.tuned);
        assert_eq!(tuned.params.rfp_depth_margin, 150);
    }

    #[test]
    fn variant_and_book_changes() {
        let mut s = Settings::new(Variant::Chess);
        assert_eq!(
            s.set("UCI_Variant", Some("Xiangqi")),
            Ok(Change::Variant(Variant::Xiangqi))
        );
        assert_eq!(s.set("BookFile", Some("<empty>")), Ok(Change::Book));
        assert_eq!(s.book_file, "");
        assert_eq!(s.set("OwnBook", Some("true")), Ok(Change::Book));
        assert!(s.own_book);
        assert_eq!(s.set("Clear Hash", None), Ok(Change::ClearHash));
    }

    #[test]
    fn each_game_has_its_own_eval_file_and_a_switch_does_not_carry_a_file_over() {
        let (chess_net, xq_net) = (chess::nnue::EMBEDDED_NAME, xiangqi::nnue::EMBEDDED_NAME);
        assert_ne!(chess_net, xq_net);
        assert_eq!(Settings::new(Variant::Chess).eval_file, chess_net);
        assert_eq!(Settings::new(Variant::Xiangqi).eval_file, xq_net);
        // the default follows the game, both ways, without a note
        let mut s = Settings::new(Variant::Chess);
        assert_eq!(s.switch_to(Variant::Xiangqi), None);
        assert_eq!(
            (s.variant, s.eval_file.as_str()),
            (Variant::Xiangqi, xq_net)
        );
        assert_eq!(s.switch_to(Variant::Chess), None);
        assert_eq!(s.eval_file, chess_net);
        // a file of one game is set aside, with a note; the classic evaluation stays
        s.eval_file = "/nets/mine.nnue".into();
        let note = s.switch_to(Variant::Xiangqi).expect("a note");
        assert!(
            note.contains("/nets/mine.nnue") && note.contains(xq_net),
            "{note}"
        );
        assert_eq!(s.eval_file, xq_net);
        s.eval_file.clear();
        assert_eq!(s.switch_to(Variant::Chess), None);
        assert_eq!(s.eval_file, "");
        // staying in the same game keeps the file
        s.eval_file = "/nets/mine.nnue".into();
        assert_eq!(s.switch_to(Variant::Chess), None);
        assert_eq!(s.eval_file, "/nets/mine.nnue");
    }
}
