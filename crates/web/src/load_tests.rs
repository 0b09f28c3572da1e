//! Many concurrent clients on loopback, bounded in number and time: the server keeps
//! answering every request, with the statuses its limits promise, and the latency is printed
//! (never asserted: a loaded machine is slow, not wrong).
//! `CHARIOT_LOAD_CLIENTS` and `CHARIOT_LOAD_ROUNDS` scale it up for the BENCHMARKS.md figures.

use super::api_tests::{call, json, quick, start, HANG};
use super::think::Config;
use std::time::{Duration, Instant};

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[test]
fn many_clients_keep_getting_answers() {
    let clients = env_or("CHARIOT_LOAD_CLIENTS", 24);
    let rounds = env_or("CHARIOT_LOAD_ROUNDS", 10);
    let (addr, registry) = start(Config {
        max_games: clients * 2,
        ..quick()
    });
    let started = Instant::now();
    let handles: Vec<_> = (0..clients)
        .map(|_| {
            std::thread::spawn(move || {
                let mut latencies = Vec::new();
                let mut timed = |method: &str, path: &str, body: &str, ok: &[u16]| {
                    let t = Instant::now();
                    let (status, text) = call(addr, method, path, body);
                    latencies.push(t.elapsed());
                    assert!(ok.contains(&status), "{method} {path}: {status} {text}");
                    text
                };
                let created = timed("POST", "/api/games", r#"{"game":"tictactoe"}"#, &[201]);
                let id = json(&created)["id"].as_str().unwrap().to_string();
                let game = format!("/api/games/{id}");
                for round in 0..rounds {
                    timed("GET", &game, "", &[200]);
                    timed("GET", "/app.js", "", &[200]);
                    timed("POST", &format!("{game}/moves"), "{\"move\":", &[400]);
                    if round == 0 {
                        // Searches are capped server-wide: a move is played or politely refused.
                        timed(
                            "POST",
                            &format!("{game}/moves"),
                            r#"{"move":"b2"}"#,
                            &[200, 503],
                        );
                    }
                    timed("GET", &format!("{game}/pgn"), "", &[200]);
                }
                latencies
            })
        })
        .collect();
    let mut all: Vec<Duration> = handles
        .into_iter()
        .flat_map(|h| h.join().expect("a client failed"))
        .collect();
    let wall = started.elapsed();
    all.sort();
    let (p50, p99, max) = (
        percentile(&all, 0.5),
        percentile(&all, 0.99),
        all[all.len() - 1],
    );
    println!(
        "load: {clients} clients, {} requests in {:.2} s ({:.0} req/s); latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        all.len(),
        wall.as_secs_f64(),
        all.len() as f64 / wall.as_secs_f64(),
        p50.as_secs_f64() * 1e3,
        p99.as_secs_f64() * 1e3,
        max.as_secs_f64() * 1e3
    );
    // Every request was answered with a status its limits promise (asserted per request
    // above; `call` gives up on an answer only after HANG). How fast is printed, not asserted.
    assert_eq!(registry.len(), clients);
    // When the load is over, no search thread is left behind.
    let deadline = Instant::now() + HANG;
    while registry.ctx().active_searches() > 0 {
        assert!(Instant::now() < deadline, "searches outlived the load");
        std::thread::sleep(Duration::from_millis(20));
    }
}
