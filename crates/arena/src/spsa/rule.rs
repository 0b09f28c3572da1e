//! The SPSA update rule in OpenBench's per-parameter form, and the tuner's state with its
//! file format. No games here: one iteration takes a function that plays the match, so the
//! rule and the state file are tested with a deterministic fake.
//!
//! For a session of `N` iterations, with `A = a_ratio · N`, a parameter with end step
//! `c_end` and end learning rate `r_end` has `c = c_end · N^γ` and
//! `a = r_end · c_end² · (A + N)^α`; iteration `k` (from 0) perturbs it by
//! `±c_k = ±c / (k+1)^γ` and moves it by `r_k · c_k · (W − L) · δ` with
//! `a_k = a / (A + k + 1)^α`, `r_k = a_k / c_k²`, where W and L are the wins and losses
//! of θ+ against θ− and δ the sign of its perturbation. At the last iteration `c_k` is
//! `c_end` and `r_k` is `r_end`.

use anyhow::{bail, Context};
use std::fmt::Write as _;

/// One parameter being tuned.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// Its UCI option name.
    pub name: String,
    /// The current estimate (a real number; engines get it rounded).
    pub value: f64,
    /// Smallest allowed value.
    pub min: f64,
    /// Largest allowed value.
    pub max: f64,
    /// Perturbation at the last iteration.
    pub c_end: f64,
    /// Learning rate at the last iteration.
    pub r_end: f64,
}

/// The whole tuner state: what a resumed session needs to continue exactly.
#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// Iterations done.
    pub iteration: u64,
    /// Iterations of the session (`N`).
    pub iterations: u64,
    /// Seed of the perturbations and opening orders.
    pub seed: u64,
    /// `A` as a fraction of `N` (OpenBench: 0.1).
    pub a_ratio: f64,
    /// Decay exponent of the learning rate (0.602).
    pub alpha: f64,
    /// Decay exponent of the perturbation (0.101).
    pub gamma: f64,
    /// The parameters.
    pub params: Vec<Param>,
}

/// Wins, draws and losses of θ+ against θ− in one iteration.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Games θ+ won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games θ+ lost.
    pub losses: u64,
}

/// One iteration as the log records it.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// Which iteration (from 0).
    pub k: u64,
    /// Its result.
    pub outcome: Outcome,
    /// The values after the update.
    pub values: Vec<f64>,
}

/// Option values of one side: (name, rounded value).
pub type Values = Vec<(String, i32)>;

/// SplitMix64: the perturbation signs of iteration `k` depend only on the seed and `k`,
/// so a resumed session perturbs as the interrupted one would have.
fn splitmix(mut z: u64) -> u64 {
    game::splitmix64(&mut z)
}

impl State {
    /// A fresh session.
    pub fn new(params: Vec<Param>, iterations: u64, seed: u64) -> State {
        State {
            iteration: 0,
            iterations: iterations.max(1),
            seed,
            a_ratio: 0.1,
            alpha: 0.602,
            gamma: 0.101,
            params,
        }
    }

    /// The perturbation `c_k` and learning rate `r_k` of parameter `p` at iteration `k`.
    pub fn gains(&self, p: &Param, k: u64) -> (f64, f64) {
        let n = self.iterations as f64;
        let big_a = self.a_ratio * n;
        let c = p.c_end * n.powf(self.gamma);
        let a = p.r_end * p.c_end * p.c_end * (big_a + n).powf(self.alpha);
        let c_k = c / (k as f64 + 1.0).powf(self.gamma);
        let a_k = a / (big_a + k as f64 + 1.0).powf(self.alpha);
        (c_k, a_k / (c_k * c_k))
    }

    /// The perturbation sign (+1 or −1) of parameter `i` at iteration `k`.
    pub fn sign(&self, k: u64, i: usize) -> f64 {
        let bits = splitmix(self.seed ^ splitmix(k.wrapping_mul(0x1_0000) ^ i as u64));
        if bits & 1 == 0 {
            1.0
        } else {
            -1.0
        }
    }

    /// The option values of θ+ and θ− at iteration `k`, rounded and within range.
    pub fn perturbed(&self, k: u64) -> (Values, Values) {
        let side = |dir: f64| {
            self.params
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let (c_k, _) = self.gains(p, k);
                    let v = (p.value + dir * c_k * self.sign(k, i)).clamp(p.min, p.max);
                    (p.name.clone(), v.round() as i32)
                })
                .collect()
        };
        (side(1.0), side(-1.0))
    }

    /// Runs the next iteration: `play(θ+, θ−)` plays the games, the result moves every
    /// parameter. Errors of `play` leave the state as it was.
    pub fn step(
        &mut self,
        play: &mut dyn FnMut(&Values, &Values) -> anyhow::Result<Outcome>,
    ) -> anyhow::Result<Step> {
        let k = self.iteration;
        let (plus, minus) = self.perturbed(k);
        let outcome = play(&plus, &minus)?;
        let score = outcome.wins as f64 - outcome.losses as f64;
        for i in 0..self.params.len() {
            let (c_k, r_k) = self.gains(&self.params[i], k);
            let sign = self.sign(k, i);
            let p = &mut self.params[i];
            p.value = (p.value + r_k * c_k * score * sign).clamp(p.min, p.max);
        }
        self.iteration += 1;
        Ok(Step {
            k,
            outcome,
            values: self.params.iter().map(|p| p.value).collect(),
        })
    }

    /// Whether every iteration is done.
    pub fn finished(&self) -> bool {
        self.iteration >= self.iterations
    }

    /// The state as text: `key value` lines, then one `param NAME value min max c_end
    /// r_end` line per parameter. Numbers are written so they read back exactly.
    pub fn to_text(&self) -> String {
        let mut out = String::from("# chariot spsa state\n");
        let _ = writeln!(out, "iteration {}", self.iteration);
        let _ = writeln!(out, "iterations {}", self.iterations);
        let _ = writeln!(out, "seed {}", self.seed);
        let _ = writeln!(out, "a_ratio {}", self.a_ratio);
        let _ = writeln!(out, "alpha {}", self.alpha);
        let _ = writeln!(out, "gamma {}", self.gamma);
        for p in &self.params {
            let _ = writeln!(
                out,
                "param {} {} {} {} {} {}",
                p.name, p.value, p.min, p.max, p.c_end, p.r_end
            );
        }
        out
    }

    /// Reads [`State::to_text`]'s format; says which line is wrong.
    pub fn from_text(text: &str) -> anyhow::Result<State> {
        let mut state = State::new(Vec::new(), 1, 0);
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = || format!("state line {}: `{line}`", n + 1);
            let num = |w: &str| w.parse::<f64>().with_context(at);
            let int = |w: &str| w.parse::<u64>().with_context(at);
            match words.as_slice() {
                ["iteration", v] => state.iteration = int(v)?,
                ["iterations", v] => state.iterations = int(v)?.max(1),
                ["seed", v] => state.seed = int(v)?,
                ["a_ratio", v] => state.a_ratio = num(v)?,
                ["alpha", v] => state.alpha = num(v)?,
                ["gamma", v] => state.gamma = num(v)?,
                ["param", name, value, min, max, c_end, r_end] => state.params.push(Param {
                    name: name.to_string(),
                    value: num(value)?,
                    min: num(min)?,
                    max: num(max)?,
                    c_end: num(c_end)?,
                    r_end: num(r_end)?,
                }),
                _ => bail!("{}: not a state line", at()),
            }
        }
        if state.params.is_empty() {
            bail!("the state has no `param` lines");
        }
        Ok(state)
    }
}

/// Reads OpenBench SPSA input lines `NAME, int, default, min, max, c_end, r_end`
/// (what `chariot tune-params` prints); `#` starts a comment.
pub fn parse_openbench(text: &str) -> anyhow::Result<Vec<Param>> {
    let mut params = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let at = || format!("line {}: `{line}`", n + 1);
        let [name, kind, value, min, max, c_end, r_end] = fields.as_slice() else {
            bail!(
                "{}: expected NAME, int, default, min, max, c_end, r_end",
                at()
            );
        };
        if !matches!(*kind, "int" | "float") {
            bail!("{}: type must be int or float", at());
        }
        let num = |w: &str| w.parse::<f64>().with_context(at);
        let p = Param {
            name: name.to_string(),
            value: num(value)?,
            min: num(min)?,
            max: num(max)?,
            c_end: num(c_end)?,
            r_end: num(r_end)?,
        };
        if name.is_empty() || name.contains(char::is_whitespace) {
            bail!("{}: the name must be one word", at());
        }
        if !(p.min <= p.value && p.value <= p.max && p.c_end > 0.0 && p.r_end > 0.0) {
            bail!("{}: need min <= default <= max and c_end, r_end > 0", at());
        }
        params.push(p);
    }
    if params.is_empty() {
        bail!("no parameters");
    }
    Ok(params)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(name: &str, value: f64) -> Param {
        Param {
            name: name.into(),
            value,
            min: 0.0,
            max: 200.0,
            c_end: 4.0,
            r_end: 0.002,
        }
    }

    #[test]
    fn gains_reach_c_end_and_r_end_at_the_last_iteration() {
        let s = State::new(vec![param("A", 100.0)], 50, 7);
        let (c0, r0) = s.gains(&s.params[0], 0);
        let (c_last, r_last) = s.gains(&s.params[0], 49);
        assert!((c_last - 4.0).abs() < 1e-9, "{c_last}");
        assert!((r_last - 0.002).abs() < 1e-12, "{r_last}");
        assert!(c0 > c_last && r0 > r_last);
    }

    #[test]
    fn one_step_moves_by_r_c_score_sign_and_clamps() {
        let mut s = State::new(vec![param("A", 100.0), param("B", 199.0)], 10, 3);
        let (c_k, r_k) = s.gains(&s.params[0], 0);
        let (sa, sb) = (s.sign(0, 0), s.sign(0, 1));
        let (plus, minus) = s.perturbed(0);
        assert_eq!(plus[0].1, (100.0 + c_k * sa).round() as i32);
        assert_eq!(minus[0].1, (100.0 - c_k * sa).round() as i32);
        // θ+ wins 5, loses 1: score 4.
        let mut fake = |_: &Values, _: &Values| {
            Ok(Outcome {
                wins: 5,
                draws: 2,
                losses: 1,
            })
        };
        let step = s.step(&mut fake).unwrap();
        assert_eq!(step.k, 0);
        assert!((s.params[0].value - (100.0 + r_k * c_k * 4.0 * sa)).abs() < 1e-9);
        let expected_b = (199.0 + r_k * c_k * 4.0 * sb).clamp(0.0, 200.0);
        assert!((s.params[1].value - expected_b).abs() < 1e-9);
        assert_eq!(s.iteration, 1);
    }

    #[test]
    fn a_fake_match_that_rewards_a_target_pulls_the_value_to_it() {
        // θ+ wins when it is nearer 150 than θ−, loses otherwise: deterministic.
        // A learning rate this large moves a real session too fast; here it lets 300
        // iterations cross the range.
        let mut s = State::new(
            vec![Param {
                r_end: 0.05,
                ..param("A", 60.0)
            }],
            300,
            11,
        );
        let mut fake = |plus: &Values, minus: &Values| {
            let (dp, dm) = ((plus[0].1 - 150).abs(), (minus[0].1 - 150).abs());
            Ok(match dp.cmp(&dm) {
                std::cmp::Ordering::Less => Outcome {
                    wins: 8,
                    ..Outcome::default()
                },
                std::cmp::Ordering::Greater => Outcome {
                    losses: 8,
                    ..Outcome::default()
                },
                std::cmp::Ordering::Equal => Outcome {
                    draws: 8,
                    ..Outcome::default()
                },
            })
        };
        while !s.finished() {
            s.step(&mut fake).unwrap();
        }
        assert!(
            (s.params[0].value - 150.0).abs() < 15.0,
            "{}",
            s.params[0].value
        );
    }

    #[test]
    fn a_failed_match_leaves_the_state_unchanged() {
        let mut s = State::new(vec![param("A", 60.0)], 10, 1);
        let before = s.clone();
        let mut broken =
            |_: &Values, _: &Values| -> anyhow::Result<Outcome> { bail!("engine died") };
        assert!(s.step(&mut broken).is_err());
        assert_eq!(s, before);
    }

    #[test]
    fn the_state_file_round_trips_and_a_resumed_session_matches_an_uninterrupted_one() {
        let mut fake = |plus: &Values, _: &Values| {
            Ok(Outcome {
                wins: (plus[0].1 % 3) as u64,
                draws: 1,
                losses: 1,
            })
        };
        let mut whole = State::new(vec![param("A", 60.0), param("B", 10.5)], 6, 5);
        let mut resumed = whole.clone();
        for _ in 0..6 {
            whole.step(&mut fake).unwrap();
        }
        for _ in 0..3 {
            resumed.step(&mut fake).unwrap();
        }
        let text = resumed.to_text();
        let mut resumed = State::from_text(&text).unwrap();
        assert_eq!(resumed.to_text(), text);
        while !resumed.finished() {
            resumed.step(&mut fake).unwrap();
        }
        assert_eq!(resumed, whole);
    }

    #[test]
    fn bad_state_and_input_lines_are_errors_not_panics() {
        assert!(State::from_text("iteration x\nparam A 1 0 2 1 0.002").is_err());
        assert!(State::from_text("iteration 1").is_err());
        assert!(State::from_text("bogus").is_err());
        let ok = parse_openbench("# c\nRfpDepthMargin, int, 80, 30, 150, 6, 0.002\n").unwrap();
        assert_eq!(ok[0].name, "RfpDepthMargin");
        assert_eq!(ok[0].value, 80.0);
        assert!(parse_openbench("A, int, 80, 30").is_err());
        assert!(parse_openbench("A, int, 999, 30, 150, 6, 0.002").is_err());
        assert!(parse_openbench("A, str, 80, 30, 150, 6, 0.002").is_err());
        assert!(parse_openbench("").is_err());
    }
}
