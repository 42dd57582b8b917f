//! Scope step-up in the app (MCP 2025-11-25, "Scope challenge handling"): a signed-in
//! connection refused with `403 insufficient_scope` waits as auth-required, showing the scopes
//! the server wants; the next sign-in asks for them beside those granted. lode-mcp reads the
//! challenge ([`lode_mcp::oauth::step_up`]); this decides what the app does with it.

use lode_core::{ErrorCode, LodeError, LodeResult};
use lode_mcp::oauth::{self, StepUp};

/// The scopes a scope challenge asks for, to show beside the auth-required status; `None`
/// for a plain `401`, another error, or a challenge that names no scope.
pub(crate) fn challenged_scope(error: &LodeError) -> Option<String> {
    let wanted = oauth::challenged_scopes(error)?;
    let words: Vec<&str> = wanted.split_whitespace().collect();
    (!words.is_empty()).then(|| words.join(" "))
}

/// Whether `error` is a `403 insufficient_scope` refusal (with or without a scope named).
pub(crate) fn is_scope_challenge(error: &LodeError) -> bool {
    oauth::challenged_scopes(error).is_some()
}

/// The scopes to ask for when signing in again after `challenge` (the connection's
/// auth-required `WWW-Authenticate` header, if any), with `granted` those of the current
/// sign-in: `None` to ask as discovery says. Asking again for what was granted cannot help:
/// that is `ScopeRefused`, and the browser is not opened.
pub(crate) fn scope_to_ask(
    name: &str,
    challenge: Option<&str>,
    granted: Option<&str>,
) -> LodeResult<Option<String>> {
    let Some(challenge) = challenge else {
        return Ok(None);
    };
    let refused = LodeError::new(ErrorCode::AuthRequired, "refused").with_detail(challenge);
    match oauth::step_up(&refused, granted) {
        StepUp::SignIn => Ok(None),
        StepUp::Request(scope) => Ok(Some(scope)),
        StepUp::Hopeless => {
            let wanted = challenged_scope(&refused).unwrap_or_default();
            Err(LodeError::new(
                ErrorCode::ScopeRefused,
                format!(
                    "{name} refuses access its sign-in already has ({wanted}): signing in again \
                     would not help; the server's administrator must grant it"
                ),
            )
            .with_detail(challenge.to_owned()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WRITE: &str = r#"WWW-Authenticate: Bearer error="insufficient_scope", scope="mcp:write", resource_metadata="http://h/x""#;

    fn refused(detail: &str) -> LodeError {
        LodeError::new(ErrorCode::AuthRequired, "refused").with_detail(detail)
    }

    #[test]
    fn a_scope_challenge_is_shown_and_asked_for_beside_the_granted_scopes() {
        assert_eq!(
            challenged_scope(&refused(WRITE)).as_deref(),
            Some("mcp:write")
        );
        assert_eq!(
            scope_to_ask("docs", Some(WRITE), Some("mcp:resources")).expect("asks"),
            Some("mcp:resources mcp:write".to_owned())
        );
    }

    #[test]
    fn a_plain_401_shows_no_scope_and_signs_in_as_usual() {
        let plain = r#"WWW-Authenticate: Bearer resource_metadata="http://h/x", scope="mcp:basic""#;
        assert!(!is_scope_challenge(&refused(plain)));
        assert_eq!(challenged_scope(&refused(plain)), None);
        assert_eq!(
            scope_to_ask("docs", Some(plain), None).expect("plain"),
            None
        );
        assert_eq!(scope_to_ask("docs", None, Some("x")).expect("none"), None);
    }

    #[test]
    fn a_challenge_for_granted_scopes_is_refused_without_a_sign_in() {
        assert!(is_scope_challenge(&refused(WRITE)));
        let error = scope_to_ask("docs", Some(WRITE), Some("mcp:resources mcp:write"))
            .expect_err("hopeless");
        assert_eq!(error.code, ErrorCode::ScopeRefused);
        assert!(error.message.contains("mcp:write"), "{error:?}");
    }
}
