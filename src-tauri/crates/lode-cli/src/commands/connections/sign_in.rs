//! `lode connections sign-in` and `sign-out`: OAuth 2.1 for a saved HTTP connection. The tokens go
//! to the keychain; nothing is printed but the address to open when no browser could be.

use lode_app::oauth::open_in_system_browser;
use lode_core::LodeResult;

use super::args::NamedArgs;
use crate::connect::open_lode;
use crate::exit::Outcome;
use crate::render;

pub async fn sign_in(args: &NamedArgs) -> LodeResult<Outcome> {
    let lode = open_lode()?;
    let connection = lode.find_by_name(&args.name)?;
    lode.sign_in_with(connection.id, |url| {
        // The address is not a secret (PKCE keeps the code useless to anyone else): show it,
        // so a machine without a browser can finish the sign-in in another one.
        crate::render::stderr_line(&format!(
            "lode: sign in to {} at:\n  {url}",
            connection.name
        ));
        if let Err(error) = open_in_system_browser(url) {
            crate::render::stderr_line(&format!(
                "lode: note: {}; open the address above",
                error.message
            ));
        }
        Ok(())
    })
    .await?;
    render::text(&format!("signed in to {}\n", connection.name))?;
    Ok(Outcome::Success)
}

pub async fn sign_out(args: &NamedArgs) -> LodeResult<Outcome> {
    let lode = open_lode()?;
    let connection = lode.find_by_name(&args.name)?;
    lode.sign_out(connection.id).await?;
    render::text(&format!("signed out of {}\n", connection.name))?;
    Ok(Outcome::Success)
}
