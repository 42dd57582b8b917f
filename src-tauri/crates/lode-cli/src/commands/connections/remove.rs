//! `lode connections remove`: deletes a connection and its secrets, after a confirmation.

use std::io::{BufRead, IsTerminal, Write};

use lode_core::LodeResult;

use super::args::RemoveArgs;
use crate::connect::open_lode;
use crate::exit::Outcome;
use crate::pairs::usage;
use crate::render;

pub async fn run(args: &RemoveArgs) -> LodeResult<Outcome> {
    let lode = open_lode()?;
    let connection = lode.find_by_name(&args.name)?;
    let secrets = connection.settings.secrets.len();
    if !args.yes && !confirmed(&connection.name, secrets)? {
        return Ok(Outcome::Failed(format!("{} was kept", connection.name)));
    }
    lode.remove_connection(connection.id).await?;
    render::text(&format!(
        "removed {} and {}\n",
        connection.name,
        render::count(secrets, "secret")
    ))?;
    Ok(Outcome::Success)
}

/// Asks on the terminal; without one, `--yes` is the only way to confirm.
fn confirmed(name: &str, secrets: usize) -> LodeResult<bool> {
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        return Err(usage(&format!(
            "removing {name} deletes it and its secrets: confirm with --yes"
        )));
    }
    eprint!(
        "{}",
        render::safe_text::block(&format!(
            "Remove {name} and its {}? This cannot be undone. [y/N] ",
            render::count(secrets, "secret")
        ))
    );
    let _ = std::io::stderr().flush();
    let mut answer = String::new();
    stdin
        .lock()
        .read_line(&mut answer)
        .map_err(|e| usage(&format!("could not read the answer: {e}")))?;
    Ok(matches!(answer.trim(), "y" | "Y" | "yes" | "Yes"))
}
