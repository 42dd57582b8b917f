//! The fingerprint of a configuration file's bytes: the preview carries it, and importing
//! refuses a file whose bytes no longer match (edited, or swapped, between look and import).

use sha2::{Digest, Sha256};

use crate::error::{ErrorCode, LodeError, LodeResult};

/// The SHA-256 of `bytes`, in lowercase hex.
pub fn digest(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// `Ok` when `bytes` are the ones previewed under `previewed`; a `fileChanged` error naming
/// `path` otherwise.
pub fn check_unchanged(path: &str, previewed: &str, bytes: &[u8]) -> LodeResult<()> {
    if digest(bytes) == previewed {
        return Ok(());
    }
    Err(LodeError::new(
        ErrorCode::FileChanged,
        format!("{path} changed since the preview: look at it again before importing"),
    ))
}

#[cfg(test)]
mod tests {
    #[test]
    fn digest_is_sha256_in_hex() {
        assert_eq!(
            super::digest(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_ne!(super::digest(b"{}"), super::digest(b"{} "));
    }

    #[test]
    fn bytes_other_than_the_previewed_ones_are_refused() {
        let previewed = super::digest(br#"{"mcpServers":{}}"#);
        assert!(super::check_unchanged("/c.json", &previewed, br#"{"mcpServers":{}}"#).is_ok());
        let error = super::check_unchanged("/c.json", &previewed, br#"{"mcpServers":{"x":{}}}"#)
            .expect_err("changed");
        assert_eq!(error.code, crate::ErrorCode::FileChanged);
        assert!(error.message.contains("/c.json"), "{}", error.message);
    }
}
