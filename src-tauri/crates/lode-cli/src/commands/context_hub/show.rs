//! Hub profiles and their activity as readable text (or JSON). The activity's strings are an
//! assistant's words: shown revealed, one line each.

use lode_app::Lode;
use lode_core::context_hub::{HubActivity, HubActivityKind, HubProfile};
use lode_core::index::AudienceFilter;
use lode_core::reveal::reveal;
use lode_core::LodeResult;

use crate::render;

/// One line a profile: name, paused or serving, audience, budget, exposed connections.
pub fn profiles(lode: &Lode, json: bool) -> LodeResult<()> {
    let profiles = lode.hub_profiles()?;
    if json {
        return render::json(&profiles);
    }
    let connections = lode.list_connections()?;
    let mut out = String::new();
    for profile in &profiles {
        out.push_str(&line(profile, &|id| {
            connections
                .iter()
                .find(|c| c.id == id)
                .map_or_else(|| format!("#{}", id.0), |c| c.name.clone())
        }));
    }
    if profiles.is_empty() {
        out.push_str(
            "no hub profiles: nothing is exposed to assistants (lode hub expose PROFILE NAME…)\n",
        );
    } else {
        out.push_str(&format!(
            "{}\n",
            render::count(profiles.len(), "hub profile")
        ));
    }
    render::text(&out)
}

fn line(profile: &HubProfile, name_of: &dyn Fn(lode_core::ConnectionId) -> String) -> String {
    let exposed: Vec<String> = profile.connections.iter().map(|id| name_of(*id)).collect();
    format!(
        "{}\t{}\taudience {}\tbudget {}\t{}\n",
        profile.name,
        if profile.paused { "paused" } else { "on" },
        profile.audience.map_or("any", audience),
        profile
            .default_budget
            .map_or_else(|| "-".to_owned(), render::grouped),
        match exposed.is_empty() {
            true => "exposes nothing".to_owned(),
            false => format!("exposes {}", exposed.join(", ")),
        }
    )
}

fn audience(filter: AudienceFilter) -> &'static str {
    match filter {
        AudienceFilter::User => "user",
        AudienceFilter::Assistant => "assistant",
        AudienceFilter::Both => "both",
        AudienceFilter::Unspecified => "unspecified",
    }
}

/// The profile's name as a shell word: quoted when it holds anything but plain characters.
pub fn quoted(name: &str) -> String {
    if name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
    {
        name.to_owned()
    } else {
        format!("'{}'", name.replace('\'', r"'\''"))
    }
}

/// One line a record, newest first: when, what, the assistant's words revealed.
pub fn activity(records: &[HubActivity], json: bool) -> LodeResult<()> {
    if json {
        return render::json(records);
    }
    let shown = |text: &str| reveal(text).text;
    let mut out = String::new();
    for record in records {
        let what = match &record.kind {
            HubActivityKind::Search { query, hits } => {
                format!(
                    "search\t\"{}\"\t{}",
                    shown(query),
                    render::count(*hits as usize, "hit")
                )
            }
            HubActivityKind::Suggest {
                task,
                items,
                tokens,
            } => format!(
                "suggest\t\"{}\"\t{}, {} tokens",
                shown(task),
                render::count(*items as usize, "item"),
                render::grouped(*tokens)
            ),
            HubActivityKind::Read { connection, uri } => {
                format!("read\t{}\t{}", shown(connection), shown(uri))
            }
            HubActivityKind::Refused { what, why } => {
                format!("refused\t{}\t{}", shown(what), shown(why))
            }
        };
        out.push_str(&format!("{}\t{what}\n", record.at));
    }
    if records.is_empty() {
        out.push_str("no activity yet\n");
    }
    render::text(&out)
}
