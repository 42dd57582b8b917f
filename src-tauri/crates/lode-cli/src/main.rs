//! `lode`: Lode's resources from the command line. Every command takes a saved connection's
//! name or an inline transport; `--json` output shapes are documented in the README.

mod args;
mod exit;
mod output;

use std::process::ExitCode;

use clap::Parser;
use lode_app::Lode;
use lode_core::LodeResult;

use args::{Cli, Command};

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
            eprintln!("lode: could not start: {error}");
            return ExitCode::from(exit::FAILURE);
        }
    };
    match runtime.block_on(run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => exit::report(&error),
    }
}

async fn run(cli: Cli) -> LodeResult<()> {
    // The CLI shares the app's saved connections, and seeds the same Demo connection when it
    // is the first of the two to run.
    let demo = std::env::current_exe()
        .ok()
        .and_then(|exe| lode_app::demo_server_command(&exe));
    let lode = Lode::open(&lode_app::default_data_dir()?, demo)?;
    match cli.command {
        Command::Ls(ls) => {
            let client = lode
                .connect_target(&ls.server.target(&ls.positional)?.0)
                .await?;
            let resources = client.list_resources().await;
            client.close().await;
            output::resources(&resources?, ls.json)
        }
        Command::Read(read) => {
            let (target, uri) = read.server.target(&read.positional)?;
            let uri = uri.ok_or_else(args::missing_uri)?;
            let client = lode.connect_target(&target).await?;
            let contents = client.read_resource(&uri).await;
            client.close().await;
            output::contents(&contents?, read.json)
        }
    }
}
