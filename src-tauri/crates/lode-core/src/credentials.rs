//! The secrets a remote connection sends with every request. They come from the keychain (or,
//! for the CLI, from environment variables) at connect time and are never stored with the
//! connection, serialized, or printed.

use std::fmt;

/// Authorization for an HTTP-based transport.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Credentials {
    /// Sent as `Authorization: Bearer <token>`.
    pub bearer_token: Option<String>,
    /// Each sent as `<header>: <value>`, e.g. an API key in `X-Agent-API-Key`.
    pub secret_headers: Vec<ApiKey>,
    /// The values of a stdio server's secret environment variables (already in its
    /// environment): never sent by Lode, but scrubbed like the others wherever a server might
    /// echo them back (the protocol history, a trace file).
    pub secret_env: Vec<String>,
}

#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey {
    pub header: String,
    pub value: String,
}

impl Credentials {
    pub fn is_empty(&self) -> bool {
        self.bearer_token.is_none() && self.secret_headers.is_empty() && self.secret_env.is_empty()
    }

    /// Every header these credentials add to a request, values included.
    pub fn headers(&self) -> Vec<(String, String)> {
        let mut headers = Vec::new();
        if let Some(token) = &self.bearer_token {
            headers.push(("Authorization".to_owned(), format!("Bearer {token}")));
        }
        for key in &self.secret_headers {
            headers.push((key.header.clone(), key.value.clone()));
        }
        headers
    }
}

impl fmt::Debug for Credentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Credentials")
            .field(
                "bearer_token",
                &self.bearer_token.as_ref().map(|_| "<redacted>"),
            )
            .field("secret_headers", &self.secret_headers)
            .field(
                "secret_env",
                &format!("<{} redacted>", self.secret_env.len()),
            )
            .finish()
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ApiKey({}: <redacted>)", self.header)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_prints_a_secret() {
        let credentials = Credentials {
            bearer_token: Some("tok-123".into()),
            secret_headers: vec![ApiKey {
                header: "X-Agent-API-Key".into(),
                value: "key-456".into(),
            }],
            secret_env: vec!["env-789".into()],
        };
        let printed = format!("{credentials:?}");
        assert!(!printed.contains("tok-123") && !printed.contains("key-456"));
        assert!(!printed.contains("env-789"));
        assert!(printed.contains("X-Agent-API-Key"));
        assert_eq!(
            credentials.headers()[0],
            ("Authorization".to_owned(), "Bearer tok-123".to_owned())
        );
    }
}
