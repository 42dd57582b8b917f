//! A secret value that cannot leak by accident: it prints as `<redacted>`, is neither
//! `Serialize` nor `Display` (the tests below fail to compile if either is ever added), and is
//! only readable through an explicit call.

use std::fmt;

use lode_core::{ConnectionId, ErrorCode, LodeError, LodeResult, SecretPlace};

/// The longest key accepted, so a key plus its chunk suffix stays far below every platform's
/// limit on entry names (Windows: 32,767 characters).
const MAX_KEY_LEN: usize = 1_024;

/// A secret's address in the keychain: which connection, and which of its secrets.
///
/// A key never contains `#`: that character separates a key from the number of one of its
/// chunks (see [`crate::chunk`]), so no key can collide with another key's chunk.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SecretKey(String);

impl SecretKey {
    /// The key of one of a connection's secrets, e.g. `connection/7/bearer` or
    /// `connection/7/env/GITHUB_TOKEN`.
    pub fn for_connection(connection: ConnectionId, name: &SecretName) -> Self {
        let id = connection.0;
        Self(match name {
            SecretName::Bearer => format!("connection/{id}/bearer"),
            SecretName::Header(header) => format!("connection/{id}/header/{}", escape(header)),
            SecretName::OAuth => format!("connection/{id}/oauth"),
            SecretName::OAuthClientSecret => format!("connection/{id}/oauth-client-secret"),
            SecretName::Env(var) => format!("connection/{id}/env/{}", escape(var)),
        })
    }

    /// A key outside any connection (e.g. a token of Lode's own). Rejects an empty key, one
    /// longer than 1,024 bytes, and one containing `#` or a control character.
    pub fn new(raw: impl Into<String>) -> LodeResult<Self> {
        let raw = raw.into();
        if raw.is_empty()
            || raw.len() > MAX_KEY_LEN
            || raw.contains('#')
            || raw.chars().any(char::is_control)
        {
            return Err(LodeError::new(
                ErrorCode::InvalidInput,
                "a secret's key must be 1 to 1024 bytes without '#' or control characters",
            ));
        }
        Ok(Self(raw))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Which of a connection's secrets. The kinds a connection can have at most one of are fixed;
/// secret headers (an API key such as `X-Agent-API-Key`) and environment variables (stdio
/// servers, e.g. `GITHUB_TOKEN`) are named by the user.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SecretName {
    /// A bearer token (sent as `Authorization: Bearer <token>`).
    Bearer,
    /// The value of a secret request header, by header name (an API key).
    Header(String),
    /// OAuth credentials (tokens, client registration) as one JSON document. Often larger than
    /// one keychain entry allows: stored in chunks.
    OAuth,
    /// A secret environment variable of a stdio server, by variable name.
    Env(String),
    /// The secret of a pre-registered OAuth client, typed by the person.
    OAuthClientSecret,
}

impl SecretName {
    /// The kinds every connection may have, i.e. all but the named headers and variables.
    pub const FIXED: [SecretName; 3] = [
        SecretName::Bearer,
        SecretName::OAuth,
        SecretName::OAuthClientSecret,
    ];
}

impl From<&SecretPlace> for SecretName {
    fn from(place: &SecretPlace) -> Self {
        match place {
            SecretPlace::Bearer => Self::Bearer,
            SecretPlace::Header { name } => Self::Header(name.clone()),
            SecretPlace::Env { name } => Self::Env(name.clone()),
            SecretPlace::OauthClientSecret => Self::OAuthClientSecret,
        }
    }
}

/// Keeps a variable name readable in the key (`GITHUB_TOKEN` stays as is) while making every
/// key unambiguous: bytes other than ASCII letters, digits, `_`, `-` and `.` become `%XX`.
fn escape(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for byte in name.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-' | b'.') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// A secret value. Deliberately neither `Display`, `Serialize` nor `Clone`.
#[derive(PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    /// The value, for the one place that must send it (an HTTP header, a child's environment,
    /// the keychain).
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Compiles only while `T` does not implement the trait the closure's second impl names:
    /// with an implementation, `_` below has two candidates and inference fails (E0283). The
    /// same trick as `static_assertions::assert_not_impl_any!`, without the dependency.
    macro_rules! assert_not_impl {
        ($ty:ty, $($bound:tt)+) => {
            const _: fn() = || {
                trait AmbiguousIfImpl<A> {
                    fn some_item() {}
                }
                impl<T: ?Sized> AmbiguousIfImpl<()> for T {}
                #[allow(dead_code)]
                struct Invalid;
                impl<T: ?Sized + $($bound)+> AmbiguousIfImpl<Invalid> for T {}
                let _ = <$ty as AmbiguousIfImpl<_>>::some_item;
            };
        };
    }

    // A secret must never reach JSON (IPC, exports, logs) or a `{}` format string.
    assert_not_impl!(Secret, serde::Serialize);
    assert_not_impl!(Secret, std::fmt::Display);

    #[test]
    fn debug_output_never_shows_the_value() {
        let secret = Secret::new("sk-live-123");
        assert_eq!(format!("{secret:?}"), "<redacted>");
        assert_eq!(format!("{:?}", Some(&secret)), "Some(<redacted>)");
        assert_eq!(secret.expose(), "sk-live-123");
    }

    #[test]
    fn connection_keys_are_readable_and_unambiguous() {
        let id = ConnectionId(7);
        assert_eq!(
            SecretKey::for_connection(id, &SecretName::Bearer).as_str(),
            "connection/7/bearer"
        );
        assert_eq!(
            SecretKey::for_connection(id, &SecretName::Header("X-Agent-API-Key".into())).as_str(),
            "connection/7/header/X-Agent-API-Key"
        );
        assert_eq!(
            SecretKey::for_connection(id, &SecretName::OAuth).as_str(),
            "connection/7/oauth"
        );
        assert_eq!(
            SecretKey::for_connection(id, &SecretName::Env("GITHUB_TOKEN".into())).as_str(),
            "connection/7/env/GITHUB_TOKEN"
        );
        // `#` (the chunk separator), `/` and `%` are escaped, so no name forges another key.
        assert_eq!(
            SecretKey::for_connection(id, &SecretName::Env("A#1/b%".into())).as_str(),
            "connection/7/env/A%231%2Fb%25"
        );
        assert_ne!(
            SecretKey::for_connection(id, &SecretName::Env("bearer".into())),
            SecretKey::for_connection(id, &SecretName::Bearer)
        );
    }

    #[test]
    fn raw_keys_are_checked() {
        assert!(SecretKey::new("app/http-token").is_ok());
        for bad in ["", "a#1", "a\nb", &"x".repeat(1_025)] {
            assert_eq!(
                SecretKey::new(bad).map_err(|e| e.code),
                Err(ErrorCode::InvalidInput),
                "{bad:?}"
            );
        }
    }
}
