//! A secret value that cannot leak by accident: it prints as `<redacted>`, is not `Serialize`,
//! and is only readable through an explicit call.

use std::fmt;

/// A secret's address in the keychain: which connection, and which of its secrets.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SecretKey(String);

impl SecretKey {
    /// e.g. `SecretKey::for_connection(7, "bearer")` → `connection/7/bearer`.
    pub fn for_connection(connection_id: i64, name: &str) -> Self {
        Self(format!("connection/{connection_id}/{name}"))
    }

    pub fn new(raw: impl Into<String>) -> Self {
        Self(raw.into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A secret value. Deliberately neither `Display`, `Serialize` nor `Clone`.
#[derive(PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    /// The value, for the one place that must send it (an HTTP header).
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

    #[test]
    fn debug_output_never_shows_the_value() {
        let secret = Secret::new("sk-live-123");
        assert_eq!(format!("{secret:?}"), "<redacted>");
        assert_eq!(secret.expose(), "sk-live-123");
    }
}
