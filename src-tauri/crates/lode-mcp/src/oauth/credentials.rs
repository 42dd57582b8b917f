//! What a sign-in leaves behind: the client registration and the token set, as one
//! serializable value the caller keeps in the keychain. Enough to refresh without discovering
//! the authorization server again.

use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use lode_core::{ErrorCode, LodeError, LodeResult};
use serde::{Deserialize, Serialize};

/// How the client proves who it is at the token endpoint (RFC 7591 `token_endpoint_auth_method`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClientAuth {
    /// A public client: only `client_id` in the request body (what Lode registers).
    None,
    /// `client_id` and `client_secret` in the request body.
    ClientSecretPost,
    /// `client_id` and `client_secret` as HTTP Basic credentials.
    ClientSecretBasic,
}

/// The client registration and tokens of one signed-in connection.
///
/// Its `Debug` shows no token and no client secret; serialize it only into the keychain.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OAuthCredentials {
    /// The authorization server's issuer identifier.
    pub issuer: String,
    pub token_endpoint: String,
    /// The MCP server the tokens are for (RFC 8707 `resource`): they go nowhere else.
    pub resource: String,
    pub client_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_secret: Option<String>,
    pub client_auth: ClientAuth,
    pub access_token: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refresh_token: Option<String>,
    /// When the access token expires, in seconds since the Unix epoch; `None` when the server
    /// did not say (the token is then used until the server rejects it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires_at: Option<u64>,
    /// The scopes granted, space-separated, as the server reported them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
}

impl OAuthCredentials {
    /// Whether the access token has expired or will within `margin` (so a request started now
    /// does not carry a token that dies on the way).
    pub fn expires_within(&self, margin: Duration) -> bool {
        match self.expires_at {
            Some(expires_at) => unix_now().saturating_add(margin.as_secs()) >= expires_at,
            None => false,
        }
    }

    /// The JSON the keychain keeps. Holds secrets: never log it.
    pub fn to_json(&self) -> LodeResult<String> {
        serde_json::to_string(self).map_err(|e| {
            LodeError::new(
                ErrorCode::Internal,
                format!("could not serialize the OAuth credentials: {e}"),
            )
        })
    }

    /// Reads what [`Self::to_json`] wrote. A damaged entry asks for a new sign-in rather than
    /// quoting the value (which holds secrets) in the error.
    pub fn from_json(json: &str) -> LodeResult<Self> {
        serde_json::from_str(json).map_err(|e| {
            LodeError::new(
                ErrorCode::AuthRequired,
                "the stored OAuth credentials are unreadable: sign in again",
            )
            .with_detail(format!("at line {} column {}", e.line(), e.column()))
        })
    }
}

impl fmt::Debug for OAuthCredentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OAuthCredentials")
            .field("issuer", &self.issuer)
            .field("token_endpoint", &self.token_endpoint)
            .field("resource", &self.resource)
            .field("client_id", &self.client_id)
            .field(
                "client_secret",
                &self.client_secret.as_ref().map(|_| REDACTED),
            )
            .field("client_auth", &self.client_auth)
            .field("access_token", &REDACTED)
            .field(
                "refresh_token",
                &self.refresh_token.as_ref().map(|_| REDACTED),
            )
            .field("expires_at", &self.expires_at)
            .field("scope", &self.scope)
            .finish()
    }
}

const REDACTED: &str = "<redacted>";

/// Seconds since the Unix epoch (0 if the clock is before it).
pub(crate) fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> OAuthCredentials {
        OAuthCredentials {
            issuer: "https://as.example/".into(),
            token_endpoint: "https://as.example/token".into(),
            resource: "https://mcp.example/mcp".into(),
            client_id: "client-1".into(),
            client_secret: Some("shh-secret".into()),
            client_auth: ClientAuth::ClientSecretPost,
            access_token: "at-123".into(),
            refresh_token: Some("rt-456".into()),
            expires_at: Some(unix_now() + 600),
            scope: Some("mcp".into()),
        }
    }

    #[test]
    fn debug_shows_no_secret() {
        let shown = format!("{:?}", sample());
        for secret in ["shh-secret", "at-123", "rt-456"] {
            assert!(!shown.contains(secret), "{shown}");
        }
        assert!(shown.contains("client-1"));
    }

    #[test]
    fn round_trips_through_json() {
        let credentials = sample();
        let json = credentials.to_json().expect("serializes");
        assert_eq!(OAuthCredentials::from_json(&json).ok(), Some(credentials));
    }

    #[test]
    fn an_unreadable_entry_asks_for_a_new_sign_in_without_quoting_it() {
        let error = OAuthCredentials::from_json("{\"access_token\":\"at-123\"")
            .expect_err("truncated JSON");
        assert_eq!(error.code, ErrorCode::AuthRequired);
        assert!(!format!("{error:?}").contains("at-123"));
    }

    #[test]
    fn expiry_counts_the_margin() {
        let mut credentials = sample();
        assert!(!credentials.expires_within(Duration::from_secs(60)));
        assert!(credentials.expires_within(Duration::from_secs(600)));
        credentials.expires_at = None;
        assert!(!credentials.expires_within(Duration::from_secs(600)));
    }
}
