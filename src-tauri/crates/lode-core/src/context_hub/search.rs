//! `search_resources`: what an assistant asks, and what it is answered.
//!
//! The answer is the window's own ranking over the index (lode-app asks the same
//! `ResourceIndex`), restricted to what the hub profile exposes, with the relevance floor for
//! assistants applied, and it says which servers are still listing or failed, so an assistant
//! knows when "no hit" may only mean "not listed yet".

use serde::{Deserialize, Serialize};

use crate::index::{AudienceFilter, FieldMatch, SEARCH_TEXT_AT_MOST};
use crate::resource::Annotations;

/// The most hits one search returns (and the default is far lower): an assistant's context
/// is the scarce thing the hub saves.
pub const HUB_SEARCH_LIMIT: usize = 100;

/// The most servers one call may name: more than anyone exposes, few enough that checking each
/// against the exposure costs nothing.
pub const HUB_SERVERS_AT_MOST: usize = 256;

/// Why a list of servers named by a call is refused, if it is.
pub fn check_servers(servers: Option<&[String]>) -> Result<(), String> {
    match servers {
        Some(servers) if servers.len() > HUB_SERVERS_AT_MOST => Err(format!(
            "{} servers named; at most {HUB_SERVERS_AT_MOST}",
            servers.len()
        )),
        _ => Ok(()),
    }
}

/// How hits are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum HubSort {
    /// Best match first, ties by priority (the window's "Relevance").
    #[default]
    BestMatch,
    /// Highest priority first.
    Priority,
    /// Newest `lastModified` first.
    Recent,
}

/// The arguments of `search_resources`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HubSearch {
    /// Words to look for in titles, names, URIs and descriptions.
    #[serde(default)]
    pub query: String,
    /// Only these servers (connection names), when given.
    #[serde(default)]
    pub servers: Option<Vec<String>>,
    #[serde(default)]
    pub audience: Option<AudienceFilter>,
    /// A MIME type prefix, such as `text/` or `image/png`.
    #[serde(default)]
    pub mime_prefix: Option<String>,
    /// A URI scheme, such as `file`.
    #[serde(default)]
    pub scheme: Option<String>,
    #[serde(default)]
    pub sort: HubSort,
    /// At most this many hits (default 20, at most [`HUB_SEARCH_LIMIT`]).
    #[serde(default)]
    pub limit: Option<usize>,
    /// Also return hits that match no word of the query as a word (only as scattered
    /// letters): below the relevance floor, and left out by default.
    #[serde(default)]
    pub include_below_floor: bool,
}

impl HubSearch {
    pub const DEFAULT_LIMIT: usize = 20;

    /// Why the call is refused before any search, if it is: a query longer than the window's
    /// search box takes (every word of it is matched against every resource), or too many
    /// servers named.
    pub fn check(&self) -> Result<(), String> {
        let chars = self.query.chars().count();
        if chars > SEARCH_TEXT_AT_MOST {
            return Err(format!(
                "the query is {chars} characters long; at most {SEARCH_TEXT_AT_MOST}"
            ));
        }
        check_servers(self.servers.as_deref())
    }

    /// The number of hits wanted, within bounds.
    pub fn limit(&self) -> usize {
        self.limit
            .unwrap_or(Self::DEFAULT_LIMIT)
            .clamp(1, HUB_SEARCH_LIMIT)
    }
}

/// One resource found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HubHit {
    /// Its hub URI: what `resources/read` and `read_resource` take.
    pub uri: String,
    /// The connection it comes from.
    pub server: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    #[serde(default, skip_serializing_if = "Annotations::is_empty")]
    pub annotations: Annotations,
    /// Its size in bytes, when the server gave it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u64>,
    /// Its `o200k_base` token count, estimated from its size before it is read (see
    /// [`estimated_tokens`]); `None` without a size.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens: Option<u64>,
    /// The match score (higher is better; 0 without query words).
    pub score: u32,
    /// Why it ranked: each field with the query words found in it, and how.
    pub matched: Vec<FieldMatch>,
}

/// How one exposed server's listing stands, when it is not simply done.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerState {
    pub server: String,
    /// `waiting`, `listing`, `listed`, `cut` or `failed`.
    pub state: String,
    /// Its resources in the index now.
    pub resources: usize,
    /// Why it failed or was cut.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// What `search_resources` answers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HubSearchAnswer {
    pub hits: Vec<HubHit>,
    /// How many resources match in all, the floor's left-outs included.
    pub total: usize,
    /// How many matches fell below the relevance floor and were left out.
    pub below_floor: usize,
    /// How many matches past the hits the floor did not check (the window was full first).
    pub unchecked: usize,
    /// How many resources the exposed servers have in the index.
    pub indexed: usize,
    /// How long the index took to answer, in milliseconds (the time the window's own search
    /// takes; the rest of a call's time is the protocol's).
    pub index_ms: f64,
    /// Each exposed server that is not fully listed (still listing, waiting, failed, cut):
    /// its hits may be missing.
    pub servers: Vec<ServerState>,
}

/// Bytes per `o200k_base` token in English prose and code, as measured on the demo's texts
/// (docs/context-hub.md): a size is turned into tokens with it until the resource is read.
pub const BYTES_PER_TOKEN: u64 = 4;

/// The token estimate of a resource of `size` bytes.
pub fn estimated_tokens(size: Option<u64>) -> Option<u64> {
    size.map(|size| size.div_ceil(BYTES_PER_TOKEN))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_bounded_and_unknown_arguments_refused() {
        let asked: HubSearch = serde_json::from_value(serde_json::json!({
            "query": "sales", "limit": 100000, "sort": "recent"
        }))
        .unwrap_or_default();
        assert_eq!(asked.limit(), HUB_SEARCH_LIMIT);
        assert_eq!(asked.sort, HubSort::Recent);
        assert_eq!(HubSearch::default().limit(), HubSearch::DEFAULT_LIMIT);
        let long = HubSearch {
            query: "a ".repeat(SEARCH_TEXT_AT_MOST),
            ..HubSearch::default()
        };
        assert!(long.check().is_err());
        let many = HubSearch {
            servers: Some(vec!["s".to_owned(); HUB_SERVERS_AT_MOST + 1]),
            ..HubSearch::default()
        };
        assert!(many.check().is_err());
        assert!(asked.check().is_ok());
        let unknown = serde_json::from_value::<HubSearch>(serde_json::json!({ "q": "x" }));
        assert!(unknown.is_err());
    }
}
