//! `lode`: Lode's resources, prompts and tools from the command line. Every command takes a
//! saved connection's name or an inline transport; `--json` output shapes are documented in
//! the README.

mod args;
mod basket_args;
mod binary;
mod commands;
mod connect;
mod exit;
mod interrupt;
mod pairs;
mod render;
mod search_args;
mod servers_args;
mod transport_args;

use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

use args::Cli;

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
    let result = runtime.block_on(commands::run(cli.command));
    // A blocking read of a server's pipe must not keep `lode` alive after its answer.
    runtime.shutdown_timeout(SHUTDOWN_GRACE);
    match result {
        Ok(outcome) => exit::outcome(outcome),
        Err(error) => exit::report(&error),
    }
}
