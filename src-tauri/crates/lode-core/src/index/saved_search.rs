//! Searches a person keeps: the recent ones, recorded as they search, and the ones they saved
//! under a name. What is kept is the question without its window: text, order and filters.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::query::{Filters, SortKey};

/// How many recent searches are kept; older ones are forgotten as new ones come.
pub const RECENT_SEARCHES_AT_MOST: usize = 20;

/// How long a kept search text or a saved search's name may be, in characters: a search box,
/// not a document (a longer text is not recorded; a longer name is refused).
pub const SEARCH_TEXT_AT_MOST: usize = 1_000;
pub const SEARCH_NAME_AT_MOST: usize = 100;

/// A search to run again: everything but the window.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
#[ts(export)]
pub struct SearchSpec {
    pub text: String,
    pub sort: SortKey,
    #[serde(flatten)]
    pub filters: Filters,
}

impl SearchSpec {
    /// Whether there is anything to run again: some text or some filter.
    pub fn is_blank(&self) -> bool {
        self.text.trim().is_empty() && self.filters == Filters::default()
    }
}

/// A kept search: a recent one (no name) or a saved one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SavedSearch {
    #[ts(type = "number")]
    pub id: i64,
    /// The name it was saved under; `None` for a recent search.
    pub name: Option<String>,
    pub search: SearchSpec,
}

/// Every kept search: the saved ones by name, the recent ones newest first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SavedSearches {
    pub saved: Vec<SavedSearch>,
    pub recent: Vec<SavedSearch>,
}

/// The name a search is saved under, trimmed, or why it cannot be.
pub fn check_search_name(name: &str) -> Result<&str, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("a saved search needs a name".to_owned());
    }
    if name.chars().count() > SEARCH_NAME_AT_MOST {
        return Err(format!(
            "a saved search's name is at most {SEARCH_NAME_AT_MOST} characters"
        ));
    }
    if name.chars().any(char::is_control) {
        return Err("a saved search's name cannot hold control characters".to_owned());
    }
    Ok(name)
}
