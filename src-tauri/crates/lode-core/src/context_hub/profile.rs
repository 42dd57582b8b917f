//! A hub profile: what one assistant may see through `lode serve --profile NAME`. Nothing is
//! exposed until the person makes one and picks its connections; there is no default profile.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::connection::ConnectionId;
use crate::index::AudienceFilter;

/// How long a profile's name may be, in characters.
pub const PROFILE_NAME_AT_MOST: usize = 64;

/// One assistant's view of the hub.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct HubProfile {
    /// Unique, compared without regard to ASCII case (see [`check_profile_name`]).
    pub name: String,
    /// The exposed connections, by id: a renamed connection stays exposed, and a removed one
    /// is no longer listed.
    pub connections: Vec<ConnectionId>,
    /// Only resources meant for this audience, when given.
    pub audience: Option<AudienceFilter>,
    /// The token budget of `suggest_context` when the assistant gives none.
    #[ts(type = "number | null")]
    pub default_budget: Option<u64>,
    /// A paused profile answers nothing; its settings and token are kept.
    pub paused: bool,
}

/// A profile's name, trimmed, or why it cannot be: 1 to [`PROFILE_NAME_AT_MOST`] characters,
/// no control character, and neither `/` nor `#` (the name is a segment of its keychain entry,
/// `hub/<name>/bearer`, and of command lines).
pub fn check_profile_name(name: &str) -> Result<&str, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("a hub profile needs a name".to_owned());
    }
    if name.chars().count() > PROFILE_NAME_AT_MOST {
        return Err(format!(
            "a hub profile's name is at most {PROFILE_NAME_AT_MOST} characters"
        ));
    }
    if name.chars().any(|c| c.is_control() || c == '/' || c == '#') {
        return Err("a hub profile's name cannot hold '/', '#' or control characters".to_owned());
    }
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_trimmed_and_bounded_and_plain() {
        assert_eq!(check_profile_name("  Claude  "), Ok("Claude"));
        assert_eq!(check_profile_name(&"é".repeat(64)).map(str::len), Ok(128));
        for bad in ["", "   ", "a\tb", "a\u{7}b", "a/b", "a#b", &"n".repeat(65)] {
            assert!(check_profile_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_profile_crosses_ipc_in_camel_case() {
        let profile = HubProfile {
            name: "Claude".into(),
            connections: vec![ConnectionId(3)],
            audience: Some(AudienceFilter::Assistant),
            default_budget: Some(8000),
            paused: false,
        };
        let json = serde_json::to_value(&profile).expect("json");
        assert_eq!(
            json,
            serde_json::json!({"name": "Claude", "connections": [3], "audience": "assistant",
                               "defaultBudget": 8000, "paused": false})
        );
    }
}
