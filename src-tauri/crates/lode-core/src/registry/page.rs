//! One page of a registry's list (`ServerList`: a search, or a server's versions): the entries
//! Lode keeps, each one refused with why, how many deleted ones were left out, and the cursor of
//! the next page.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use super::fields::excerpt;
use super::{parse_entry, RegistryEntry};
use crate::{ErrorCode, LodeError, LodeResult};

/// The most entries of one page Lode reads (the official registry sends at most 100).
const MAX_PAGE_ENTRIES: usize = 500;
/// The longest cursor sent back: the official one is `name:version`.
const MAX_CURSOR_BYTES: usize = 1024;

/// An entry of a page that is not one Lode keeps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RefusedEntry {
    /// Its `server.name` and `server.version`, when it had them (cut to 200 characters).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RegistryPage {
    /// The registry asked.
    pub registry: String,
    pub entries: Vec<RegistryEntry>,
    pub refused: Vec<RefusedEntry>,
    /// Entries the registry marks deleted: never shown.
    pub deleted: u32,
    /// Ask again with it for the next page; absent on the last.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_cursor: Option<String>,
    /// What Lode left out of the page itself, each said.
    pub notes: Vec<String>,
}

impl RegistryPage {
    /// Reads a registry's `ServerList` answer from `registry`.
    pub fn parse(registry: &str, answer: &Value) -> LodeResult<Self> {
        let not_a_list = |why: &str| {
            LodeError::new(
                ErrorCode::Protocol,
                format!("the registry {registry} did not answer a list of servers: {why}"),
            )
        };
        let answer = answer
            .as_object()
            .ok_or_else(|| not_a_list("its answer is not a JSON object"))?;
        let servers = match answer.get("servers") {
            Some(Value::Array(servers)) => servers.as_slice(),
            Some(Value::Null) => &[],
            Some(_) => return Err(not_a_list("its \"servers\" is not a list")),
            None => return Err(not_a_list("it has no \"servers\"")),
        };
        let mut page = Self {
            registry: registry.to_owned(),
            entries: Vec::new(),
            refused: Vec::new(),
            deleted: 0,
            next_cursor: None,
            notes: Vec::new(),
        };
        if servers.len() > MAX_PAGE_ENTRIES {
            page.notes.push(format!(
                "{} entries past the first {MAX_PAGE_ENTRIES} of the page left out",
                servers.len() - MAX_PAGE_ENTRIES
            ));
        }
        for item in servers.iter().take(MAX_PAGE_ENTRIES) {
            match parse_entry(item) {
                Ok(entry) if entry.is_deleted() => page.deleted += 1,
                Ok(entry) => page.entries.push(entry),
                Err(problem) => page.refused.push(RefusedEntry {
                    name: named(item, "name"),
                    version: named(item, "version"),
                    reason: problem.to_string(),
                }),
            }
        }
        page.next_cursor = next_cursor(answer.get("metadata"), &mut page.notes);
        Ok(page)
    }
}

/// `server.<key>` of an item Lode refused, when it is text: to say which one it was.
fn named(item: &Value, key: &str) -> Option<String> {
    item.get("server")
        .and_then(|server| server.get(key))
        .and_then(Value::as_str)
        .map(|text| excerpt(text, 200))
}

/// `metadata.nextCursor`: absent, empty or not text ends the list; one too long to send back is
/// left out, and said.
fn next_cursor(metadata: Option<&Value>, notes: &mut Vec<String>) -> Option<String> {
    let cursor = metadata?.get("nextCursor")?.as_str()?;
    if cursor.len() > MAX_CURSOR_BYTES {
        notes.push(format!(
            "the next page's cursor is longer than {MAX_CURSOR_BYTES} bytes: the pages end here"
        ));
        return None;
    }
    Some(cursor.to_owned()).filter(|cursor| !cursor.is_empty())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn item(name: &str, status: &str) -> Value {
        json!({ "server": { "name": name, "version": "1.0.0", "description": "d" },
                "_meta": { "io.modelcontextprotocol.registry/official": { "status": status, "isLatest": true } } })
    }

    #[test]
    fn keeps_good_entries_hides_deleted_ones_and_says_why_each_bad_one_is_left_out() {
        let answer = json!({
            "servers": [
                item("io.github.a/one", "active"),
                item("io.github.a/two", "deprecated"),
                item("io.github.a/gone", "deleted"),
                { "server": { "name": "io.github.a/bad", "version": "1", "packages": "npm" } },
                42
            ],
            "metadata": { "nextCursor": "io.github.a/two:1.0.0", "count": 5 }
        });
        let page = RegistryPage::parse("https://r.example", &answer).expect("a page");
        let names: Vec<&str> = page.entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["io.github.a/one", "io.github.a/two"]);
        assert_eq!(page.deleted, 1);
        assert_eq!(page.refused.len(), 2);
        assert_eq!(page.refused[0].name.as_deref(), Some("io.github.a/bad"));
        assert_eq!(page.refused[0].reason, "packages is not a list");
        assert_eq!(page.refused[1].name, None);
        assert_eq!(page.refused[1].reason, "the entry is not an object");
        assert_eq!(page.next_cursor.as_deref(), Some("io.github.a/two:1.0.0"));
    }

    #[test]
    fn the_last_page_has_no_cursor_and_a_page_that_is_not_a_list_is_an_error() {
        for metadata in [json!({}), json!({ "nextCursor": "" }), json!(null)] {
            let page = RegistryPage::parse("r", &json!({ "servers": [], "metadata": metadata }));
            assert_eq!(page.map(|p| p.next_cursor), Ok(None));
        }
        let long = RegistryPage::parse(
            "r",
            &json!({ "servers": [], "metadata": { "nextCursor": "c".repeat(2000) } }),
        )
        .expect("a page");
        assert_eq!((long.next_cursor, long.notes.len()), (None, 1));
        for answer in [json!([]), json!({ "items": [] }), json!({ "servers": {} })] {
            let error = RegistryPage::parse("https://r.example", &answer).expect_err("refused");
            assert_eq!(error.code, ErrorCode::Protocol);
            assert!(
                error.message.contains("https://r.example"),
                "{}",
                error.message
            );
        }
    }
}
