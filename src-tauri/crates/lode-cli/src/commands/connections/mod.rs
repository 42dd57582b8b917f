//! `lode connections …`: the saved connections, managed from the command line with the same rules
//! as the app's forms (one rule book in `lode_core::draft`), secrets going to the keychain.

pub mod args;
mod export;
mod import;
mod list;
mod remove;
mod save;
mod secret_flags;
mod sign_in;
mod test;

use lode_core::LodeResult;

use crate::exit::Outcome;
use args::{ConnectionsArgs, ConnectionsCommand};

pub async fn run(args: ConnectionsArgs) -> LodeResult<Outcome> {
    match args.command {
        ConnectionsCommand::List(args) => list::run(&args),
        ConnectionsCommand::Add(args) => save::add(&args).await,
        ConnectionsCommand::Edit(args) => save::edit(&args).await,
        ConnectionsCommand::Remove(args) => remove::run(&args).await,
        ConnectionsCommand::Test(args) => test::run(&args).await,
        ConnectionsCommand::Import(args) => import::run(&args).await,
        ConnectionsCommand::Export(args) => export::run(&args),
        ConnectionsCommand::SignIn(args) => sign_in::sign_in(&args).await,
        ConnectionsCommand::SignOut(args) => sign_in::sign_out(&args).await,
    }
}
