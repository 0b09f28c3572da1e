//! The terminal game loop: draw, read a move or a command, answer, let the engine reply.
//! Generic over the game and over its input and output, so tests drive it with a script.

use super::record::record;
use super::render::{self, Style};
use engine::book::repertoire::Repertoire;
use engine::{Engine, Event, GoRequest, Tuned};
use game::{Cells, EndReason, Evaluation, Game, MoveStyle, Outcome, RecordFormat, Side};
use search::{Limits, Options, Strength};
use std::io::{BufRead, Write};
use std::sync::mpsc::channel;
use std::sync::Arc;
use std::time::Duration;

/// How a terminal game is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The side the person plays.
    pub human: Side,
    /// Engine level, 0 (beginner) to 20 (full strength).
    pub level: u8,
    /// How long the engine thinks per move.
    pub movetime: Duration,
    /// Whether to draw in ANSI colour.
    pub colour: bool,
    /// What the engine evaluates with.
    pub evaluation: Evaluation,
}

/// What a line typed by the person asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Input {
    Nothing,
    Help,
    Undo,
    Hint,
    New,
    Save(Option<String>),
    Load(Option<String>),
    Quit,
    Move(String),
}

fn read_input(line: &str) -> Input {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Input::Nothing;
    };
    match first.to_ascii_lowercase().as_str() {
        "help" | "?" => Input::Help,
        "undo" | "takeback" => Input::Undo,
        "hint" => Input::Hint,
        "new" => Input::New,
        "save" => Input::Save(words.next().map(str::to_string)),
        "load" => Input::Load(words.next().map(str::to_string)),
        "quit" | "exit" | "q" => Input::Quit,
        _ => Input::Move(first.to_string()),
    }
}

fn side_name<G: Game>(side: Side) -> &'static str {
    G::description().side_name(side)
}

fn help<G: Game>() -> String {
    let description = G::description();
    let moves = description.move_help;
    format!(
        "{moves}\nCommands:\n  undo        take back your last move (and the engine's reply)\n  \
         hint        suggest a move\n  new         start a new game\n  \
         save [FILE] write the game ({})\n  load FILE   continue a saved game (PGN / move list)\n  help        this text\n  quit        leave\n",
        match description.record {
            RecordFormat::Pgn => "PGN",
            RecordFormat::MoveList => "move list",
        }
    )
}

fn describe(outcome: &Outcome, human: Side, side_name: impl Fn(Side) -> &'static str) -> String {
    let reason = match outcome.reason {
        EndReason::MoveLimit => "the move-count rule".to_string(),
        other => other.to_string(),
    };
    match outcome.winner {
        Some(w) if w == human => format!(
            "{}: you win ({} wins, {})",
            reason,
            side_name(w),
            outcome.pgn_result()
        ),
        Some(w) => format!(
            "{}: Chariot wins ({} wins, {})",
            reason,
            side_name(w),
            outcome.pgn_result()
        ),
        None => format!("Draw by {} ({})", reason, outcome.pgn_result()),
    }
}

/// Plays one session from `start` until `quit` or the end of the input.
pub fn play<G: Tuned>(
    config: &Config,
    start: G,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let strength = if config.level >= 20 {
        Strength::Full
    } else {
        Strength::Level(config.level)
    };
    let options = Options {
        strength,
        randomize: true,
        ..Options::default()
    };
    let mut engine: Engine<G> = Engine::with_evaluator(options, config.evaluation.evaluator::<G>());
    if let Ok(book) = Repertoire::<G>::builtin() {
        engine.set_book(Some(Arc::new(book)));
    }
    engine.set_position(start);
    let style = Style {
        colour: config.colour,
        viewer: config.human,
    };
    writeln!(
        out,
        "{} against Chariot, level {}. You are {}. Type a move, or 'help'.",
        G::description().title,
        config.level,
        side_name::<G>(config.human)
    )?;
    let mut redraw = true;
    let mut announced = false;
    let mut line = String::new();
    loop {
        if redraw {
            draw(&engine, style, out)?;
            redraw = false;
        }
        let over = engine.position().outcome();
        if let Some(outcome) = over.filter(|_| !announced) {
            writeln!(
                out,
                "Game over. {}",
                describe(&outcome, config.human, side_name::<G>)
            )?;
            writeln!(out, "Type new, undo, save or quit.")?;
            announced = true;
        }
        if over.is_none() && engine.position().side_to_move() != config.human {
            engine_move(&mut engine, config, out)?;
            redraw = true;
            continue;
        }
        write!(
            out,
            "{} to move> ",
            side_name::<G>(engine.position().side_to_move())
        )?;
        out.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(());
        }
        match read_input(&line) {
            Input::Nothing => {}
            Input::Quit => return Ok(()),
            Input::Help => write!(out, "{}", help::<G>())?,
            Input::New => {
                engine.new_game();
                announced = false;
                redraw = true;
                writeln!(out, "New game.")?;
            }
            Input::Undo => {
                if engine.undo().is_err() {
                    writeln!(out, "Nothing to undo.")?;
                } else {
                    // Take back the engine's reply together with the person's move.
                    if engine.position().side_to_move() != config.human {
                        let _ = engine.undo();
                    }
                    announced = false;
                    redraw = true;
                    writeln!(out, "Move taken back.")?;
                }
            }
            Input::Hint => match think(&mut engine, config) {
                Some((mv, _)) => {
                    let text = engine.position().format_move(mv, MoveStyle::Human);
                    writeln!(out, "Hint: {text}")?;
                }
                None => writeln!(out, "No move to suggest: the game is over.")?,
            },
            Input::Save(path) => save(&engine, config, path, out)?,
            Input::Load(path) => {
                if load(&mut engine, path, out)? {
                    announced = false;
                    redraw = true;
                }
            }
            Input::Move(text) => {
                if over.is_some() {
                    writeln!(out, "The game is over. Type new, undo, save or quit.")?;
                    continue;
                }
                match parse_move(engine.position(), &text) {
                    Ok(mv) => {
                        // parse_move only returns legal moves, so play cannot refuse it.
                        let _ = engine.play(mv);
                        redraw = true;
                    }
                    Err(reason) => writeln!(out, "{reason}")?,
                }
            }
        }
    }
}

/// Reads a move in any notation the game accepts ([`game::Description::input_styles`], the
/// preferred first), or explains why not with each notation's reason.
fn parse_move<G: Game>(pos: &G, text: &str) -> Result<G::Move, String> {
    let styles = G::description().input_styles;
    let styles = if styles.is_empty() {
        &[MoveStyle::Coord][..]
    } else {
        styles
    };
    let mut reasons = Vec::with_capacity(styles.len());
    for &style in styles {
        match pos.parse_move(text, style) {
            Ok(mv) => return Ok(mv),
            Err(err) => reasons.push(err.to_string()),
        }
    }
    let shown: String = text.chars().take(20).collect();
    let legal: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&mv| pos.format_move(mv, MoveStyle::Human))
        .collect();
    Err(format!(
        "'{shown}' is not a legal move here ({}).\nLegal moves: {}\n\
         Type 'help' for the notations.",
        reasons.join("; "),
        legal.join(" ")
    ))
}

fn draw<G: Tuned, W: Write>(engine: &Engine<G>, style: Style, out: &mut W) -> std::io::Result<()> {
    let pos = engine.position();
    let fen = pos.to_fen();
    let board = match G::description().cells {
        Cells::Points => render::xiangqi(&fen, style),
        Cells::Squares => render::chess(&fen, style),
    };
    writeln!(out)?;
    write!(out, "{board}")?;
    if pos.in_check() {
        writeln!(out, "{} is in check.", side_name::<G>(pos.side_to_move()))?;
    }
    Ok(())
}

/// Searches the current position; the move and whether it came from the book.
fn think<G: Tuned>(engine: &mut Engine<G>, config: &Config) -> Option<(G::Move, String)> {
    let (tx, rx) = channel();
    let limits = Limits {
        movetime: Some(config.movetime),
        ..Limits::default()
    };
    engine.go(
        GoRequest {
            limits,
            ..GoRequest::default()
        },
        tx,
    );
    let mut detail = String::new();
    for event in rx {
        match event {
            Event::Note(note) if note.contains("book") => detail = "book".to_string(),
            Event::Note(_) | Event::Info(_) => {}
            Event::Finished(result) => {
                if detail.is_empty() {
                    detail = format!("depth {}, {}", result.depth, game::uci_score(result.score));
                }
                return result.best.map(|mv| (mv, detail));
            }
        }
    }
    None
}

fn engine_move<G: Tuned, W: Write>(
    engine: &mut Engine<G>,
    config: &Config,
    out: &mut W,
) -> std::io::Result<()> {
    writeln!(out, "Chariot is thinking...")?;
    out.flush()?;
    if let Some((mv, detail)) = think(engine, config) {
        let text = engine.position().format_move(mv, MoveStyle::Human);
        let _ = engine.play(mv);
        writeln!(out, "Chariot plays {text} ({detail})")?;
    }
    Ok(())
}

/// Replaces the game with the one in the file at `path`; whether it did.
fn load<G: Tuned, W: Write>(
    engine: &mut Engine<G>,
    path: Option<String>,
    out: &mut W,
) -> std::io::Result<bool> {
    let Some(path) = path else {
        writeln!(out, "Usage: load FILE (a PGN or a saved move list).")?;
        return Ok(false);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(err) => {
            writeln!(out, "Could not read {path}: {err}")?;
            return Ok(false);
        }
    };
    match ::record::import::<G>(&text) {
        Ok(game) => {
            engine.set_position(game.start);
            for mv in game.moves {
                // Imported moves are legal by construction.
                let _ = engine.play(mv);
            }
            writeln!(out, "Loaded {path}: {} moves.", engine.moves().len())?;
            Ok(true)
        }
        Err(err) => {
            writeln!(out, "Could not load {path}: {err}")?;
            Ok(false)
        }
    }
}

fn save<G: Tuned, W: Write>(
    engine: &Engine<G>,
    config: &Config,
    path: Option<String>,
    out: &mut W,
) -> std::io::Result<()> {
    let result = engine.position().outcome().map_or("*", |o| o.pgn_result());
    let text = record(
        engine.start_position(),
        engine.moves(),
        config.human,
        result,
    );
    let extension = G::description().extension;
    let path = path.unwrap_or_else(|| format!("chariot-{}.{extension}", G::NAME));
    match std::fs::write(&path, text) {
        Ok(()) => writeln!(out, "Saved to {path}."),
        Err(err) => writeln!(out, "Could not save to {path}: {err}"),
    }
}

#[cfg(test)]
mod tests;
