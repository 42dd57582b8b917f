//! Which values of an imported configuration are secrets, and so belong in the keychain
//! rather than in Lode's database. A false positive costs a keychain entry; a false negative
//! leaks a token into a plain file, so the rules lean towards "secret".

use super::exposed::{mask_url, MASK};
use super::runtime_env::loads_code;
use super::secret_words::{name_is_secret, value_looks_like_a_token};

/// Whether an environment variable of a stdio server holds a secret. A variable that changes
/// what code runs (`NODE_OPTIONS`, …) never does: masking it would hide exactly what the person
/// must read, whatever token-like text a file puts in it.
pub fn env_is_secret(name: &str, value: &str) -> bool {
    !loads_code(name)
        && (name_is_secret(name) || value_looks_like_a_token(value) || url_holds_secret(value))
}

/// Whether a request header holds a secret.
pub fn header_is_secret(name: &str, value: &str) -> bool {
    name_is_secret(name) || value_looks_like_a_token(value) || url_holds_secret(value)
}

/// A URL with a password or a token in it (`postgres://me:pw@db/app`, `…?api_key=…`).
fn url_holds_secret(value: &str) -> bool {
    mask_url(value.trim(), MASK).is_some()
}

/// The bearer token of an `Authorization` header, when that is what it carries.
pub fn bearer_token<'a>(name: &str, value: &'a str) -> Option<&'a str> {
    if !name.eq_ignore_ascii_case("authorization") {
        return None;
    }
    let (scheme, token) = value.trim().split_once(' ')?;
    (scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty()).then(|| token.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_names_are_found_by_their_parts() {
        for name in [
            "GITHUB_TOKEN",
            "GITHUB_PERSONAL_ACCESS_TOKEN",
            "OPENAI_API_KEY",
            "AWS_SECRET_ACCESS_KEY",
            "DB_PASSWORD",
            "apiKey",
            "X-Agent-API-Key",
            "X-Auth-Token",
            "Authorization",
        ] {
            assert!(name_is_secret(name), "{name}");
        }
        for name in [
            "PATH",
            "NODE_ENV",
            "KEYBOARD_LAYOUT",
            "LOG_LEVEL",
            "Accept",
            "X-Region",
        ] {
            assert!(!name_is_secret(name), "{name}");
        }
    }

    #[test]
    fn token_shaped_values_are_secret_under_any_name() {
        assert!(env_is_secret(
            "CONFIG",
            "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
        ));
        assert!(header_is_secret("X-Custom", "sk-ant-api03-abcdefghijkl"));
        assert!(!env_is_secret("CONFIG", "production"));
        assert!(!env_is_secret("PREFIX", "sk-"), "a bare prefix is no token");
        assert!(env_is_secret("DATABASE_URL", "postgres://me:pw@db/app"));
        assert!(!env_is_secret("DATABASE_URL", "postgres://db/app"));
    }

    #[test]
    fn a_variable_that_loads_code_is_never_masked_as_a_secret() {
        assert!(!env_is_secret(
            "NODE_OPTIONS",
            "eyJhbGciOiJIUzI1NiJ9 --require /tmp/evil.js"
        ));
        assert!(!env_is_secret("LD_PRELOAD", "sk-abcdefghijklmnopqrst"));
    }

    #[test]
    fn bearer_tokens_are_taken_out_of_authorization() {
        assert_eq!(
            bearer_token("Authorization", "Bearer abc.def"),
            Some("abc.def")
        );
        assert_eq!(bearer_token("authorization", "bearer  xyz "), Some("xyz"));
        assert_eq!(bearer_token("Authorization", "Basic dXNlcjpwdw=="), None);
        assert_eq!(bearer_token("X-Token", "Bearer abc"), None);
    }
}
