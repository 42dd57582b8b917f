//! Step-up authorization (MCP 2025-11-25, "Scope challenge handling"): a signed-in request
//! refused with `403` and `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"`
//! needs a new sign-in asking for that scope. Asking again for scopes already granted cannot
//! succeed: that refusal is final, so a client never loops through the browser.

use std::collections::BTreeSet;

use lode_core::{ErrorCode, LodeError};

use super::challenge;

/// What to do after a request was refused for want of authorization.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepUp {
    /// Not a scope challenge (a plain `401`): sign in as usual.
    SignIn,
    /// Sign in again asking for these scopes (space-separated): the challenge's, added to
    /// those already granted, so the new token can still do what the old one did.
    Request(String),
    /// The server wants only scopes that were granted already: signing in again would be
    /// refused the same way.
    Hopeless,
}

/// The scopes a `403 insufficient_scope` challenge asks for (as the challenge writes them;
/// empty when it names none), or `None` when `error` is not such a challenge. The challenge is
/// an `AuthRequired` error's detail, `WWW-Authenticate: …`, as the transports report it.
pub fn challenged_scopes(error: &LodeError) -> Option<String> {
    let header = (error.code == ErrorCode::AuthRequired)
        .then_some(error.detail.as_deref())
        .flatten()
        .and_then(|detail| detail.strip_prefix("WWW-Authenticate:"))
        .map(str::trim)?;
    (challenge::parameter(header, "error").as_deref() == Some("insufficient_scope"))
        .then(|| challenge::parameter(header, "scope").unwrap_or_default())
}

/// Reads an `AuthRequired` error's challenge against the scopes `granted` (space-separated)
/// so far.
pub fn step_up(error: &LodeError, granted: Option<&str>) -> StepUp {
    let Some(wanted) = challenged_scopes(error) else {
        return StepUp::SignIn;
    };
    let granted: BTreeSet<&str> = granted.unwrap_or_default().split_whitespace().collect();
    let missing: Vec<&str> = wanted
        .split_whitespace()
        .filter(|scope| !granted.contains(scope))
        .collect();
    if missing.is_empty() {
        return StepUp::Hopeless;
    }
    let mut scopes: Vec<&str> = granted.into_iter().collect();
    for scope in wanted.split_whitespace() {
        if !scopes.contains(&scope) {
            scopes.push(scope);
        }
    }
    StepUp::Request(scopes.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(header: &str) -> LodeError {
        LodeError::new(ErrorCode::AuthRequired, "calling tool x: more scope")
            .with_detail(format!("WWW-Authenticate: {header}"))
    }

    #[test]
    fn a_scope_challenge_asks_for_the_new_scopes_beside_the_granted_ones() {
        let error = refused(
            r#"Bearer scope="mcp:basic mcp:write", resource_metadata="http://h/x", error="insufficient_scope""#,
        );
        assert_eq!(
            step_up(&error, Some("mcp:basic")),
            StepUp::Request("mcp:basic mcp:write".into())
        );
        assert_eq!(
            step_up(&error, Some("files")),
            StepUp::Request("files mcp:basic mcp:write".into())
        );
    }

    #[test]
    fn asking_again_for_what_was_granted_is_hopeless() {
        let error = refused(r#"Bearer error="insufficient_scope", scope="mcp:admin""#);
        assert_eq!(step_up(&error, Some("mcp:admin")), StepUp::Hopeless);
        assert_eq!(step_up(&error, None), StepUp::Request("mcp:admin".into()));
    }

    #[test]
    fn a_plain_401_or_another_error_is_an_ordinary_sign_in() {
        let error = refused(r#"Bearer scope="mcp:basic", resource_metadata="http://h/x""#);
        assert_eq!(step_up(&error, Some("mcp:basic")), StepUp::SignIn);
        let other = LodeError::new(ErrorCode::Timeout, "slow");
        assert_eq!(step_up(&other, None), StepUp::SignIn);
    }
}
