//! How front ends show xiangqi and write its records.

use game::{Cells, Description, HumanNotation, MoveStyle, RecordFormat};

/// Xiangqi for front ends: Red and Black on the points of a 9 × 10 board; records as move
/// lists, PGN with `[Variant "xiangqi"]` and one-based coordinates (Fairy-Stockfish's form).
pub const DESCRIPTION: Description = Description {
    title: "Xiangqi",
    side_names: ["Red", "Black"],
    files: 9,
    ranks: 10,
    rank_base: 0,
    cells: Cells::Points,
    record: RecordFormat::MoveList,
    extension: "txt",
    variant: Some("xiangqi"),
    variant_aliases: &[],
    chess960_variants: &[],
    pgn_style: MoveStyle::CoordOneBased,
    input_styles: &[MoveStyle::Coord, MoveStyle::Human],
    human_notation: HumanNotation::Wxf,
    move_help:
        "Moves: coordinates with files a-i and ranks 0-9 as drawn (h2e2), or WXF (C2=5, H8+7).",
    move_rule: 60,
    repetition_draw: "repetition (no side broke the perpetual check or chase rules)",
};

/// For a position that evaluates with a network: a note that the explained terms are the
/// classic evaluation's and the total the network's, named: the built-in network's file
/// name, or `EvalFile` for one loaded from a file.
pub(crate) fn network_note(pos: &crate::Position) -> Option<String> {
    let net = pos.network()?;
    let name = nnue::shown_name(net, &crate::nnue::embedded(), crate::nnue::EMBEDDED_NAME);
    Some(format!(
        "the total is the network's ({name}); the terms are the classic evaluation's\n"
    ))
}
