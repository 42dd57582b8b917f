//! `lode install ./x.mcpb`, and a registry entry whose chosen package is a bundle: the bundle
//! checked and shown (`--fields`), its `user_config` filled from `--set` and `--secret-env`,
//! the same confirmation as the app's, then unpacked, saved and connected once.

use lode_app::confirmation::for_installing_mcpb;
use lode_app::install::{FoundEntry, InstallTarget};
use lode_app::mcpb::{McpbInstallRequest, McpbTarget};
use lode_app::Lode;
use lode_core::install::InstallChoice;
use lode_core::registry::Launch;
use lode_core::LodeResult;

use super::args::InstallArgs;
use super::confirm_and_install;
use super::values::form_values;
use crate::exit::Outcome;
use crate::render;

/// The bundle target of `found` when the package picked (or the first Lode can run) is one.
pub fn of_entry(
    found: &FoundEntry,
    pick: Option<InstallChoice>,
    target: &InstallTarget,
) -> Option<McpbTarget> {
    let choice = pick.or_else(|| InstallChoice::first_runnable(&found.entry))?;
    let InstallChoice::Package { index } = choice else {
        return None;
    };
    let package = found.entry.packages.get(index)?;
    if package.launch != Launch::Mcpb {
        return None;
    }
    Some(McpbTarget::Entry {
        target: target.clone(),
        index,
    })
}

pub async fn run(lode: &Lode, args: &InstallArgs, target: McpbTarget) -> LodeResult<Outcome> {
    let view = lode.open_mcpb(&target).await?;
    if args.fields {
        if args.json {
            render::json(&view)?;
        } else {
            render::install::mcpb_fields(&view)?;
        }
        return Ok(Outcome::Success);
    }
    let values = form_values(&view.form, &args.set, &args.secret_env)?;
    let planned = lode
        .plan_mcpb(&McpbInstallRequest {
            target,
            values,
            name: args.name.clone(),
        })
        .await?;
    let question = for_installing_mcpb(&planned.plan, &planned.mcpb);
    confirm_and_install(lode, args, &question, lode.install_mcpb(planned)).await
}
