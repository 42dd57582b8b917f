//! The names an entry may give the environment variables and headers it sets. An entry is
//! untrusted: a variable that changes what code a program loads (`LD_PRELOAD`, `NODE_OPTIONS`,
//! `PATH`…, `import::loads_code`) would run code of the entry's choosing however plain the
//! command looks, so such names are refused, not merely shown.

use super::SECRET_ARG_PREFIX;
use crate::import::loads_code;

/// uv's own settings (`UV_INDEX_URL` would fetch the package from elsewhere than the entry
/// says) and Docker's (`DOCKER_HOST` would run it on another daemon): not in `loads_code`,
/// which is about a saved program's code, but an entry must not choose either.
const RUNNER_PREFIXES: &[&str] = &["UV_", "DOCKER_"];

/// Why an environment variable's name is refused, if it is.
pub fn check_env_name(name: &str) -> Option<String> {
    let well_formed = !name.is_empty()
        && name.len() <= 256
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    if !well_formed {
        return Some(format!(
            "{name:?} is not an environment variable's name (letters, digits and _)"
        ));
    }
    let upper = name.to_ascii_uppercase();
    if loads_code(name) || RUNNER_PREFIXES.iter().any(|p| upper.starts_with(p)) {
        return Some(format!(
            "{name} changes which programs or code run, not only the server's settings"
        ));
    }
    if upper.starts_with(SECRET_ARG_PREFIX) {
        return Some(format!("{name} is a name Lode keeps for secret arguments"));
    }
    None
}

/// Why a header's name is refused, if it is: an HTTP token, and not one the transport sets.
pub fn check_header_name(name: &str) -> Option<String> {
    let token = !name.is_empty()
        && name.len() <= 256
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b));
    if !token {
        return Some(format!("{name:?} is not a header's name"));
    }
    let lower = name.to_ascii_lowercase();
    let transport_owned = [
        "host",
        "content-length",
        "content-type",
        "transfer-encoding",
        "connection",
        "accept",
        "mcp-session-id",
        "mcp-protocol-version",
        "last-event-id",
    ];
    if transport_owned.contains(&lower.as_str()) {
        return Some(format!(
            "{name} is set by the MCP transport, not by an entry"
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_change_what_runs_are_refused() {
        for name in [
            "LD_PRELOAD",
            "dyld_insert_libraries",
            "NODE_OPTIONS",
            "PATH",
            "npm_config_registry",
            "LODE_SECRET_ARG_1",
        ] {
            assert!(check_env_name(name).is_some(), "{name}");
        }
        for name in ["1X", "A-B", "A B", ""] {
            assert!(check_env_name(name).is_some(), "{name:?}");
        }
        for name in ["GITHUB_TOKEN", "API_KEY", "_X9"] {
            assert_eq!(check_env_name(name), None, "{name}");
        }
    }

    #[test]
    fn headers_are_tokens_the_transport_does_not_own() {
        assert_eq!(check_header_name("Authorization"), None);
        assert_eq!(check_header_name("X-Api-Key"), None);
        for name in ["Host", "mcp-session-id", "X Key", "X:Y", ""] {
            assert!(check_header_name(name).is_some(), "{name:?}");
        }
    }
}
