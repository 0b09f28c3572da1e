//! How front ends show chess and write its records, and the note on its network.

use crate::position::Position;
use game::{Cells, Description, HumanNotation, MoveStyle, RecordFormat};

/// Chess for front ends: White and Black on 8 × 8 squares, PGN with SAN.
pub const DESCRIPTION: Description = Description {
    title: "Chess",
    side_names: ["White", "Black"],
    files: 8,
    ranks: 8,
    rank_base: 1,
    cells: Cells::Squares,
    record: RecordFormat::Pgn,
    extension: "pgn",
    variant: None,
    variant_aliases: &["standard", "chess", "normal"],
    // As python-chess reads them; "chess960" is what lichess writes.
    chess960_variants: &[
        "Chess960",
        "chess 960",
        "fischerandom",
        "fischerrandom",
        "fischer random",
    ],
    pgn_style: MoveStyle::Human,
    input_styles: &[MoveStyle::Human, MoveStyle::Coord],
    human_notation: HumanNotation::San,
    move_help: "Moves: SAN (e4, Nf3, O-O, exd8=Q) or coordinates (e2e4, e7e8q).",
    move_rule: 50,
    repetition_draw: "threefold repetition",
};

/// For a position that evaluates with a network: a note that the explained terms are the
/// classic evaluation's and the total the network's, with the classic total beside it.
pub(crate) fn network_note(pos: &Position) -> Option<String> {
    let net = pos.network()?;
    let name = nnue::shown_name(net, &crate::nnue::embedded(), crate::nnue::EMBEDDED_NAME);
    Some(format!(
        "the total is the network's ({name}, with the classic endgame scale, mop-up and \
         50-move damping); the terms are the classic evaluation's, whose total is {} cp \
         from White's view\n",
        pos.eval_white()
    ))
}
