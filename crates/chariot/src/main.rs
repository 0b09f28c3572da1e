//! The `chariot` binary: dispatches to a sub-command; with none it starts the web game.

use chariot::COMMANDS;
use std::process::ExitCode;

fn usage() -> String {
    let mut text = String::from("usage: chariot [COMMAND] [ARGS...]\n\ncommands:\n");
    for (name, _, about) in COMMANDS {
        text.push_str(&format!("  {name:<8} {about}\n"));
    }
    text.push_str(
        "\nWith no command (or only options), `chariot` runs `web`. `chariot COMMAND --help` explains one.\n",
    );
    text
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (name, rest) = match args.split_first() {
        None => ("web", &[][..]),
        // `chariot --port 9000` means the default command with options.
        Some((first, _))
            if first.starts_with("--") && !matches!(first.as_str(), "--help" | "--version") =>
        {
            ("web", &args[..])
        }
        Some((first, rest)) => (first.as_str(), rest),
    };
    if matches!(name, "help" | "--help" | "-h") {
        print!("{}", usage());
        return ExitCode::SUCCESS;
    }
    if matches!(name, "--version" | "-V") {
        println!("chariot {}", env!("CARGO_PKG_VERSION"));
        return ExitCode::SUCCESS;
    }
    let Some((_, run, _)) = COMMANDS.iter().find(|(n, _, _)| *n == name) else {
        eprintln!("chariot: unknown command `{name}`\n\n{}", usage());
        return ExitCode::from(2);
    };
    match run(rest) {
        Ok(()) => ExitCode::SUCCESS,
        // Sub-commands parse their arguments with clap: `--help` is not a failure, and
        // clap's own messages already name the command.
        Err(err) if err.downcast_ref::<clap::Error>().is_some() => {
            let clap_err = err.downcast_ref::<clap::Error>().expect("checked above");
            let _ = clap_err.print();
            ExitCode::from(clap_err.exit_code().clamp(0, 255) as u8)
        }
        // The reader of our output went away (`chariot bench | head`): nothing to report.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("chariot {name}: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// Whether an error comes from writing to a pipe whose reader has closed it.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::is_broken_pipe;
    use anyhow::Context;
    use std::io::{Error, ErrorKind};

    #[test]
    fn a_closed_pipe_is_recognised_through_context_and_nothing_else_is() {
        let pipe: anyhow::Result<()> = Err(Error::from(ErrorKind::BrokenPipe).into());
        assert!(is_broken_pipe(
            &pipe.context("writing the bench").unwrap_err()
        ));
        let other: anyhow::Error = Error::from(ErrorKind::NotFound).into();
        assert!(!is_broken_pipe(&other));
        assert!(!is_broken_pipe(&anyhow::anyhow!("bad FEN")));
    }
}
