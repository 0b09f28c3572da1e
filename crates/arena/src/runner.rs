//! Runs a whole match: games in parallel on worker threads, results counted in schedule
//! order (so PGN order and the point where an SPRT stops do not depend on which game
//! happened to finish first), and a live progress line. When an SPRT decides, the match
//! stops at that game: games still running are finished by their engines but not counted.

use super::engine::EngineError;
use super::game::{play, GameConfig, GameRecord, Seat};
use super::pgn::{write_game, PgnHeader};
use super::player::Player;
use super::schedule::Pairing;
use super::spec::EngineSpec;
use super::stats::{Sprt, SprtVerdict};
use super::tally::Tally;
use game::Game;
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// Everything a match needs besides the openings and schedule.
pub struct MatchConfig {
    /// The engines; more than two play a round robin.
    pub engines: Vec<EngineSpec>,
    /// Per-game settings.
    pub game: GameConfig,
    /// Games played at the same time.
    pub concurrency: usize,
    /// SPRT parameters (two engines only): stop when decided.
    pub sprt: Option<Sprt>,
    /// Where to write PGN.
    pub pgn: Option<PathBuf>,
    /// PGN `Event` tag.
    pub event: String,
    /// Print no progress line.
    pub quiet: bool,
}

/// How a match ended.
pub struct MatchResult {
    /// The counts.
    pub tally: Tally,
    /// The SPRT's verdict and final LLR, if an SPRT ran.
    pub sprt: Option<(SprtVerdict, f64)>,
}

/// The SPRT's LLR on the pentanomial counts of engines 0 and 1, with a half-finished
/// pair counted as nothing yet.
pub fn sprt_llr(sprt: &Sprt, tally: &Tally) -> f64 {
    sprt.llr(&tally.pair(0, 1).pentanomial())
}

fn progress_line(cfg: &MatchConfig, tally: &Tally, total: usize) -> String {
    let mut line = format!("[{}/{}]", tally.games, total);
    if cfg.engines.len() == 2 {
        let t = tally.pair(0, 1);
        let est = t.elo();
        line.push_str(&format!(
            " {} vs {}: +{} ={} -{}  Elo {est}",
            cfg.engines[0].name, cfg.engines[1].name, t.wins, t.draws, t.losses
        ));
        if let Some(s) = &cfg.sprt {
            let (lo, hi) = s.bounds();
            line.push_str(&format!(
                "  LLR {:.2} [{lo:.2}, {hi:.2}]",
                sprt_llr(s, tally)
            ));
        }
    } else {
        for (i, e) in cfg.engines.iter().enumerate() {
            let (pts, games) = tally.engine_score(i);
            line.push_str(&format!("  {} {pts}/{games}", e.name));
        }
    }
    line
}

/// Plays the scheduled games. `openings[p.opening]` is the start of game `p`.
pub fn run_match<G: Game>(
    cfg: &MatchConfig,
    openings: &[G],
    games: &[Pairing],
) -> anyhow::Result<MatchResult> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let counted = AtomicUsize::new(0);
    let window = 2 * cfg.concurrency.max(1);
    let (tx, rx) = mpsc::channel::<(usize, Result<GameRecord<G::Move>, EngineError>)>();
    let mut pgn_file = match &cfg.pgn {
        Some(path) => Some(
            std::fs::File::create(path)
                .map_err(|e| anyhow::anyhow!("cannot write PGN to {}: {e}", path.display()))?,
        ),
        None => None,
    };
    let tty = std::io::stderr().is_terminal();
    let mut tally = Tally::default();
    let mut verdict = None;
    let mut fatal: Option<EngineError> = None;

    std::thread::scope(|scope| {
        for _ in 0..cfg.concurrency.max(1) {
            let tx = tx.clone();
            let (next, stop, counted) = (&next, &stop, &counted);
            scope.spawn(move || {
                let mut slots: Vec<Option<Player>> = cfg.engines.iter().map(|_| None).collect();
                loop {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    // Stay within a window of the games counted so far, so that an SPRT
                    // that decides does not leave a long tail of games already started.
                    while i >= counted.load(Ordering::SeqCst) + window
                        && !stop.load(Ordering::SeqCst)
                    {
                        std::thread::sleep(Duration::from_millis(2));
                    }
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let Some(p) = games.get(i) else { break };
                    let (mut w, mut b) = (slots[p.white].take(), slots[p.black].take());
                    let res = play(
                        &openings[p.opening],
                        Seat {
                            spec: &cfg.engines[p.white],
                            engine: &mut w,
                        },
                        Seat {
                            spec: &cfg.engines[p.black],
                            engine: &mut b,
                        },
                        &cfg.game,
                    );
                    slots[p.white] = w;
                    slots[p.black] = b;
                    if tx.send((i, res)).is_err() {
                        break;
                    }
                }
                for e in slots.into_iter().flatten() {
                    e.quit();
                }
            });
        }
        drop(tx);

        let mut pending = BTreeMap::new();
        let mut expected = 0;
        for (i, res) in rx {
            pending.insert(i, res);
            while let Some(res) = pending.remove(&expected) {
                let p = &games[expected];
                expected += 1;
                counted.store(expected, Ordering::SeqCst);
                if verdict.is_some() {
                    // Decided: games that were still running are not counted.
                    continue;
                }
                let rec = match res {
                    Ok(rec) => rec,
                    Err(e) => {
                        stop.store(true, Ordering::SeqCst);
                        fatal.get_or_insert(e);
                        continue;
                    }
                };
                tally.add(p, &rec.outcome, rec.fault);
                if let Some(f) = pgn_file.as_mut() {
                    let head = PgnHeader {
                        event: &cfg.event,
                        round: p.index + 1,
                        white: &cfg.engines[p.white].name,
                        black: &cfg.engines[p.black].name,
                        tcs: [p.white, p.black].map(|e| cfg.engines[e].tc.unwrap_or(cfg.game.tc)),
                        chess960: cfg.game.chess960,
                    };
                    let mut text = String::new();
                    write_game::<G>(&mut text, &head, &rec);
                    if let Err(e) = f.write_all(text.as_bytes()) {
                        eprintln!("arena: writing PGN failed: {e}");
                        pgn_file = None;
                    }
                }
                if let Some(s) = &cfg.sprt {
                    let llr = sprt_llr(s, &tally);
                    let v = s.verdict(llr);
                    if v != SprtVerdict::Continue && verdict.is_none() {
                        verdict = Some((v, llr));
                        stop.store(true, Ordering::SeqCst);
                    }
                }
                if !cfg.quiet {
                    let line = progress_line(cfg, &tally, games.len());
                    if tty {
                        eprint!("\r\x1b[2K{line}");
                    } else {
                        eprintln!("{line}");
                    }
                }
            }
        }
    });
    if tty && !cfg.quiet {
        eprintln!();
    }
    if let Some(e) = fatal {
        return Err(e.into());
    }
    let sprt = cfg.sprt.as_ref().map(|s| {
        let llr = sprt_llr(s, &tally);
        verdict.unwrap_or((s.verdict(llr), llr))
    });
    Ok(MatchResult { tally, sprt })
}
