//! Which exposed connection a hub URI reads from: the one check both `resources/read` and the
//! `read_resource` tool make, so the two cannot drift apart.

use lode_core::context_hub::parse_hub_uri;

use super::HubSource;

/// The exposed connection and original URI of a hub URI, or why not, with the URI: what the
/// client reads, whether it asked by `resources/read` or by the `read_resource` tool.
pub(crate) fn exposed_origin<'u, S: HubSource>(
    source: &S,
    uri: &'u str,
) -> Result<(i64, &'u str), String> {
    let (connection, original) = parse_hub_uri(uri).map_err(|why| format!("{why}: {uri}"))?;
    if !source.exposes(connection) {
        return Err(format!("{NotExposed}: {uri}"));
    }
    Ok((connection, original))
}

/// The connection of a well-formed hub URI is not one this profile exposes (or it is paused).
pub(crate) struct NotExposed;

impl std::fmt::Display for NotExposed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "its connection is not exposed to this assistant (or the hub profile is paused)"
        )
    }
}
