//! The terminal game loop: draw, read a move or a command, answer, let the engine reply.
//! Generic over the game and over its input and output, so tests drive it with a script.

use super::record::record;
use super::render::{self, Style};
use engine::book::repertoire::Repertoire;
use engine::session::Session;
use engine::{Engine, Event, GoRequest, Tuned};
use game::{Cells, Evaluation, Game, MoveStyle, Outcome, RecordFormat, Side};
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
         hint        suggest a move\n  new         start a new game from the same position\n  \
         save [FILE] write the game ({})\n  load FILE   continue a saved game (PGN / move list)\n  help        this text\n  quit        leave\n",
        match description.record {
            RecordFormat::Pgn => "PGN",
            RecordFormat::MoveList => "move list",
        }
    )
}

/// The end of the game for the person: the game's own sentence, then who that is.
fn describe<G: Game>(session: &Session<G>, outcome: &Outcome) -> String {
    let text = engine::session::result_text::<G>(outcome);
    let who = match outcome.winner {
        Some(w) if w == session.human => " You win.",
        Some(_) => " Chariot wins.",
        None => "",
    };
    format!("{text} ({}).{who}", outcome.pgn_result())
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
    let mut session = Session::new(start.clone(), config.human);
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
            draw(&session, style, out)?;
            redraw = false;
        }
        let over = session.outcome();
        if let Some(outcome) = over.filter(|_| !announced) {
            writeln!(out, "Game over. {}", describe(&session, &outcome))?;
            writeln!(out, "Type new, undo, save or quit.")?;
            announced = true;
        }
        if session.engine_to_move() {
            engine_move(&mut engine, &mut session, config, out)?;
            redraw = true;
            continue;
        }
        write!(
            out,
            "{} to move> ",
            side_name::<G>(session.pos.side_to_move())
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
                // The same start again: a Chess960 game stays on its position.
                session = Session::new(start.clone(), config.human);
                announced = false;
                redraw = true;
                writeln!(out, "New game.")?;
            }
            Input::Undo => {
                // The person's last move goes, with the engine's reply to it.
                if session.undo().is_err() {
                    writeln!(out, "Nothing to undo.")?;
                } else {
                    announced = false;
                    redraw = true;
                    writeln!(out, "Move taken back.")?;
                }
            }
            Input::Hint => match think(&mut engine, &session, config) {
                Some((mv, _)) => {
                    let text = session.pos.format_move(mv, MoveStyle::Human);
                    writeln!(out, "Hint: {text}")?;
                }
                None => writeln!(out, "No move to suggest: the game is over.")?,
            },
            Input::Save(path) => save(&session, path, out)?,
            Input::Load(path) => {
                if load(&mut session, path, out)? {
                    announced = false;
                    redraw = true;
                }
            }
            Input::Move(text) => {
                if over.is_some() {
                    writeln!(out, "The game is over. Type new, undo, save or quit.")?;
                    continue;
                }
                match session.parse(&text) {
                    Ok(mv) => {
                        session.push(mv, true);
                        redraw = true;
                    }
                    Err(bad) => writeln!(
                        out,
                        "{bad}.\nLegal moves: {}\nType 'help' for the notations.",
                        session.legal(MoveStyle::Human).join(" ")
                    )?,
                }
            }
        }
    }
}

fn draw<G: Game, W: Write>(session: &Session<G>, style: Style, out: &mut W) -> std::io::Result<()> {
    let pos = &session.pos;
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

/// Searches the session's position; the move and how it was found (the book, or the
/// depth and the score from the engine's side).
fn think<G: Tuned>(
    engine: &mut Engine<G>,
    session: &Session<G>,
    config: &Config,
) -> Option<(G::Move, String)> {
    engine.set_position(session.pos.clone());
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
                    detail = format!("depth {}, {}", result.depth, game::score_text(result.score));
                }
                return result.best.map(|mv| (mv, detail));
            }
        }
    }
    None
}

fn engine_move<G: Tuned, W: Write>(
    engine: &mut Engine<G>,
    session: &mut Session<G>,
    config: &Config,
    out: &mut W,
) -> std::io::Result<()> {
    writeln!(out, "Chariot is thinking...")?;
    out.flush()?;
    if let Some((mv, detail)) = think(engine, session, config) {
        let text = session.pos.format_move(mv, MoveStyle::Human);
        session.push(mv, false);
        writeln!(out, "Chariot plays {text} ({detail})")?;
    }
    Ok(())
}

/// Replaces the game with the one in the file at `path`; whether it did.
fn load<G: Game, W: Write>(
    session: &mut Session<G>,
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
            // The person's side keeps its moves, so that undo takes them back.
            *session = Session::replay(game.start, session.human, game.moves);
            writeln!(out, "Loaded {path}: {} moves.", session.history.len())?;
            Ok(true)
        }
        Err(err) => {
            writeln!(out, "Could not load {path}: {err}")?;
            Ok(false)
        }
    }
}

fn save<G: Game, W: Write>(
    session: &Session<G>,
    path: Option<String>,
    out: &mut W,
) -> std::io::Result<()> {
    let result = session.outcome().map_or("*", |o| o.pgn_result());
    let text = record(&session.start, &session.moves(), session.human, result);
    let extension = G::description().extension;
    let path = path.unwrap_or_else(|| format!("chariot-{}.{extension}", G::NAME));
    match std::fs::write(&path, text) {
        Ok(()) => writeln!(out, "Saved to {path}."),
        Err(err) => writeln!(out, "Could not save to {path}: {err}"),
    }
}

#[cfg(test)]
mod tests;
