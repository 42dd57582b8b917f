//! `lode://hub/<connection id>/<original URI>`: the URI under which the context hub offers a
//! resource of one exposed connection.
//!
//! - **Cannot collide**: two servers that both offer `file:///README.md` get two hub URIs,
//!   because the connection is part of it; a gateway that merges lists without it sends one of
//!   them to the wrong server.
//! - **Stable across renames**: the connection is named by its id (a database row id), which a
//!   rename keeps; a name would break every URI an assistant holds.
//! - **Readable and reversible**: the original URI follows verbatim, so a person reading it sees
//!   what it is, and Lode gets the original back by cutting the prefix, never by decoding. Any
//!   valid URI appended to a path this way is still a valid URI (a path may hold `:` and `/`,
//!   and its `?` and `#` become the hub URI's own query and fragment, kept as they are).
//!
//! A template is namespaced the same way (`lode://hub/<id>/` + the original template), so a
//! client that expands it gets the hub URI of the resource the origin's expansion names.

/// What every hub URI starts with.
pub const HUB_URI_PREFIX: &str = "lode://hub/";

/// The hub URI of `uri`, a resource of connection `connection`.
pub fn hub_uri(connection: i64, uri: &str) -> String {
    format!("{HUB_URI_PREFIX}{connection}/{uri}")
}

/// The hub's URI template for `template`, a template of connection `connection`.
pub fn hub_template(connection: i64, template: &str) -> String {
    hub_uri(connection, template)
}

/// Why a URI is not a hub URI; the text is what the assistant is told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HubUriError {
    /// Not `lode://hub/<id>/<uri>` at all.
    NotHub,
    /// The connection part is not a canonical decimal id.
    BadConnection(String),
    /// Nothing after the connection.
    NoUri,
}

impl std::fmt::Display for HubUriError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotHub => write!(
                f,
                "not a URI of Lode's context hub (expected {HUB_URI_PREFIX}<connection>/<uri>, \
                 as search_resources and resources/list give them)"
            ),
            Self::BadConnection(part) => write!(
                f,
                "{part:?} is not a connection of this hub (expected its number, as \
                 {HUB_URI_PREFIX}3/file:///a.md)"
            ),
            Self::NoUri => write!(f, "the hub URI names no resource after its connection"),
        }
    }
}

/// The connection and the original URI a hub URI stands for.
pub fn parse_hub_uri(uri: &str) -> Result<(i64, &str), HubUriError> {
    let rest = uri
        .strip_prefix(HUB_URI_PREFIX)
        .ok_or(HubUriError::NotHub)?;
    let (id, original) = rest.split_once('/').ok_or(HubUriError::NoUri)?;
    // Canonical digits only, so one resource has exactly one hub URI.
    let canonical = !id.is_empty()
        && id.len() <= 18
        && id.bytes().all(|b| b.is_ascii_digit())
        && (id == "0" || !id.starts_with('0'));
    if !canonical {
        return Err(HubUriError::BadConnection(id.chars().take(40).collect()));
    }
    let id = id
        .parse::<i64>()
        .map_err(|_| HubUriError::BadConnection(id.to_owned()))?;
    if original.is_empty() {
        return Err(HubUriError::NoUri);
    }
    Ok((id, original))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_any_uri_verbatim() {
        for original in [
            "file:///README.md",
            "https://example.com/a?b=c#d",
            "ui://x/y.html",
            "weird:%20spaces%2F/ü/?#",
            "lode://hub/3/file:///nested",
        ] {
            let uri = hub_uri(42, original);
            assert_eq!(parse_hub_uri(&uri), Ok((42, original)), "{uri}");
        }
    }

    #[test]
    fn the_same_uri_of_two_connections_is_two_hub_uris() {
        assert_ne!(hub_uri(1, "file:///a"), hub_uri(2, "file:///a"));
    }

    #[test]
    fn refuses_what_it_did_not_hand_out() {
        assert_eq!(parse_hub_uri("file:///a"), Err(HubUriError::NotHub));
        assert_eq!(parse_hub_uri("lode://hub/3"), Err(HubUriError::NoUri));
        assert_eq!(parse_hub_uri("lode://hub/3/"), Err(HubUriError::NoUri));
        for bad in [
            "lode://hub/03/x",
            "lode://hub/+3/x",
            "lode://hub/a/x",
            "lode://hub//x",
        ] {
            assert!(
                matches!(parse_hub_uri(bad), Err(HubUriError::BadConnection(_))),
                "{bad}"
            );
        }
        let huge = format!("lode://hub/{}/x", "9".repeat(40));
        assert!(matches!(
            parse_hub_uri(&huge),
            Err(HubUriError::BadConnection(_))
        ));
    }
}
