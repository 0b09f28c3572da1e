//! The soak runner on real chess, and on a toy game with planted bugs (the checks must
//! find them, and a panicking game must not stop the run).

use super::play::{soak, Config};
use super::stats::Stats;
use engine::Tuned;
use game::{Game, MoveList, MoveStyle, Outcome, Score, Side, Verdict};
use search::SearchTuning;
use testkit::{Pile, PileError};

fn config(games: usize, nodes: u64) -> Config {
    Config {
        games,
        nodes: Some(nodes),
        threads: 2,
        search_threads: 1,
        hash_mb: 1,
        random_plies: 4,
        max_plies: 300,
        seed: 7,
        clock: None,
        opponent: None,
    }
}

fn assert_counts_add_up(stats: &Stats, games: u64) {
    assert_eq!(stats.games, games);
    let ended = stats.white_wins + stats.black_wins + stats.draws + stats.capped;
    assert_eq!(
        ended + stats.faults() + stats.opponent_faults,
        games,
        "{stats}"
    );
}

#[test]
fn a_tiny_chess_soak_is_clean() {
    let stats = soak::<chess::Position>(&config(4, 300), &|_| {});
    assert_counts_add_up(&stats, 4);
    assert_eq!(stats.faults(), 0, "{stats}");
    assert!(
        stats.plies >= 4 * 10,
        "games too short to mean anything: {stats}"
    );
}

#[test]
fn soak_games_start_with_each_games_built_in_network() {
    let chess = super::play::start_position::<chess::Position>();
    assert!(chess.network().is_some(), "chess soaks with its network");
    let xiangqi = super::play::start_position::<xiangqi::Position>();
    assert!(
        xiangqi.network().is_some(),
        "xiangqi soaks with its network"
    );
}

#[test]
fn a_tiny_xiangqi_soak_with_its_network_is_clean() {
    let stats = soak::<xiangqi::Position>(&config(2, 300), &|_| {});
    assert_counts_add_up(&stats, 2);
    assert_eq!(stats.faults(), 0, "{stats}");
}

#[test]
fn a_chess_soak_with_a_clock_counts_no_time_loss() {
    let mut cfg = config(1, 200);
    cfg.clock = Some(crate::tc::TimeControl::parse_clock("2+0.05").unwrap());
    cfg.max_plies = 40;
    let stats = soak::<chess::Position>(&cfg, &|_| {});
    assert_counts_add_up(&stats, 1);
    assert_eq!(stats.faults(), 0, "{stats}");
}

/// The test take-away game (`testkit::Pile`) with a stored, incremental hash and a
/// planted bug: `BUG` 1 = the stored hash is not updated once few stones remain,
/// 2 = `make` panics once few stones remain. Everything else is Pile's.
#[derive(Clone, Debug)]
struct Nim<const BUG: u8> {
    pile: Pile,
    hash: u64,
}

impl<const BUG: u8> Nim<BUG> {
    fn of(pile: Pile) -> Self {
        Nim {
            hash: pile.hash(),
            pile,
        }
    }
}

impl<const BUG: u8> Game for Nim<BUG> {
    type Move = u8;
    type FenError = PileError;
    type MoveError = PileError;
    type Evaluator = ();
    const NAME: &'static str = "nim";

    fn start() -> Self {
        Nim::of(Pile::from_fen("30 w").expect("valid"))
    }
    fn from_fen(fen: &str) -> Result<Self, PileError> {
        Pile::from_fen(fen).map(Nim::of)
    }
    fn to_fen(&self) -> String {
        self.pile.to_fen()
    }
    fn side_to_move(&self) -> Side {
        self.pile.side_to_move()
    }
    fn generate(&self, list: &mut MoveList<u8>) {
        self.pile.generate(list)
    }
    fn generate_noisy(&self, list: &mut MoveList<u8>) {
        self.pile.generate_noisy(list)
    }
    fn make(&mut self, mv: u8) {
        self.pile.make(mv);
        assert!(!(BUG == 2 && self.pile.stones < 6), "planted panic");
        if !(BUG == 1 && self.pile.stones < 12) {
            self.hash = self.pile.hash();
        }
    }
    fn unmake(&mut self, mv: u8) {
        self.pile.unmake(mv);
        self.hash = self.pile.hash();
    }
    fn make_null(&mut self) {
        self.pile.make_null();
        self.hash = self.pile.hash();
    }
    fn unmake_null(&mut self) {
        self.pile.unmake_null();
        self.hash = self.pile.hash();
    }
    fn in_check(&self) -> bool {
        false
    }
    fn hash(&self) -> u64 {
        self.hash
    }
    fn evaluate(&self) -> Score {
        self.pile.evaluate()
    }
    fn adjudicate(&self, plies: usize) -> Option<Verdict> {
        self.pile.adjudicate(plies)
    }
    fn no_moves_verdict(&self) -> Verdict {
        self.pile.no_moves_verdict()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.pile.outcome()
    }
    fn is_capture(&self, _mv: u8) -> bool {
        false
    }
    fn is_noisy(&self, _mv: u8) -> bool {
        false
    }
    fn mvv_lva(&self, _mv: u8) -> i32 {
        0
    }
    fn see_ge(&self, mv: u8, threshold: Score) -> bool {
        self.pile.see_ge(mv, threshold)
    }
    fn null_move_ok(&self) -> bool {
        false
    }
    fn encode(mv: u8) -> u16 {
        Pile::encode(mv)
    }
    fn decode(&self, code: u16) -> Option<u8> {
        self.pile.decode(code)
    }
    fn format_move(&self, mv: u8, style: MoveStyle) -> String {
        self.pile.format_move(mv, style)
    }
    fn parse_move(&self, text: &str, style: MoveStyle) -> Result<u8, PileError> {
        self.pile.parse_move(text, style)
    }
}

/// A toy game searches with the base search.
impl<const BUG: u8> Tuned for Nim<BUG> {
    const TUNING: SearchTuning = SearchTuning::BASE;
}

#[test]
fn the_toy_game_without_bugs_soaks_clean() {
    let stats = soak::<Nim<0>>(&config(6, 200), &|_| {});
    assert_counts_add_up(&stats, 6);
    assert_eq!(stats.faults(), 0, "{stats}");
    assert_eq!(
        stats.white_wins + stats.black_wins,
        6,
        "nim has no draws: {stats}"
    );
}

#[test]
fn a_stale_incremental_hash_is_caught_in_every_game() {
    let stats = soak::<Nim<1>>(&config(5, 200), &|_| {});
    assert_counts_add_up(&stats, 5);
    assert_eq!(stats.hash_errors, 5, "{stats}");
    assert!(
        stats.details.iter().any(|d| d.contains("fresh parse")),
        "{stats}"
    );
}

#[test]
fn a_panic_ends_only_its_own_game() {
    let stats = soak::<Nim<2>>(&config(5, 200), &|_| {});
    assert_counts_add_up(&stats, 5);
    assert_eq!(stats.panics, 5, "{stats}");
    assert!(
        stats.details.iter().any(|d| d.contains("planted panic")),
        "{stats}"
    );
}

#[test]
fn a_clock_alone_limits_the_search_unless_nodes_are_given() {
    use super::{config as from_args, SoakArgs};
    use clap::Parser;
    let parse = |args: &[&str]| {
        let args =
            SoakArgs::try_parse_from(std::iter::once("soak").chain(args.iter().copied())).unwrap();
        from_args(&args)
    };
    assert_eq!(parse(&[]).unwrap().nodes, Some(super::play::DEFAULT_NODES));
    assert_eq!(parse(&["--tc", "10+0.1"]).unwrap().nodes, None);
    assert_eq!(
        parse(&["--tc", "10+0.1", "--nodes", "500"]).unwrap().nodes,
        Some(500)
    );
    let err = parse(&["--nodes", "0"]).unwrap_err().to_string();
    assert!(err.contains("--nodes"), "{err}");
    assert!(
        SoakArgs::try_parse_from(["soak", "--record", "a.tsv", "--summary", "b.tsv"]).is_err(),
        "a run cannot both record and only summarise"
    );
}
