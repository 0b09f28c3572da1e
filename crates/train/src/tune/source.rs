//! Writes tuned weights back as Rust source: one `pub const` array of (midgame, endgame)
//! pairs per group, a group being the weights whose names share everything before the
//! last `.` (`pst.knight.e4` belongs to `pst.knight`, written as `PST_KNIGHT`). The
//! hand-seeded `crates/chess/src/eval/weights.rs` has exactly this form.

use anyhow::bail;
use std::fmt::Write as _;

/// Pairs per source line.
const PER_LINE: usize = 8;

/// The Rust source of a weights file for `game`.
pub fn weights_source(
    game: &str,
    names: &[String],
    weights: &[(i32, i32)],
) -> anyhow::Result<String> {
    if names.len() != weights.len() {
        bail!("{} names for {} weights", names.len(), weights.len());
    }
    let mut out = String::new();
    let _ = write!(
        out,
        "//! Evaluation weights of {game}: (midgame, endgame) centipawn pairs, one constant per group.\n\
         //!\n\
         //! Written by `chariot tune`: every weight is named `group.element` in\n\
         //! `game::Tunable::weight_names`; each constant below is one group. Regenerate with\n\
         //! `chariot tune --game {game} --data FILE --out THIS_FILE` rather than editing by hand.\n"
    );
    let mut seen: Vec<&str> = Vec::new();
    let mut start = 0;
    while start < names.len() {
        let Some((group, _)) = names[start].rsplit_once('.') else {
            bail!(
                "weight name `{}` has no group (expected `group.element`)",
                names[start]
            );
        };
        if seen.contains(&group) {
            bail!("the weights of group `{group}` are not consecutive");
        }
        seen.push(group);
        let mut end = start;
        let mut elements = Vec::new();
        while end < names.len() {
            match names[end].rsplit_once('.') {
                Some((g, element)) if g == group => elements.push(element),
                _ => break,
            }
            end += 1;
        }
        let n = end - start;
        let listed = if n <= PER_LINE {
            elements.join(", ")
        } else {
            format!("{} .. {}", elements[0], elements[n - 1])
        };
        let name = group.to_uppercase().replace('.', "_");
        let _ = write!(
            out,
            "\n/// `{group}` ({n}): {listed}.\n#[rustfmt::skip]\npub const {name}: [(i32, i32); {n}] = [\n"
        );
        for chunk in weights[start..end].chunks(PER_LINE) {
            let pairs: Vec<String> = chunk
                .iter()
                .map(|(mg, eg)| format!("({mg}, {eg}),"))
                .collect();
            let _ = writeln!(out, "    {}", pairs.join(" "));
        }
        out.push_str("];\n");
        start = end;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::Tunable;

    #[test]
    fn the_chess_weights_file_is_what_the_writer_writes() {
        let text = weights_source(
            "chess",
            &chess::Position::weight_names(),
            &chess::Position::weights(),
        )
        .unwrap();
        assert_eq!(text, include_str!("../../../chess/src/eval/weights.rs"));
    }

    #[test]
    fn groups_must_be_named_and_consecutive() {
        let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let ok = weights_source(
            "toy",
            &names(&["a.x", "a.y", "b.z"]),
            &[(1, 2), (3, 4), (-5, 6)],
        )
        .unwrap();
        assert!(
            ok.contains("pub const A: [(i32, i32); 2] = [\n    (1, 2), (3, 4),\n];"),
            "{ok}"
        );
        assert!(ok.contains("pub const B: [(i32, i32); 1]"), "{ok}");
        assert!(weights_source("toy", &names(&["a.x", "b.y", "a.z"]), &[(0, 0); 3]).is_err());
        assert!(weights_source("toy", &names(&["plain"]), &[(0, 0)]).is_err());
        assert!(weights_source("toy", &names(&["a.x"]), &[]).is_err());
    }
}
