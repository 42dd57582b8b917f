//! A search of a registry, one page at a time: the API's `search`, `cursor`, `limit` and
//! `updated_since`. The caller pages, giving back each page's cursor.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{ErrorCode, LodeError, LodeResult};

/// The most entries one page may ask for: the official registry's own cap.
pub const MAX_LIMIT: u32 = 100;
const MAX_SEARCH_BYTES: usize = 256;
const MAX_CURSOR_BYTES: usize = 1024;
const MAX_TIME_BYTES: usize = 64;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
#[ts(export)]
pub struct RegistryQuery {
    /// Text in the server's name (and, at the official registry, its description).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<String>,
    /// The previous page's `nextCursor`.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cursor: Option<String>,
    /// 1 to [`MAX_LIMIT`]; the registry's default when absent.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
    /// Only entries changed since this RFC 3339 time.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub updated_since: Option<String>,
}

impl RegistryQuery {
    /// Refuses what no registry should be sent: a limit out of range, or text past its bound.
    pub fn check(&self) -> LodeResult<()> {
        let refused = |why: String| LodeError::new(ErrorCode::InvalidInput, why);
        if let Some(limit) = self.limit.filter(|limit| !(1..=MAX_LIMIT).contains(limit)) {
            return Err(refused(format!(
                "a page holds 1 to {MAX_LIMIT} entries, not {limit}"
            )));
        }
        for (what, text, bound) in [
            ("the search", &self.search, MAX_SEARCH_BYTES),
            ("the cursor", &self.cursor, MAX_CURSOR_BYTES),
            ("the time", &self.updated_since, MAX_TIME_BYTES),
        ] {
            if text.as_ref().is_some_and(|text| text.len() > bound) {
                return Err(refused(format!("{what} is longer than {bound} bytes")));
            }
        }
        if let Some(time) = &self.updated_since {
            let plausible = time
                .bytes()
                .all(|b| b.is_ascii_digit() || b"-:.+TZtz".contains(&b));
            if !plausible {
                return Err(refused(format!(
                    "{time:?} is not an RFC 3339 time such as 2026-01-31T09:00:00Z"
                )));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_limits_out_of_range_and_overlong_text() {
        assert!(RegistryQuery::default().check().is_ok());
        let query = |limit, search: &str| RegistryQuery {
            search: Some(search.into()),
            limit: Some(limit),
            ..RegistryQuery::default()
        };
        assert!(query(100, "time").check().is_ok());
        for bad in [query(0, "x"), query(101, "x"), query(5, &"x".repeat(300))] {
            assert_eq!(
                bad.check().map_err(|e| e.code),
                Err(ErrorCode::InvalidInput)
            );
        }
        let since = |time: &str| RegistryQuery {
            updated_since: Some(time.into()),
            ..RegistryQuery::default()
        };
        assert!(since("2026-01-31T09:00:00.5+01:00").check().is_ok());
        assert!(since("yesterday").check().is_err());
    }
}
