//! `lode servers …`: the saved connections, managed from the command line with the same rules
//! as the app's forms (one rule book in `lode_core::draft`), secrets going to the keychain.

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
use crate::servers_args::{ServersArgs, ServersCommand};

pub async fn run(args: ServersArgs) -> LodeResult<Outcome> {
    match args.command {
        ServersCommand::List(args) => list::run(&args),
        ServersCommand::Add(args) => save::add(&args).await,
        ServersCommand::Edit(args) => save::edit(&args).await,
        ServersCommand::Remove(args) => remove::run(&args).await,
        ServersCommand::Test(args) => test::run(&args).await,
        ServersCommand::Import(args) => import::run(&args).await,
        ServersCommand::Export(args) => export::run(&args),
        ServersCommand::SignIn(args) => sign_in::sign_in(&args).await,
        ServersCommand::SignOut(args) => sign_in::sign_out(&args).await,
    }
}
