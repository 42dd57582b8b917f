//! `lode connections remove`: deletes a connection and its secrets, after a confirmation.

use lode_core::LodeResult;

use super::args::RemoveArgs;
use crate::commands::terminal_question;
use crate::connect::open_lode;
use crate::exit::Outcome;
use crate::render;

pub async fn run(args: &RemoveArgs) -> LodeResult<Outcome> {
    let lode = open_lode()?;
    let connection = lode.find_by_name(&args.name)?;
    let secrets = connection.settings.secrets.len();
    if !args.yes && !confirmed(&connection.name, secrets)? {
        return Ok(Outcome::Failed(format!("{} was kept", connection.name)));
    }
    lode.remove_connection_for_good(connection.id).await?;
    render::text(&format!(
        "removed {} and {}\n",
        connection.name,
        render::count(secrets, "secret")
    ))?;
    Ok(Outcome::Success)
}

/// Asks on the terminal; without one, `--yes` is the only way to confirm.
fn confirmed(name: &str, secrets: usize) -> LodeResult<bool> {
    terminal_question::confirmed(
        &format!(
            "Remove {name} and its {}? This cannot be undone. [y/N] ",
            render::count(secrets, "secret")
        ),
        &format!("removing {name} deletes it and its secrets: confirm with --yes"),
    )
}
