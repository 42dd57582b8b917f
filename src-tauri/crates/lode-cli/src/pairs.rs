//! `K=V` and `K: V` flag values, and the usage error every bad argument becomes.

use std::collections::BTreeMap;

use lode_core::{ErrorCode, LodeError, LodeResult};

/// An invalid command line: exit status 1.
pub fn usage(message: &str) -> LodeError {
    LodeError::new(ErrorCode::InvalidInput, message)
}

/// `K=V` items of a repeatable flag; a later key wins. A `secret` flag's values (`--env`) are
/// never repeated in an error.
pub fn pairs(flag: &str, items: &[String], secret: bool) -> LodeResult<BTreeMap<String, String>> {
    items
        .iter()
        .map(|item| match item.split_once('=') {
            Some((key, value)) if !key.is_empty() => Ok((key.to_owned(), value.to_owned())),
            _ if secret => Err(usage(&format!("{flag} expects K=V"))),
            _ => Err(usage(&format!("{flag} expects K=V, got {item:?}"))),
        })
        .collect()
}

/// `--header "Name: value"` items. Header values may be secrets: never repeated in an error.
pub fn headers(items: &[String]) -> LodeResult<BTreeMap<String, String>> {
    items
        .iter()
        .map(|item| match item.split_once(':') {
            Some((name, value)) if !name.trim().is_empty() => {
                Ok((name.trim().to_owned(), value.trim().to_owned()))
            }
            _ => Err(usage("--header expects \"NAME: VALUE\"")),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_the_first_separator_and_hides_secret_values() {
        let env = pairs("--env", &["A=b=c".into()], true).unwrap_or_default();
        assert_eq!(env.get("A").map(String::as_str), Some("b=c"));
        let bad = pairs("--env", &["TOKEN".into()], true).err();
        assert!(bad.is_some_and(|e| !e.message.contains("TOKEN")));
        let h = headers(&["X-Key: a:b ".into()]).unwrap_or_default();
        assert_eq!(h.get("X-Key").map(String::as_str), Some("a:b"));
        assert!(headers(&["secret-without-colon".into()])
            .err()
            .is_some_and(|e| !e.message.contains("secret")));
    }
}
