//! Differential test against Fairy-Stockfish's rules: random games, compared ply by ply on
//! the legal move set, check status and FEN (the `fairy-stockfish` binary), game-end
//! verdicts (mate, stalemate, repetition with perpetual check/chase: pyffish) and the WXF
//! of every move (pyffish). See tests/pyffish_oracle.py for which plies pyffish judges.
//!
//! Games: `XIANGQI_DIFF_GAMES` (default 300), seed: `XIANGQI_DIFF_SEED`.
//! Needs `python3` with `pyffish` and `fairy-stockfish`: `bash scripts/test.sh` installs them.

use game::{EndReason, Game, MoveStyle, Verdict};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use xiangqi::{Move, Position};

/// pyffish applies the 50-move rule (100 plies) where we apply Pikafish's 60-move rule,
/// so games stop before either clock can matter.
const CLOCK_STOP: u32 = 100;
const MAX_PLIES: usize = 160;

/// Sparse start positions with chariots, horses and cannons facing loose pieces.
const SPARSE: [&str; 10] = [
    "3k5/9/c8/9/9/9/9/R8/9/4K4 b - - 0 1",
    "3k5/9/c1r6/9/9/9/9/R8/9/4K4 b - - 0 1",
    "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
    "2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
    "4k4/4a4/9/9/9/4c4/4P4/4N4/9/4K4 w - - 0 1",
    "2bak4/4a4/4b1n2/p3c4/9/2R6/4P4/4B4/9/3AKA3 w - - 0 1",
    "3k1a3/4a4/2n6/9/2c3r2/6N2/9/2C1B4/4A4/3AK4 w - - 0 1",
];

struct Oracle {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

const HELP: &str = "the xiangqi differential test needs python3 with pyffish and the \
                    fairy-stockfish binary; run `bash scripts/test.sh` (its setup steps install them)";

impl Oracle {
    fn start() -> Oracle {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pyffish_oracle.py");
        let mut child = Command::new("python3")
            .arg(script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start python3 ({e}): {HELP}"));
        let input = child.stdin.take().expect("stdin");
        let mut output = BufReader::new(child.stdout.take().expect("stdout"));
        let mut hello = String::new();
        output.read_line(&mut hello).expect("oracle output");
        assert!(hello.starts_with("READY"), "oracle said {hello:?}: {HELP}");
        Oracle {
            child,
            input,
            output,
        }
    }

    fn ask(&mut self, fields: &[&str]) -> Vec<String> {
        writeln!(self.input, "{}", fields.join("\t")).expect("write to oracle");
        let mut line = String::new();
        self.output.read_line(&mut line).expect("read from oracle");
        assert!(!line.starts_with("ERROR"), "oracle: {line}");
        line.trim_end_matches('\n')
            .split('\t')
            .map(str::to_string)
            .collect()
    }
}

impl Drop for Oracle {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// xorshift64*: a tiny deterministic generator.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Picks a move: shuffles back and forth, checks or captures with per-game biases,
/// so that repetitions (plain, perpetual check, perpetual chase) actually happen.
fn pick(pos: &mut Position, rng: &mut Rng, style: (u64, u64, u64), played: &[Move]) -> Move {
    let legal = pos.legal_moves();
    let (back, check, capture) = style;
    if played.len() >= 2 && rng.chance(back) {
        let mine = played[played.len() - 2];
        let reverse = legal
            .iter()
            .copied()
            .find(|m| m.from() == mine.to() && m.to() == mine.from());
        if let Some(m) = reverse {
            return m;
        }
        if played.len() >= 4 && rng.chance(50) {
            // Repeat the move made four plies ago (the other half of a shuffle).
            let again = played[played.len() - 4];
            if legal.contains(again) {
                return again;
            }
        }
    }
    if rng.chance(check) {
        let checks: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| {
                pos.make(m);
                let c = pos.in_check();
                pos.unmake(m);
                c
            })
            .collect();
        if !checks.is_empty() {
            return checks[rng.below(checks.len())];
        }
    }
    if rng.chance(check) {
        // A move after which the moved piece attacks something: the seed of a chase.
        let attacks: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| {
                if pos.is_capture(m) {
                    return false;
                }
                pos.make(m);
                let mut hits = false;
                if !pos.in_check() {
                    pos.make_null();
                    let mut noisy = game::MoveList::new();
                    pos.generate_noisy(&mut noisy);
                    hits = noisy.iter().any(|c| c.from() == m.to());
                    pos.unmake_null();
                }
                pos.unmake(m);
                hits
            })
            .collect();
        if !attacks.is_empty() {
            return attacks[rng.below(attacks.len())];
        }
    }
    if rng.chance(capture) {
        let caps: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| pos.is_capture(m))
            .collect();
        if !caps.is_empty() {
            return caps[rng.below(caps.len())];
        }
    }
    legal.as_slice()[rng.below(legal.len())]
}

fn verdict_text(pos: &Position) -> String {
    match pos.verdict_with_reason(0) {
        None => "0".into(),
        Some((Verdict::Draw, _)) => "1 0".into(),
        Some((Verdict::Win, _)) => "1 32000".into(),
        Some((Verdict::Loss, _)) => "1 -32000".into(),
    }
}

#[test]
fn random_games_agree_with_pyffish() {
    let games = env_or("XIANGQI_DIFF_GAMES", 300);
    let seed = env_or("XIANGQI_DIFF_SEED", 0x5EED_0001);
    let mut oracle = Oracle::start();
    let mut rng = Rng(seed | 1);
    let mut ends: BTreeMap<String, u64> = BTreeMap::new();
    let mut plies = 0u64;
    for game in 0..games {
        // Every third game starts from a sparse position, where shuffles turn into
        // chases and perpetual checks far more often than from the opening.
        let mut pos = if game % 3 == 2 {
            Position::from_fen(SPARSE[rng.below(SPARSE.len())]).expect("sparse FEN")
        } else {
            Position::start()
        };
        let style = (
            rng.below(90) as u64,
            rng.below(40) as u64,
            rng.below(60) as u64,
        );
        let mut played: Vec<Move> = Vec::new();
        // FEN of every position of the game, and the moves in both notations.
        let mut fens: Vec<String> = vec![pos.to_fen()];
        let mut root = 0usize;
        let mut texts: Vec<String> = Vec::new();
        let mut wxf: Vec<String> = Vec::new();
        oracle.ask(&["N"]);
        let end = loop {
            let ctx = || {
                format!(
                    "game {game}, moves [{}], FEN {}",
                    texts.join(" "),
                    pos.to_fen()
                )
            };
            let ours = pos.legal_moves();
            let verdict = pos.verdict_with_reason(0);
            let ask = if verdict.is_some() { "1" } else { "0" };
            let answer = oracle.ask(&["P", &fens[root], &texts[root..].join(" "), ask]);
            let mut our_moves: Vec<String> = ours
                .iter()
                .map(|&m| pos.format_move(m, MoveStyle::CoordOneBased))
                .collect();
            our_moves.sort();
            assert_eq!(
                our_moves.join(" "),
                answer[0],
                "legal moves differ: {}",
                ctx()
            );
            assert_eq!(
                pos.in_check(),
                answer[1] == "1",
                "check status differs: {}",
                ctx()
            );
            assert_eq!(pos.to_fen(), answer[2], "FEN differs: {}", ctx());
            if ours.is_empty() {
                break if pos.in_check() {
                    "checkmate"
                } else {
                    "stalemate"
                }
                .to_string();
            }
            if pos.halfmove_clock() >= CLOCK_STOP {
                break "clock".to_string();
            }
            let insufficient = verdict.is_some_and(|(_, r)| r == EndReason::InsufficientMaterial);
            if answer[3] != "-" && !insufficient {
                assert_eq!(
                    verdict_text(&pos),
                    answer[3],
                    "game-end verdict differs: {}",
                    ctx()
                );
            }
            if let Some((verdict, reason)) = verdict {
                break format!("{reason} ({verdict:?} for side to move)");
            }
            if played.len() >= MAX_PLIES {
                break "length cap".to_string();
            }
            let mv = pick(&mut pos, &mut rng, style, &played);
            let capture = pos.is_capture(mv);
            texts.push(pos.format_move(mv, MoveStyle::CoordOneBased));
            wxf.push(pos.format_move(mv, MoveStyle::Human));
            let parsed = pos.parse_move(wxf.last().unwrap(), MoveStyle::Human).ok();
            assert_eq!(
                parsed,
                Some(mv),
                "WXF parse back, game {game}: {}",
                wxf.last().unwrap()
            );
            played.push(mv);
            pos.make(mv);
            fens.push(pos.to_fen());
            plies += 1;
            if capture {
                // Repetitions never reach back past a capture, so the oracle can start a
                // little before it: two plies keep the chase history of the first position
                // after the capture complete, and replays stay short.
                root = played.len().saturating_sub(2).max(root);
            }
        };
        let no_move = if pos.legal_moves().is_empty() {
            "1"
        } else {
            "0"
        };
        let answer = oracle.ask(&["E", &fens[0], &texts.join(" "), no_move]);
        // Fairy-Stockfish appends + or # to checking moves; the WXF itself is 4 characters.
        let theirs: Vec<&str> = answer[0]
            .split_whitespace()
            .map(|w| w.get(..4).unwrap_or(w))
            .collect();
        assert_eq!(
            wxf,
            theirs,
            "WXF differs in game {game}: moves [{}]",
            texts.join(" ")
        );
        assert_eq!(
            pos.insufficient_material(),
            answer[1] == "1 1",
            "insufficient material, game {game}"
        );
        if no_move == "1" {
            assert_eq!(answer[2], "-32000", "no-move result, game {game}");
        }
        *ends.entry(end).or_default() += 1;
    }
    eprintln!("xiangqi differential: {games} games, {plies} plies, endings: {ends:#?}");
    assert!(
        ends.keys().any(|k| k.starts_with("repetition")),
        "no repetition reached: {ends:?}"
    );
}
