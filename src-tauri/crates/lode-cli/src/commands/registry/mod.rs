//! `lode registry …`: MCP registries from the command line. `search` and `show` read (nothing is
//! installed or run); `list`, `add`, `remove` and `move` change the list the app browses too.

pub mod args;
mod browse;
mod list;

use lode_core::LodeResult;

use crate::connect::open_lode;
use crate::exit::Outcome;
use args::{RegistryArgs, RegistryCommand};

pub async fn run(args: RegistryArgs) -> LodeResult<Outcome> {
    let lode = open_lode()?;
    match args.command {
        RegistryCommand::Search(args) => browse::search(&lode, &args).await?,
        RegistryCommand::Show(args) => browse::show(&lode, &args).await?,
        RegistryCommand::List(args) => list::list(&lode, args.json)?,
        RegistryCommand::Add(args) => list::changed(&lode.add_registry(&args.url)?)?,
        RegistryCommand::Remove(args) => list::changed(&lode.remove_registry(&args.url)?)?,
        RegistryCommand::Move(args) => {
            let place = usize::try_from(args.to).unwrap_or(usize::MAX);
            list::changed(&lode.move_registry(&args.url, place)?)?
        }
    }
    Ok(Outcome::Success)
}
