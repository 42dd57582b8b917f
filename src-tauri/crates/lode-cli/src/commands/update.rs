//! `lode update`: what the registries say of the installed connections (a newer version, a
//! deprecation), asked at most once a day unless `--now`; `lode update NAME` updates one to its
//! registry's latest version (only the version in its command line changes; the same words as
//! the app's dialog are asked first); `--undo` puts it back as it was.

use clap::Args;
use lode_app::confirmation::for_updating;
use lode_core::LodeResult;

use super::terminal_question::confirmed_as_in_the_app;
use crate::connect::open_lode;
use crate::exit::Outcome;
use crate::render;

#[derive(Debug, Args)]
pub struct UpdateArgs {
    /// The installed connection to update; none lists what the registries say.
    #[arg(value_name = "CONNECTION")]
    pub name: Option<String>,
    /// Ask the registries now, not only once a day.
    #[arg(long)]
    pub now: bool,
    /// Put the connection back as it was before its last update.
    #[arg(long, requires = "name")]
    pub undo: bool,
    /// Do not ask for confirmation (required when stdin is not a terminal).
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

pub async fn run(args: &UpdateArgs) -> LodeResult<Outcome> {
    let lode = open_lode()?;
    let Some(name) = &args.name else {
        let alerts = lode.install_alerts(args.now).await?;
        let names = lode.list_connections()?;
        if args.json {
            render::json(&alerts)?;
        } else {
            render::install::alerts(&alerts, &names)?;
        }
        return Ok(Outcome::Success);
    };
    let connection = lode.find_by_name(name)?;
    if args.undo {
        let restored = lode.undo_update(connection.id).await?;
        return report(&restored, args.json);
    }
    let update = lode.plan_update(connection.id).await?;
    if let Some(question) = for_updating(&update) {
        if !args.yes
            && !confirmed_as_in_the_app(
                &question,
                "updating changes what runs, as shown above: confirm with --yes",
            )?
        {
            return Ok(Outcome::Failed(format!(
                "{} was kept as it is",
                connection.name
            )));
        }
    }
    let updated = lode.apply_update(&update).await?;
    report(&updated, args.json)
}

fn report(connection: &lode_core::Connection, json: bool) -> LodeResult<Outcome> {
    if json {
        render::json(connection)?;
    } else {
        render::connections::saved(connection, "updated")?;
    }
    Ok(Outcome::Success)
}
