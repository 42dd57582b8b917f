//! `lode hub …`: the context hub's profiles from the command line, kept in the same store as
//! the app's. The CLI asks nothing (its person is at the terminal): `expose` exposes at once.

pub mod args;
mod show;

use lode_core::LodeResult;

use crate::connect::open_lode;
use crate::exit::Outcome;
use crate::render;
use args::{HubArgs, HubCommand};

pub async fn run(args: HubArgs) -> LodeResult<Outcome> {
    let lode = open_lode()?;
    match args.command {
        HubCommand::Profiles(args) => show::profiles(&lode, args.json)?,
        HubCommand::Expose(args) => {
            let profile = lode.expose(&args.profile, &args.connections)?;
            show::profiles(&lode, false)?;
            render::stderr_line(&format!(
                "lode: {} exposes {}; serve it with `lode serve --profile {}`",
                profile.name,
                render::count(profile.connections.len(), "connection"),
                show::quoted(&profile.name)
            ));
        }
        HubCommand::Pause(args) => {
            let profile = lode.set_hub_profile_paused(&args.profile, true)?;
            render::text(&format!("paused the hub profile {}\n", profile.name))?;
        }
        HubCommand::Resume(args) => {
            let profile = lode.set_hub_profile_paused(&args.profile, false)?;
            render::text(&format!("resumed the hub profile {}\n", profile.name))?;
        }
        HubCommand::Revoke(args) => {
            lode.revoke_hub_profile_token(&args.profile).await?;
            let token = lode.hub_profile_token(&args.profile).await?;
            render::text(&format!("{}\n", token.expose()))?;
        }
        HubCommand::Token(args) => {
            let token = lode.hub_profile_token(&args.profile).await?;
            render::text(&format!("{}\n", token.expose()))?;
        }
        HubCommand::Activity(args) => {
            let limit = usize::try_from(args.limit).unwrap_or(usize::MAX);
            show::activity(&lode.hub_activity(&args.profile, limit)?, args.json)?;
        }
        HubCommand::Remove(args) => {
            let name = lode.hub_profile(&args.profile)?.name;
            lode.remove_hub_profile(&name).await?;
            render::text(&format!("removed the hub profile {name}\n"))?;
        }
    }
    Ok(Outcome::Success)
}
