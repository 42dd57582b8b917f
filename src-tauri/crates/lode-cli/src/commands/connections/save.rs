//! `lode connections add` and `edit`: a draft from the flags, checked and saved by Lode.

use std::time::Duration;

use lode_app::Lode;
use lode_core::{Connection, ConnectionDraft, LodeResult};

use super::args::{AddArgs, EditArgs};
use super::secret_flags::{parse_place, secret_edits};
use crate::connect::open_lode;
use crate::exit::Outcome;
use crate::pairs::usage;
use crate::render;

pub async fn add(args: &AddArgs) -> LodeResult<Outcome> {
    let transport = args
        .server
        .transport()?
        .ok_or_else(|| usage("give the server with --stdio, --http, --sse or --rest"))?;
    let mut draft = ConnectionDraft::new(&args.name, transport);
    draft.secrets = secret_edits(&args.secrets, &args.server)?;
    draft.enabled = !args.disabled;
    draft.shown_in_browser = !args.hidden;
    draft.oauth = args.oauth;
    draft.oauth_client_id.clone_from(&args.oauth_client_id);
    draft.inherit_env = args.server.inherit_env;
    if let Some(timeout) = args.server.timeout {
        draft.timeout_secs = whole_seconds(timeout);
    }
    let saved = open_lode()?.add_connection(&draft).await?;
    report(&saved, args.server.json, "saved")
}

pub async fn edit(args: &EditArgs) -> LodeResult<Outcome> {
    let lode: Lode = open_lode()?;
    let connection = lode.find_by_name(&args.name)?;
    let mut draft = ConnectionDraft::of(&connection);
    if let Some(name) = &args.rename {
        draft.name.clone_from(name);
    }
    if let Some(transport) = args.server.transport()? {
        draft.transport = transport;
    }
    for place in &args.clear_secret {
        let place = parse_place(place)?;
        let before = draft.secrets.len();
        draft.secrets.retain(|edit| edit.place != place);
        if draft.secrets.len() == before {
            return Err(usage(&format!(
                "{} has no secret {}",
                connection.name,
                place.key_name()
            )));
        }
    }
    for edit in secret_edits(&args.secrets, &args.server)? {
        draft.secrets.retain(|kept| kept.place != edit.place);
        draft.secrets.push(edit);
    }
    let flag = |on: bool, off: bool, current: bool| match (on, off) {
        (true, _) => true,
        (_, true) => false,
        _ => current,
    };
    draft.enabled = flag(args.enable, args.disable, draft.enabled);
    draft.shown_in_browser = flag(args.show, args.hide, draft.shown_in_browser);
    draft.oauth = flag(args.oauth, args.no_oauth, draft.oauth);
    draft.inherit_env = flag(
        args.server.inherit_env,
        args.no_inherit_env,
        draft.inherit_env,
    );
    if args.oauth_client_id.is_some() {
        draft.oauth_client_id.clone_from(&args.oauth_client_id);
    }
    if let Some(timeout) = args.server.timeout {
        draft.timeout_secs = whole_seconds(timeout);
    }
    let saved = lode.update_connection(connection.id, &draft).await?;
    report(&saved, args.server.json, "updated")
}

/// A saved timeout is whole seconds: fractions round up, so it is never shorter than asked.
fn whole_seconds(timeout: Duration) -> u32 {
    let seconds = timeout.as_secs() + u64::from(timeout.subsec_nanos() > 0);
    u32::try_from(seconds).unwrap_or(u32::MAX)
}

fn report(saved: &Connection, json: bool, verb: &str) -> LodeResult<Outcome> {
    if json {
        render::json(saved)?;
    } else {
        render::connections::saved(saved, verb)?;
    }
    Ok(Outcome::Success)
}
