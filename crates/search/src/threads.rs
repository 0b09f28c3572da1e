//! Lazy SMP: every thread searches the same root with its own history and killers,
//! sharing only the transposition table and the stop flag. The threads' different timing
//! (and the odd threads' skipped depths) spread them over the tree; what one finds, the
//! others read from the TT.
//!
//! The main thread's reports travel over a channel to the calling thread, which alone
//! calls the interface's `report` callback (it need not be `Send`).

use crate::api::Info;
use crate::iterate::{Outcome, Plan, RootMove};
use crate::worker::{Shared, ThreadMemory, Worker};
use game::{Game, Score};
use std::sync::mpsc;

/// Stack of each search thread: the recursion holds a move list per ply.
const STACK_BYTES: usize = 32 * 1024 * 1024;

/// Settings each worker gets besides the plan.
#[derive(Clone, Copy, Debug)]
pub struct WorkerSettings {
    /// Evaluation noise amplitude (weaker levels).
    pub noise: Score,
    /// Seed of the noise.
    pub noise_seed: u64,
}

/// Runs one search on `memories.len()` threads, each with its own history and buffers;
/// returns each thread's outcome (index = id).
pub fn run<G: Game>(
    pos: &G,
    root: &[RootMove<G::Move>],
    shared: &Shared<'_>,
    memories: &mut [ThreadMemory<G::Move>],
    plan: &Plan,
    settings: WorkerSettings,
    report: &mut dyn FnMut(&Info<G::Move>),
) -> Vec<Outcome<G::Move>> {
    let (tx, rx) = mpsc::channel::<Info<G::Move>>();
    std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for (id, memory) in memories.iter_mut().enumerate() {
            let tx = (id == 0).then(|| tx.clone());
            let root = root.to_vec();
            let job = move || {
                let mut worker = Worker::new(pos.clone(), shared, id, memory);
                worker.noise = settings.noise;
                worker.noise_seed = settings.noise_seed;
                worker.iterate(root, plan, tx.as_ref())
            };
            let spawned = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, job);
            match spawned {
                Ok(handle) => handles.push(handle),
                // Out of threads: the search cannot run at all without its main thread;
                // a helper that cannot start is simply missing.
                Err(err) if id == 0 => panic!("cannot start the search thread: {err}"),
                Err(_) => {}
            }
        }
        drop(tx);
        for info in rx {
            report(&info);
        }
        let mut outcomes = Vec::with_capacity(handles.len());
        for handle in handles {
            match handle.join() {
                Ok(outcome) => outcomes.push(outcome),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        outcomes
    })
}
