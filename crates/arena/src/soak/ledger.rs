//! The soak campaign ledger: one tab-separated row per game kind of each recorded soak run
//! (`chariot soak --record FILE`), so that a long campaign — issue 60 asks for 2000 games of
//! each game at 10+0.1 — can be played in pieces on several machines and sessions and added
//! up (`chariot soak --summary FILE`). The committed ledger is `benchmarks/soak.tsv`.

use super::stats::Stats;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs::OpenOptions;
use std::io::Write as _;
use std::path::Path;
use std::time::Duration;

/// The header line of a ledger file; rows hold these columns in this order.
pub const HEADER: &str = "date\tbuild\tgame\tagainst\ttc\tnodes\tseed\tgames\tplies\t\
illegal\tpanics\ttime_losses\thash_errors\tfen_errors\tpv_errors\topponent_faults\tseconds";

/// Number of columns in a row.
const COLUMNS: usize = 17;

/// One recorded soak of one game kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// When it ended, UTC (`YYYY-MM-DDTHH:MM:SSZ`).
    pub date: String,
    /// The binary that played (`chariot --version`'s text).
    pub build: String,
    /// The game's name (`chess`, `xiangqi`).
    pub game: String,
    /// The opponent: `itself` or the outside engine's name.
    pub against: String,
    /// The clock (`10+0.1`), or `-` for none.
    pub tc: String,
    /// The node budget per move, or `-` for none (the clock alone).
    pub nodes: String,
    /// Seed of the first game's opening (game `i` uses `seed + i`).
    pub seed: u64,
    /// The run's totals (the game results and fault details are not recorded; `elapsed`
    /// is kept to whole seconds).
    pub totals: Stats,
}

impl Row {
    /// The row as a ledger line (no newline).
    pub fn to_line(&self) -> String {
        let c = &self.totals;
        [
            self.date.clone(),
            self.build.clone(),
            self.game.clone(),
            self.against.clone(),
            self.tc.clone(),
            self.nodes.clone(),
            self.seed.to_string(),
            c.games.to_string(),
            c.plies.to_string(),
            c.illegal_moves.to_string(),
            c.panics.to_string(),
            c.time_losses.to_string(),
            c.hash_errors.to_string(),
            c.fen_errors.to_string(),
            c.pv_errors.to_string(),
            c.opponent_faults.to_string(),
            c.elapsed.as_secs().to_string(),
        ]
        .iter()
        .map(|field| field.replace(['\t', '\n', '\r'], " "))
        .collect::<Vec<_>>()
        .join("\t")
    }

    /// Reads a ledger line.
    pub fn parse(line: &str) -> Result<Row, String> {
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() != COLUMNS {
            return Err(format!("{} columns, expected {COLUMNS}", fields.len()));
        }
        let number = |i: usize| -> Result<u64, String> {
            fields[i].trim().parse().map_err(|_| {
                let name = HEADER.split('\t').nth(i).unwrap_or("?");
                format!("column {name}: `{}` is not a whole number", fields[i])
            })
        };
        Ok(Row {
            date: fields[0].to_string(),
            build: fields[1].to_string(),
            game: fields[2].to_string(),
            against: fields[3].to_string(),
            tc: fields[4].to_string(),
            nodes: fields[5].to_string(),
            seed: number(6)?,
            totals: Stats {
                games: number(7)?,
                plies: number(8)?,
                illegal_moves: number(9)?,
                panics: number(10)?,
                time_losses: number(11)?,
                hash_errors: number(12)?,
                fen_errors: number(13)?,
                pv_errors: number(14)?,
                opponent_faults: number(15)?,
                elapsed: Duration::from_secs(number(16)?),
                ..Stats::default()
            },
        })
    }
}

/// Checks that `path` can take rows: missing, empty, or a ledger (its first line the
/// header). A soak checks this before it plays, so that its games are not lost to a wrong
/// path at the end. Returns the file's text.
pub fn check(path: &Path) -> Result<String, String> {
    let shown = path.display();
    let existing = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("cannot read the soak ledger {shown}: {e}")),
    };
    if !existing.is_empty() && existing.lines().next() != Some(HEADER) {
        return Err(format!(
            "{shown} is not a soak ledger (its first line is not the ledger header)"
        ));
    }
    Ok(existing)
}

/// Appends a row to the ledger at `path`, writing the header first when the file is new or
/// empty. A file that exists but does not start with the header is refused (it is not a
/// ledger, and appending would spoil it).
pub fn append(path: &Path, row: &Row) -> Result<(), String> {
    let shown = path.display();
    let existing = check(path)?;
    let mut text = String::new();
    if existing.is_empty() {
        text.push_str(HEADER);
        text.push('\n');
    } else if !existing.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(&row.to_line());
    text.push('\n');
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .map_err(|e| format!("cannot write the soak ledger {shown}: {e}"))
}

/// Reads every row of a ledger's text; an unreadable line is an error naming its number.
pub fn parse_ledger(text: &str) -> Result<Vec<Row>, String> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        None => return Ok(Vec::new()),
        Some((_, first)) if first == HEADER => {}
        Some(_) => return Err("line 1 is not the soak ledger header".to_string()),
    }
    lines
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| Row::parse(line).map_err(|e| format!("line {}: {e}", i + 1)))
        .collect()
}

/// The campaign's goal (issue 60): this many games of each game at this clock, against
/// itself, with no node budget, on a quiet machine.
pub const GOAL_GAMES: u64 = 2000;
/// The clock of the goal.
pub const GOAL_TC: &str = "10+0.1";

/// The totals of a ledger, one line per kind of run (game, opponent, clock, node budget),
/// with the distinct openings played (seed ranges that overlap replay the same openings) and
/// the progress towards the goal for runs of its kind.
pub fn summary(rows: &[Row]) -> String {
    #[derive(Default)]
    struct Group {
        runs: u64,
        totals: Stats,
        seeds: Vec<(u64, u64)>,
    }
    let mut groups: BTreeMap<(String, String, String, String), Group> = BTreeMap::new();
    for row in rows {
        let key = (
            row.game.clone(),
            row.against.clone(),
            row.tc.clone(),
            row.nodes.clone(),
        );
        let group = groups.entry(key).or_default();
        group.runs += 1;
        // `merge` adds counts but not times (a run's workers play side by side); runs
        // recorded in a ledger played one after another, so their times add up.
        group.totals.merge(Stats {
            details: Vec::new(),
            ..row.totals.clone()
        });
        group.totals.elapsed += row.totals.elapsed;
        group
            .seeds
            .push((row.seed, row.seed.saturating_add(row.totals.games)));
    }
    let mut out = String::new();
    if groups.is_empty() {
        out.push_str("no soak recorded yet\n");
        return out;
    }
    let _ = writeln!(
        out,
        "{:<8} {:<10} {:<8} {:<8} {:>4} {:>7} {:>9} {:>7} {:>6} {:>8}",
        "game", "against", "tc", "nodes", "runs", "games", "openings", "faults", "opp", "hours"
    );
    for ((game, against, tc, nodes), g) in &groups {
        let c = &g.totals;
        let _ = write!(
            out,
            "{game:<8} {against:<10} {tc:<8} {nodes:<8} {:>4} {:>7} {:>9} {:>7} {:>6} {:>8.1}",
            g.runs,
            c.games,
            distinct(&g.seeds),
            c.faults(),
            c.opponent_faults,
            c.elapsed.as_secs_f64() / 3600.0
        );
        if c.faults() > 0 {
            let _ = write!(
                out,
                "  (illegal {}, panics {}, time losses {}, hash {}, FEN {}, PV {})",
                c.illegal_moves, c.panics, c.time_losses, c.hash_errors, c.fen_errors, c.pv_errors
            );
        }
        if against == "itself" && tc == GOAL_TC && nodes == "-" {
            let _ = write!(
                out,
                "  goal {GOAL_GAMES}: {:.1}%",
                100.0 * c.games as f64 / GOAL_GAMES as f64
            );
        }
        out.push('\n');
    }
    out
}

/// How many seeds the half-open ranges cover together.
fn distinct(ranges: &[(u64, u64)]) -> u64 {
    let mut sorted = ranges.to_vec();
    sorted.sort_unstable();
    let mut total = 0;
    let mut reach = 0;
    for (start, end) in sorted {
        let start = start.max(reach);
        if end > start {
            total += end - start;
            reach = end;
        }
    }
    total
}

/// The current time, UTC, as the ledger writes it.
pub fn now_utc() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let date = record::write::pgn_date_of(secs).replace('.', "-");
    let day = secs % 86_400;
    format!(
        "{date}T{:02}:{:02}:{:02}Z",
        day / 3600,
        day / 60 % 60,
        day % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(game: &str, tc: &str, nodes: &str, seed: u64, games: u64) -> Row {
        Row {
            date: "2026-12-04T17:00:00Z".into(),
            build: "0.1.0 (abc)".into(),
            game: game.into(),
            against: "itself".into(),
            tc: tc.into(),
            nodes: nodes.into(),
            seed,
            totals: Stats {
                games,
                plies: games * 100,
                elapsed: Duration::from_secs(games * 40),
                ..Stats::default()
            },
        }
    }

    #[test]
    fn a_row_reads_back_as_written() {
        let mut r = row("xiangqi", "10+0.1", "-", 5301, 12);
        r.totals.time_losses = 1;
        r.totals.opponent_faults = 3;
        r.build = "has\ta tab".into();
        let back = Row::parse(&r.to_line()).unwrap();
        assert_eq!(back.build, "has a tab");
        assert_eq!(back.totals, r.totals);
        assert_eq!(back.seed, 5301);
        assert_eq!(back.tc, "10+0.1");
    }

    #[test]
    fn broken_lines_are_refused_with_their_number() {
        let good = row("chess", "-", "500", 1, 10).to_line();
        let text = format!("{HEADER}\n{good}\n{}\n", good.replace("\t10\t", "\tten\t"));
        let err = parse_ledger(&text).unwrap_err();
        assert!(err.starts_with("line 3: column games"), "{err}");
        let err = parse_ledger(&format!("{HEADER}\nonly\tthree\tcolumns\n")).unwrap_err();
        assert!(err.contains("3 columns"), "{err}");
        assert!(parse_ledger("date\tsomething else\n").is_err());
        assert_eq!(parse_ledger("").unwrap(), Vec::new());
    }

    #[test]
    fn the_summary_adds_runs_of_a_kind_and_counts_openings_once() {
        let mut faulty = row("xiangqi", "10+0.1", "-", 150, 100);
        faulty.totals.time_losses = 2;
        let rows = vec![
            row("xiangqi", "10+0.1", "-", 1, 200),
            faulty,
            row("xiangqi", "-", "500", 1, 2000),
            row("chess", "10+0.1", "-", 1, 50),
        ];
        let text = summary(&rows);
        let xq = text
            .lines()
            .find(|l| l.starts_with("xiangqi") && l.contains("10+0.1"))
            .unwrap();
        // 300 games from seeds 1..201 and 150..250: 249 distinct openings.
        let cols: Vec<&str> = xq.split_whitespace().collect();
        assert_eq!(&cols[4..8], ["2", "300", "249", "2"], "{xq}");
        // 300 games of 40 s each, run after run: 3.3 hours.
        assert_eq!(cols[9], "3.3", "{xq}");
        assert!(xq.contains("time losses 2"), "{xq}");
        assert!(xq.ends_with("goal 2000: 15.0%"), "{xq}");
        let fixed = text.lines().find(|l| l.contains(" 500 ")).unwrap();
        assert!(!fixed.contains("goal"), "{fixed}");
        assert!(text
            .lines()
            .any(|l| l.starts_with("chess") && l.contains("2.5%")));
        assert_eq!(summary(&[]), "no soak recorded yet\n");
    }

    #[test]
    fn append_writes_the_header_once_and_refuses_other_files() {
        let dir = std::env::temp_dir().join(format!("soak-ledger-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("soak.tsv");
        let _ = std::fs::remove_file(&path);
        append(&path, &row("chess", "-", "500", 1, 3)).unwrap();
        append(&path, &row("xiangqi", "-", "500", 1, 4)).unwrap();
        let rows = parse_ledger(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[1].totals.games, 4);
        let other = dir.join("notes.txt");
        std::fs::write(&other, "my notes\n").unwrap();
        assert!(check(&other).unwrap_err().contains("not a soak ledger"));
        let err = append(&other, &rows[0]).unwrap_err();
        assert!(err.contains("not a soak ledger"), "{err}");
        assert_eq!(std::fs::read_to_string(&other).unwrap(), "my notes\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_time_is_written_as_utc() {
        let now = now_utc();
        assert_eq!(now.len(), 20, "{now}");
        assert!(now.ends_with('Z') && now.as_bytes()[10] == b'T', "{now}");
    }
}
