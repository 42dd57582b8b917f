//! `lode`: Lode's resources, prompts and tools from the command line. Every command takes a
//! saved connection's name or an inline transport; `--json` output shapes are documented in
//! the README.

mod args;
mod asks;
mod binary;
mod commands;
mod connect;
mod error_hints;
mod exit;
mod interrupt;
mod pairs;
mod render;
mod trace;
mod transport_args;

use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use lode_core::LodeResult;

use args::{Cli, Command};

/// Time left for background work (a server process's pipes) once a command has finished.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(1);

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            // --help and --version are successes that clap reports through the error path.
            let _ = error.print();
            return if error.use_stderr() {
                ExitCode::from(exit::USAGE)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            crate::render::stderr_line(&format!("lode: could not start: {error}"));
            return ExitCode::from(exit::FAILURE);
        }
    };
    if let Some(path) = &cli.trace {
        if let Err(error) = trace::start(path) {
            return exit::report(&error);
        }
    }
    let result = runtime.block_on(run_until_interrupted(cli.command));
    // A blocking read of a server's pipe must not keep `lode` alive after its answer.
    runtime.shutdown_timeout(SHUTDOWN_GRACE);
    match result {
        Some(Ok(outcome)) => exit::outcome(outcome),
        Some(Err(error)) => exit::report(&error),
        None => exit::interrupted(),
    }
}

/// Runs the command; `None` when Ctrl-C ended it first. Ctrl-C is caught rather than left to
/// the default action because a process started in the background by a non-interactive shell
/// inherits SIGINT as ignored, and a listing must stop however `lode` was started. `watch`
/// and `serve` catch Ctrl-C themselves to close cleanly.
async fn run_until_interrupted(command: Command) -> Option<LodeResult<exit::Outcome>> {
    if command.closes_on_interrupt() {
        return Some(run(command).await);
    }
    let mut interrupt = interrupt::Interrupt::install();
    tokio::select! {
        result = run(command) => Some(result),
        () = interrupt.pressed() => None,
    }
}

/// Each command to its module. Here rather than in `commands/` because `args.rs` names each
/// command's flags from there: the grammar depends on the commands, never the other way.
async fn run(command: Command) -> LodeResult<exit::Outcome> {
    use commands::*;
    match command {
        Command::Ls(args) => ls::run(&args).await,
        Command::Search(args) => search::run(&args).await,
        Command::Templates(args) => templates::run(&args).await,
        Command::Read(args) => read::run(&args).await,
        Command::Complete(args) => complete::run(&args).await,
        Command::Prompts(args) => catalog::prompts(&args).await,
        Command::Prompt(args) => catalog::prompt(&args).await,
        Command::Tools(args) => catalog::tools(&args).await,
        Command::Apps(args) => apps::apps(&args).await,
        Command::Skills(args) => skills::skills(&args).await,
        Command::Skill(args) => skills::skill(&args).await,
        Command::Call(args) => call::run(&args).await,
        Command::Watch(args) => watch::run(&args).await,
        Command::Info(args) => info::run(&args).await,
        Command::Connections(args) => connections::run(args).await,
        Command::Basket(args) => basket::run(args).await,
        Command::Serve(args) => serve::run(&args).await,
        Command::Connect(args) => assistants::connect(&args),
        Command::Disconnect(args) => assistants::disconnect(&args),
        Command::Hub(args) => context_hub::run(args).await,
        Command::Registry(args) => registry::run(args).await,
        Command::Install(args) => install::run(&args).await,
        Command::Update(args) => update::run(&args).await,
    }
}
