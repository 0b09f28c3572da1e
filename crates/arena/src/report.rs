//! The final report of a match, for people (text) and scripts (JSON).

use super::runner::{MatchConfig, MatchResult};
use super::stats::SprtVerdict;
use std::fmt::Write;

fn fmt_elo(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.1}")
    } else if x > 0.0 {
        "inf".into()
    } else {
        "-inf".into()
    }
}

fn json_num(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.4}")
    } else {
        "null".into()
    }
}

fn json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The summary text: per pair W/D/L, score, Elo ± 95%, the SPRT verdict, and faults.
pub fn text(cfg: &MatchConfig, res: &MatchResult) -> String {
    let mut out = String::new();
    let n = cfg.engines.len();
    let _ = writeln!(out, "Games played: {}", res.tally.games);
    for a in 0..n {
        for b in a + 1..n {
            let t = res.tally.pair(a, b);
            if t.games() == 0 {
                continue;
            }
            let penta = t.pentanomial();
            let est = t.elo();
            let (na, nb) = (&cfg.engines[a].name, &cfg.engines[b].name);
            let _ = writeln!(
                out,
                "{na} vs {nb}: {} games, W/D/L {}/{}/{} ({na}'s view), score {:.1}%",
                t.games(),
                t.wins,
                t.draws,
                t.losses,
                100.0 * t.trinomial().mean()
            );
            let _ = writeln!(
                out,
                "  Elo {na} - {nb}: {} [{} .. {}] (95%, from {} colour-swapped pairs {:?})",
                est,
                fmt_elo(est.low),
                fmt_elo(est.high),
                penta.samples(),
                t.penta
            );
        }
    }
    if n > 2 {
        let _ = writeln!(out, "Standings:");
        let mut rows: Vec<(usize, f64, u64)> = (0..n)
            .map(|i| {
                let (p, g) = res.tally.engine_score(i);
                (i, p, g)
            })
            .collect();
        rows.sort_by(|x, y| y.1.total_cmp(&x.1));
        for (i, p, g) in rows {
            let _ = writeln!(out, "  {:<20} {p}/{g}", cfg.engines[i].name);
        }
    }
    if let (Some(s), Some((v, llr))) = (&cfg.sprt, res.sprt) {
        let (lo, hi) = s.bounds();
        let verdict = match v {
            SprtVerdict::H0 => "H0 accepted (not better by elo1)",
            SprtVerdict::H1 => "H1 accepted (better by elo1)",
            SprtVerdict::Continue => "undecided (games ran out)",
        };
        let _ = writeln!(
            out,
            "SPRT elo0={} elo1={} alpha={} beta={} (GSPRT, logistic Elo, pentanomial): \
             LLR {llr:.3} [{lo:.3}, {hi:.3}] -> {verdict}",
            s.elo0, s.elo1, s.alpha, s.beta
        );
    }
    let _ = writeln!(
        out,
        "Faults (losses by illegal move / crash / hang / time):"
    );
    for (i, e) in cfg.engines.iter().enumerate() {
        let f = res.tally.faults(i);
        let _ = writeln!(
            out,
            "  {:<20} illegal {}  crash {}  hang {}  time {}",
            e.name, f.illegal, f.crash, f.hang, f.time
        );
    }
    out
}

/// The same as JSON, for scripts (the strength table).
pub fn json(cfg: &MatchConfig, res: &MatchResult) -> String {
    let n = cfg.engines.len();
    let mut pairs = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let t = res.tally.pair(a, b);
            let est = t.elo();
            pairs.push(format!(
                "{{\"a\":{},\"b\":{},\"games\":{},\"wins\":{},\"draws\":{},\"losses\":{},\
                 \"score\":{},\"elo\":{},\"elo_low\":{},\"elo_high\":{},\"penta\":{:?}}}",
                json_str(&cfg.engines[a].name),
                json_str(&cfg.engines[b].name),
                t.games(),
                t.wins,
                t.draws,
                t.losses,
                json_num(t.trinomial().mean()),
                json_num(est.elo),
                json_num(est.low),
                json_num(est.high),
                t.penta
            ));
        }
    }
    let faults: Vec<String> = cfg
        .engines
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let f = res.tally.faults(i);
            format!(
                "{{\"engine\":{},\"illegal\":{},\"crash\":{},\"hang\":{},\"time\":{}}}",
                json_str(&e.name),
                f.illegal,
                f.crash,
                f.hang,
                f.time
            )
        })
        .collect();
    let sprt = match res.sprt {
        Some((v, llr)) => format!("{{\"verdict\":\"{v:?}\",\"llr\":{}}}", json_num(llr)),
        None => "null".into(),
    };
    format!(
        "{{\"games\":{},\"tc\":{},\"pairs\":[{}],\"faults\":[{}],\"sprt\":{}}}\n",
        res.tally.games,
        json_str(&cfg.game.tc.to_string()),
        pairs.join(","),
        faults.join(","),
        sprt
    )
}
