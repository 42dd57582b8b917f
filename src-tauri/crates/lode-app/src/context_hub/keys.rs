//! Where a profile's token and its generation are kept. Profile names are unique without
//! regard to ASCII case (the store's NOCASE), so the keys use the name in ASCII lower case:
//! saving "claude" over "Claude" keeps the same token.

use lode_core::LodeResult;
use lode_secrets::SecretKey;

/// The keychain entry of the bearer token of the profile named `profile`:
/// `hub/<profile>/bearer`.
pub(crate) fn hub_token_key(profile: &str) -> LodeResult<SecretKey> {
    SecretKey::new(format!("hub/{}/bearer", folded(profile)))
}

/// The setting that changes (to a random value) whenever the profile's token is made,
/// revoked or removed: a server in another process follows it.
pub(crate) fn generation_key(profile: &str) -> String {
    format!("hub.token_generation.{}", folded(profile))
}

fn folded(profile: &str) -> String {
    profile.trim().to_ascii_lowercase()
}
