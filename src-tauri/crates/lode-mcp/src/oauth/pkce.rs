//! PKCE S256 (RFC 7636) and the `state` value: random strings from the OS generator.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use lode_core::{ErrorCode, LodeError, LodeResult};
use sha2::{Digest, Sha256};

/// A PKCE pair: the verifier stays with Lode, the challenge goes in the authorization URL.
pub(crate) struct Pkce {
    pub(crate) verifier: String,
    pub(crate) challenge: String,
}

impl Pkce {
    pub(crate) fn generate() -> LodeResult<Self> {
        // 32 random bytes -> 43 characters, the minimum length RFC 7636 allows, full entropy.
        let verifier = random_token()?;
        let challenge = challenge_for(&verifier);
        Ok(Self {
            verifier,
            challenge,
        })
    }
}

/// `BASE64URL(SHA256(verifier))` (RFC 7636 §4.2).
fn challenge_for(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// 256 random bits, base64url without padding (also used for `state`).
pub(crate) fn random_token() -> LodeResult<String> {
    let mut bytes = [0_u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| {
        LodeError::new(
            ErrorCode::Internal,
            format!("the OS random number generator failed: {e}"),
        )
    })?;
    Ok(URL_SAFE_NO_PAD.encode(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn challenge_is_the_s256_of_the_verifier() {
        // RFC 7636 appendix B.
        assert_eq!(
            challenge_for("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        );
    }

    #[test]
    fn verifiers_are_long_enough_and_fresh() {
        let a = Pkce::generate().expect("random");
        let b = Pkce::generate().expect("random");
        assert_eq!(a.verifier.len(), 43);
        assert_ne!(a.verifier, b.verifier);
        assert_ne!(a.challenge, a.verifier);
    }
}
