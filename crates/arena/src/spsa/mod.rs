//! `chariot spsa`: tunes the search's parameters by SPSA, playing the games through the
//! arena's match code.
//!
//! In the arena crate rather than in train: every iteration is a small arena match (the
//! same engine twice, as θ+ and θ−, each opening with both colours), so the tuner needs
//! the arena's process handling, referee, schedule and tally, and nothing of train's.
//! The rule and the state file are in [`rule`]; this module reads the command line,
//! plays the matches and writes the state after every iteration, so an interrupted
//! session continues where it stopped when started again with the same `--state`.

pub mod rule;

use self::rule::{parse_openbench, Outcome, Param, State, Values};
use super::runner::run_match;
use super::spec::EngineSpec;
use super::{match_config, openings, schedule};
use ::engine::{GameKind, Tuned};
use ::game::Game;
use anyhow::{bail, Context};
use search::tunable::{Kind, TUNABLES};
use search::SearchTuning;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Command-line options of `chariot spsa`.
#[derive(clap::Args, Debug)]
pub struct SpsaArgs {
    /// The game: chess or xiangqi (chooses the parameters' defaults and the openings).
    #[arg(long, default_value = "chess")]
    pub game: GameKind,
    /// The engine, as for `chariot arena --engine` (name is ignored; option.NAME=VALUE
    /// are set before the tuned ones). Default: this program's `uci --tune`.
    #[arg(long)]
    pub engine: Option<String>,
    /// OpenBench SPSA input (`NAME, int, default, min, max, c_end, r_end` lines, as
    /// `chariot tune-params` prints); default: every active value parameter of the game
    /// (with `--tc`, the time manager's too).
    #[arg(long)]
    pub params: Option<PathBuf>,
    /// Iterations of the session (N).
    #[arg(long, default_value_t = 1000)]
    pub iterations: u64,
    /// Game pairs per iteration (each opening with both colours).
    #[arg(long, default_value_t = 4)]
    pub pairs: usize,
    /// Fixed nodes per move (the default, 5000, when no other limit is given).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Clock time control instead of nodes: 10+0.1.
    #[arg(long)]
    pub tc: Option<String>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Opening file (FEN/EPD lines); default: the set shipped for the game.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Seed of the perturbations and opening order (a new session only).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// State file, rewritten after every iteration; an existing one is resumed.
    #[arg(long, default_value = "spsa-state.txt")]
    pub state: PathBuf,
    /// Log file: one line per iteration is appended.
    #[arg(long, default_value = "spsa-log.txt")]
    pub log: PathBuf,
}

/// The game's preset.
fn preset(game: GameKind) -> SearchTuning {
    match game {
        GameKind::Chess => <chess::Position as Tuned>::TUNING,
        GameKind::Xiangqi => <xiangqi::Position as Tuned>::TUNING,
    }
}

/// The parameters a session tunes by default: every value parameter that changes the
/// game's play (a margin of a feature the game has off does not; the time manager's
/// numbers do only when the session is `timed`, played with a clock).
pub fn default_params(game: GameKind, timed: bool) -> Vec<Param> {
    let preset = preset(game);
    TUNABLES
        .iter()
        .filter(|t| t.kind.tunable(timed) && (t.active)(&preset))
        .map(|t| Param {
            name: t.name.to_string(),
            value: f64::from((t.get)(&preset)),
            min: f64::from(t.min),
            max: f64::from(t.max),
            c_end: t.c_end,
            r_end: t.r_end,
        })
        .collect()
}

/// The final values as UCI commands and as one arena engine option list.
pub fn final_options(state: &State) -> String {
    let mut out = String::new();
    for p in &state.params {
        out.push_str(&format!(
            "setoption name {} value {}\n",
            p.name,
            p.value.round()
        ));
    }
    let list: Vec<String> = state
        .params
        .iter()
        .map(|p| format!("option.{}={}", p.name, p.value.round()))
        .collect();
    out.push_str(&list.join(","));
    out.push('\n');
    out
}

/// Writes the state through a temporary file, so an interruption never leaves half a file.
fn save(state: &State, path: &Path) -> anyhow::Result<()> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, state.to_text()).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("writing {}", path.display()))
}

/// The state to start from: the file's when it exists (a resumed session), else new.
fn initial_state(args: &SpsaArgs) -> anyhow::Result<State> {
    if args.state.exists() {
        let text = std::fs::read_to_string(&args.state)
            .with_context(|| format!("reading {}", args.state.display()))?;
        let state = State::from_text(&text).with_context(|| args.state.display().to_string())?;
        eprintln!(
            "spsa: resuming {} at iteration {} of {}",
            args.state.display(),
            state.iteration,
            state.iterations
        );
        return Ok(state);
    }
    let params = match &args.params {
        Some(path) => parse_openbench(
            &std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?,
        )
        .with_context(|| path.display().to_string())?,
        None => default_params(args.game, args.tc.is_some()),
    };
    check_clock_params(&params, args.tc.is_some())?;
    if args.iterations == 0 || args.pairs == 0 {
        bail!("--iterations and --pairs must be positive");
    }
    Ok(State::new(params, args.iterations, args.seed))
}

/// Refuses a session that would tune the time manager's numbers without a clock: at fixed
/// nodes they change nothing, and SPSA would spend its games moving them at random.
fn check_clock_params(params: &[Param], timed: bool) -> anyhow::Result<()> {
    if timed {
        return Ok(());
    }
    let clock: Vec<&str> = params
        .iter()
        .filter_map(|p| search::tunable::find(&p.name))
        .filter(|(_, t)| t.kind == Kind::Clock)
        .map(|(_, t)| t.name)
        .collect();
    if !clock.is_empty() {
        bail!(
            "the time manager's numbers ({}) play no part at fixed nodes: \
             play the session with --tc, or drop them from --params",
            clock.join(", ")
        );
    }
    Ok(())
}

/// The arena arguments of one iteration's match (two copies of the engine spec; the
/// tuned options are added to the parsed specs afterwards).
fn arena_args(args: &SpsaArgs, engine: &str) -> super::Args {
    super::Args {
        game: args.game,
        engines: vec![engine.to_string(), engine.to_string()],
        tc: args.tc.clone(),
        movetime: None,
        nodes: match (&args.tc, args.nodes) {
            (None, None) => Some(5_000),
            (_, nodes) => nodes,
        },
        depth: None,
        games: 2 * args.pairs,
        concurrency: args.concurrency,
        openings: args.openings.clone(),
        seed: None,
        chess960: false,
        pgn: None,
        json: None,
        sprt: None,
        adjudicate: None,
        move_overhead: 100,
        hang_margin: 5_000,
        untimed_wait: 60_000,
        max_moves: 500,
        event: "chariot spsa".to_string(),
        quiet: true,
    }
}

/// Plays one iteration's games: θ+ as engine 0, θ− as engine 1.
fn play_iteration<G: Game>(
    arena: &super::Args,
    base: &EngineSpec,
    starts: &[G],
    seed: u64,
    plus: &Values,
    minus: &Values,
) -> anyhow::Result<Outcome> {
    let mut cfg = match_config(arena)?;
    let side = |name: &str, values: &Values| {
        let mut spec = base.clone();
        spec.name = name.to_string();
        spec.options
            .extend(values.iter().map(|(n, v)| (n.clone(), v.to_string())));
        spec
    };
    cfg.engines = vec![side("plus", plus), side("minus", minus)];
    let games = schedule::schedule(2, starts.len(), arena.games, Some(seed));
    let result = run_match(&cfg, starts, &games)?;
    let t = result.tally.pair(0, 1);
    Ok(Outcome {
        wins: t.wins,
        draws: t.draws,
        losses: t.losses,
    })
}

/// Runs (or resumes) a session of game `G`.
fn run_game<G: Game>(args: &SpsaArgs, default_openings: &str) -> anyhow::Result<()> {
    let engine = match &args.engine {
        Some(e) => e.clone(),
        None => {
            let exe = std::env::current_exe().context("finding this program")?;
            format!("cmd=\"{} uci --tune\"", exe.display())
        }
    };
    let base = EngineSpec::parse(&engine).with_context(|| format!("--engine {engine}"))?;
    let text = match &args.openings {
        Some(path) => {
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?
        }
        None => default_openings.to_string(),
    };
    let starts = openings::parse_as::<G>(&text, false).context("opening set")?;
    let arena = arena_args(args, &engine);
    let mut state = initial_state(args)?;
    let mut log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.log)
        .with_context(|| format!("opening {}", args.log.display()))?;
    if state.iteration == 0 {
        let names: Vec<&str> = state.params.iter().map(|p| p.name.as_str()).collect();
        writeln!(log, "# k wins draws losses {}", names.join(" "))?;
    }
    while !state.finished() {
        let seed = state.seed.wrapping_add(state.iteration);
        let mut play = |plus: &Values, minus: &Values| {
            play_iteration(&arena, &base, &starts, seed, plus, minus)
        };
        let step = state.step(&mut play)?;
        save(&state, &args.state)?;
        let values: Vec<String> = step.values.iter().map(|v| format!("{v:.2}")).collect();
        let o = step.outcome;
        writeln!(
            log,
            "{} {} {} {} {}",
            step.k,
            o.wins,
            o.draws,
            o.losses,
            values.join(" ")
        )?;
        eprintln!(
            "spsa: iteration {}/{}: +{} ={} -{}",
            step.k + 1,
            state.iterations,
            o.wins,
            o.draws,
            o.losses
        );
    }
    print!("{}", final_options(&state));
    Ok(())
}

/// Entry point of `chariot spsa`.
pub fn run(args: SpsaArgs) -> anyhow::Result<()> {
    match args.game {
        GameKind::Chess => run_game::<chess::Position>(&args, openings::CHESS),
        GameKind::Xiangqi => run_game::<xiangqi::Position>(&args, openings::XIANGQI),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_params_follow_the_games_presets() {
        let chess = default_params(GameKind::Chess, false);
        let xiangqi = default_params(GameKind::Xiangqi, false);
        let value = |ps: &[Param], name: &str| ps.iter().find(|p| p.name == name).map(|p| p.value);
        assert_eq!(value(&chess, "AspDelta"), Some(15.0));
        // Since session 46 xiangqi plays chess's package: the same window and quiet SEE.
        assert_eq!(value(&xiangqi, "AspDelta"), Some(15.0));
        assert!(value(&chess, "QuietSeeMargin").is_some());
        assert!(value(&xiangqi, "QuietSeeMargin").is_some());
        assert!(chess.iter().all(|p| p.min <= p.value && p.value <= p.max));
        // The time manager's numbers only in a session with a clock.
        assert_eq!(value(&chess, "TmMovesToGo"), None);
        let timed = default_params(GameKind::Chess, true);
        assert_eq!(value(&timed, "TmMovesToGo"), Some(20.0));
        assert_eq!(timed.len(), chess.len() + 8);
    }

    #[test]
    fn clock_params_at_fixed_nodes_are_refused() {
        let timed = default_params(GameKind::Xiangqi, true);
        let err = check_clock_params(&timed, false).unwrap_err().to_string();
        assert!(err.contains("TmMovesToGo") && err.contains("--tc"), "{err}");
        assert!(check_clock_params(&timed, true).is_ok());
        assert!(check_clock_params(&default_params(GameKind::Xiangqi, false), false).is_ok());
    }

    #[test]
    fn final_options_are_uci_commands_and_an_arena_list() {
        let mut state = State::new(default_params(GameKind::Xiangqi, false), 10, 1);
        state.params.truncate(2);
        state.params[1].value = 3.6;
        let text = final_options(&state);
        assert!(text.starts_with("setoption name AspDelta value 15\n"));
        assert!(text.contains("option.AspDelta=15,option.AspMinDepth=4"));
    }
}
