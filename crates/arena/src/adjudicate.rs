//! Ending games early by the engines' own agreed scores (off unless asked for).
//!
//! `draw=M:N:CP` — from move M on, when both engines' last N scores were all within ±CP.
//! `resign=N:CP` — when one engine's last N scores were all at most −CP and its opponent's
//! last N all at least +CP, the first loses. Both engines must agree, as in cutechess.

use super::spec::{key_values, value, SpecError};
use game::{EndReason, Outcome, Side};

/// The draw rule: from `after_move` on, `count` scores of each side within ±`cp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// First full move number at which it may apply.
    pub after_move: u32,
    /// Consecutive scores of each side needed.
    pub count: usize,
    /// Largest absolute score counted as level.
    pub cp: i32,
}

/// The resign rule: `count` scores of each side beyond ±`cp`, agreed by both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Consecutive scores of each side needed.
    pub count: usize,
    /// Threshold in centipawns.
    pub cp: i32,
}

/// Which adjudication rules are on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// Draw adjudication, if on.
    pub draw: Option<DrawRule>,
    /// Win adjudication (resignation), if on.
    pub resign: Option<ResignRule>,
}

fn colon_numbers(key: &str, v: &str, n: usize) -> Result<Vec<i64>, SpecError> {
    let parts: Vec<&str> = v.split(':').collect();
    let bad = || SpecError::BadValue {
        key: key.to_string(),
        value: v.to_string(),
    };
    if parts.len() != n {
        return Err(bad());
    }
    let nums = parts
        .iter()
        .map(|p| value::<i64>(key, p))
        .collect::<Result<Vec<_>, _>>()?;
    if nums.iter().any(|&x| !(0..=1_000_000).contains(&x)) || nums[n - 2] == 0 {
        return Err(bad());
    }
    Ok(nums)
}

impl Adjudication {
    /// Parses `draw=M:N:CP,resign=N:CP` (either part may be left out).
    pub fn parse(text: &str) -> Result<Adjudication, SpecError> {
        let mut adj = Adjudication::default();
        for (k, v) in key_values(text)? {
            match k.as_str() {
                "draw" => {
                    let n = colon_numbers(&k, &v, 3)?;
                    adj.draw = Some(DrawRule {
                        after_move: n[0] as u32,
                        count: n[1] as usize,
                        cp: n[2] as i32,
                    });
                }
                "resign" => {
                    let n = colon_numbers(&k, &v, 2)?;
                    adj.resign = Some(ResignRule {
                        count: n[0] as usize,
                        cp: n[1] as i32,
                    });
                }
                _ => {
                    return Err(SpecError::UnknownKey {
                        key: k,
                        what: "--adjudicate",
                    })
                }
            }
        }
        Ok(adj)
    }
}

/// The score history of one game, fed after every move.
#[derive(Clone, Debug)]
pub struct Adjudicator {
    rules: Adjudication,
    /// Each side's scores from its own point of view; `None` when it reported none.
    scores: [Vec<Option<i32>>; 2],
}

impl Adjudicator {
    /// Starts with no scores.
    pub fn new(rules: Adjudication) -> Adjudicator {
        Adjudicator {
            rules,
            scores: [Vec::new(), Vec::new()],
        }
    }

    /// Records the score `side` reported with its move.
    pub fn record(&mut self, side: Side, cp: Option<i32>) {
        self.scores[side.index()].push(cp);
    }

    fn last(&self, side: Side, n: usize) -> Option<&[Option<i32>]> {
        let s = &self.scores[side.index()];
        (s.len() >= n).then(|| &s[s.len() - n..])
    }

    fn all(&self, side: Side, n: usize, ok: impl Fn(i32) -> bool) -> bool {
        self.last(side, n)
            .is_some_and(|s| s.iter().all(|x| x.is_some_and(&ok)))
    }

    /// The adjudicated outcome, if the rules say the game is decided; `fullmove` is the
    /// current full move number.
    pub fn verdict(&self, fullmove: u32) -> Option<Outcome> {
        if let Some(r) = self.rules.resign {
            for side in [Side::White, Side::Black] {
                if self.all(side, r.count, |s| s <= -r.cp)
                    && self.all(side.flip(), r.count, |s| s >= r.cp)
                {
                    return Some(Outcome {
                        winner: Some(side.flip()),
                        reason: EndReason::Adjudication,
                    });
                }
            }
        }
        if let Some(r) = self.rules.draw {
            let level = |s: i32| s.abs() <= r.cp;
            if fullmove >= r.after_move
                && self.all(Side::White, r.count, level)
                && self.all(Side::Black, r.count, level)
            {
                return Some(Outcome {
                    winner: None,
                    reason: EndReason::Adjudication,
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_rules() {
        let a = Adjudication::parse("draw=30:6:8,resign=4:700").unwrap();
        assert_eq!(
            a.draw,
            Some(DrawRule {
                after_move: 30,
                count: 6,
                cp: 8
            })
        );
        assert_eq!(a.resign, Some(ResignRule { count: 4, cp: 700 }));
        assert_eq!(Adjudication::parse("").unwrap(), Adjudication::default());
        for bad in [
            "draw=1:2",
            "resign=0:500",
            "resign=x:5",
            "win=3:4",
            "draw=1:-2:3",
        ] {
            assert!(Adjudication::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn resign_needs_both_engines_to_agree() {
        let rules = Adjudication::parse("resign=2:500").unwrap();
        let mut a = Adjudicator::new(rules);
        for (w, b) in [(-600, 600), (-700, 450)] {
            a.record(Side::White, Some(w));
            a.record(Side::Black, Some(b));
        }
        assert_eq!(a.verdict(10), None, "Black's 450 is short of 500");
        a.record(Side::White, Some(-900));
        a.record(Side::Black, Some(800));
        assert_eq!(a.verdict(10), None, "only one agreed pair in the last two");
        a.record(Side::White, Some(-900));
        a.record(Side::Black, Some(800));
        let o = a.verdict(10).unwrap();
        assert_eq!(
            (o.winner, o.reason),
            (Some(Side::Black), EndReason::Adjudication)
        );
    }

    #[test]
    fn draw_waits_for_the_move_number_and_level_scores() {
        let rules = Adjudication::parse("draw=20:2:10").unwrap();
        let mut a = Adjudicator::new(rules);
        for _ in 0..2 {
            a.record(Side::White, Some(5));
            a.record(Side::Black, Some(-10));
        }
        assert_eq!(a.verdict(19), None);
        assert_eq!(a.verdict(20).map(|o| o.winner), Some(None));
        a.record(Side::White, None);
        assert_eq!(a.verdict(21), None, "a move without a score breaks the run");
    }
}
