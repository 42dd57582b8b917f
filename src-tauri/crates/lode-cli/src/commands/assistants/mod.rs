//! `lode connect`, `lode disconnect` and `lode connect --list`: Lode's entry in an assistant's
//! configuration, shown as a diff and asked before it is written.

pub mod args;
mod ask;
mod list;

use lode_app::assistants::{
    apply, plan, this_lode, AssistantAction, AssistantFolders, AssistantTarget, PlannedChange,
};
use lode_core::assistants::{Assistant, ConfigScope, LodeEntry};
use lode_core::LodeResult;

use crate::exit::Outcome;
use crate::pairs::usage;
use crate::render;
use args::{ConnectArgs, DisconnectArgs, PlaceArgs, ASSISTANT_NAMES};

pub fn connect(args: &ConnectArgs) -> LodeResult<Outcome> {
    let folders = AssistantFolders::of_this_machine()?;
    let lode = LodeEntry::serve(&this_lode()?, &args.profile);
    if args.list {
        return list::run(&folders, &lode, args.place.dir.as_deref(), args.json);
    }
    let name = args.assistant.as_deref().unwrap_or_default();
    let target = target(name, &args.place)?;
    expose_first(args)?;
    change(&folders, &target, AssistantAction::Connect, &lode, args.yes)
}

/// `--expose`: makes or updates the profile before the entry that serves it is written
/// (unknown names refused, nothing written). Without it, a profile that does not exist yet is
/// said, since the assistant is refused until the person makes it.
fn expose_first(args: &ConnectArgs) -> LodeResult<()> {
    let lode = crate::connect::open_lode()?;
    if !args.expose.is_empty() {
        let profile = lode.expose(&args.profile, &args.expose)?;
        crate::render::stderr_line(&format!(
            "lode: the hub profile {} exposes {}",
            profile.name,
            args.expose.join(", ")
        ));
        return Ok(());
    }
    if let Err(error) = lode.hub_profile(&args.profile) {
        if error.code == lode_core::ErrorCode::NotFound {
            crate::render::stderr_line(&format!(
                "lode: note: the hub profile {} does not exist yet: the assistant sees nothing \
                 until you make it (lode hub expose {} NAME…, or the window's Hub tab)",
                args.profile, args.profile
            ));
        }
    }
    Ok(())
}

pub fn disconnect(args: &DisconnectArgs) -> LodeResult<Outcome> {
    let folders = AssistantFolders::of_this_machine()?;
    // The entry wanted matters only to tell Lode's entry from another's, which disconnecting
    // does by its program's name: any profile will do.
    let lode = LodeEntry::serve(&this_lode()?, "default");
    let target = target(&args.assistant, &args.place)?;
    change(
        &folders,
        &target,
        AssistantAction::Disconnect,
        &lode,
        args.yes,
    )
}

fn target(name: &str, place: &PlaceArgs) -> LodeResult<AssistantTarget> {
    let assistant = Assistant::from_cli_name(name).ok_or_else(|| {
        usage(&format!(
            "unknown assistant {name:?}: Lode connects {ASSISTANT_NAMES}"
        ))
    })?;
    let scope = ConfigScope::from(place.scope);
    let project = match (scope, &place.dir) {
        (ConfigScope::User, Some(_)) => {
            return Err(usage("--dir goes with --scope project"));
        }
        (ConfigScope::User, None) => None,
        (ConfigScope::Project, Some(dir)) => Some(dir.clone()),
        (ConfigScope::Project, None) => Some(std::env::current_dir().map_err(|e| {
            usage(&format!(
                "could not find the current folder for --scope project: {e}"
            ))
        })?),
    };
    Ok(AssistantTarget {
        assistant,
        scope,
        project,
    })
}

fn change(
    folders: &AssistantFolders,
    target: &AssistantTarget,
    action: AssistantAction,
    lode: &LodeEntry,
    yes: bool,
) -> LodeResult<Outcome> {
    let planned = plan(folders, target, action, lode)?;
    let name = target.assistant.display_name();
    let path = planned.path.display().to_string();
    if planned.changes_nothing() {
        let already = match action {
            AssistantAction::Disconnect => format!("{name} has no Lode entry"),
            _ => format!("{name} is connected to Lode already"),
        };
        render::text(&format!("{already}: nothing to write ({path})\n"))?;
        return Ok(Outcome::Success);
    }
    render::text(&planned.diff)?;
    if !yes && !ask::confirmed(&question(&planned, name))? {
        return Ok(Outcome::Failed(format!("{path} was left as it was")));
    }
    let written = apply(&planned)?;
    let done = match action {
        AssistantAction::Disconnect => format!("disconnected {name}: removed Lode's entry from"),
        _ => format!("connected {name}: wrote Lode's entry to"),
    };
    let mut report = format!("{done} {}\n", written.path);
    match &written.backup {
        Some(backup) => report.push_str(&format!("the file as it was: {backup}\n")),
        None => report.push_str("(a new file: no backup)\n"),
    }
    render::text(&report)?;
    Ok(Outcome::Success)
}

fn question(planned: &PlannedChange, name: &str) -> String {
    let verb = match planned.action {
        AssistantAction::Disconnect => format!("Remove Lode's entry from {name}'s"),
        _ => format!("Write Lode's entry into {name}'s"),
    };
    format!("{verb} configuration {}? [y/N] ", planned.path.display())
}
