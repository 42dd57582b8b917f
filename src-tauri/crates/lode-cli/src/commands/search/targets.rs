//! Which servers `lode search` asks: an inline server; else the saved connections named; else
//! every saved connection the app's browser shows (enabled, and shown in the browser).

use lode_app::{Lode, ServerTarget};
use lode_core::{Connection, LodeResult};

use super::args::SearchArgs;
use crate::pairs::usage;
use crate::transport_args::ConnectSpec;

/// One server to ask, and the name its results and failures go by.
pub struct Target {
    pub name: String,
    pub spec: ConnectSpec,
}

pub fn chosen(lode: &Lode, args: &SearchArgs) -> LodeResult<Vec<Target>> {
    if args.server.transport()?.is_some() {
        if let Some(extra) = args.servers.first() {
            return Err(usage(&format!(
                "unexpected argument {extra:?} (with --stdio, --http, --sse or --rest, leave out \
                 the server names)"
            )));
        }
        let (spec, _) = args.server.resolve(&[])?;
        return Ok(vec![target(spec)]);
    }
    let connections = if args.servers.is_empty() {
        let shown: Vec<Connection> = lode
            .list_connections()?
            .into_iter()
            .filter(|c| c.settings.enabled && c.settings.shown_in_browser)
            .collect();
        if shown.is_empty() {
            return Err(usage(
                "no saved connection is enabled and shown in the browser: name one, or give \
                 --stdio, --http, --sse or --rest",
            ));
        }
        shown
    } else {
        named(lode, &args.servers)?
    };
    connections
        .into_iter()
        .map(|connection| {
            let (spec, _) = args.server.resolve(&[connection.name])?;
            Ok(target(spec))
        })
        .collect()
}

/// The saved connections `names` stand for (case-insensitive), each once, in the order given.
/// An unknown name fails before any server is asked.
fn named(lode: &Lode, names: &[String]) -> LodeResult<Vec<Connection>> {
    let mut connections: Vec<Connection> = Vec::new();
    for name in names {
        let connection = lode.find_by_name(name)?;
        if !connections.iter().any(|known| known.id == connection.id) {
            connections.push(connection);
        }
    }
    Ok(connections)
}

fn target(spec: ConnectSpec) -> Target {
    let name = match &spec.target {
        ServerTarget::Saved(name) => name.clone(),
        ServerTarget::Inline { label, .. } => label.clone(),
    };
    Target { name, spec }
}
