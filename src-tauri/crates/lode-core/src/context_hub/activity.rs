//! What an assistant did through a hub profile, as the window shows it: what was searched,
//! suggested and read, and what was refused. Bounded, so an assistant cannot fill the disk or
//! the window: at most [`ACTIVITY_AT_MOST`] records a profile (the store drops the oldest), each
//! string at most [`ACTIVITY_TEXT_AT_MOST`] characters. The strings are the assistant's words
//! (queries, URIs), never a token; the window and the CLI show them revealed.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// How many records of activity a profile keeps; older ones are dropped as new ones come.
pub const ACTIVITY_AT_MOST: usize = 200;

/// The longest string a record keeps, in characters; a longer one is cut in its middle.
pub const ACTIVITY_TEXT_AT_MOST: usize = 512;

/// One thing an assistant did, or was refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "camelCase")]
#[ts(export)]
pub enum HubActivityKind {
    /// `search_resources`: the query and how many hits it answered.
    Search { query: String, hits: u32 },
    /// `suggest_context`: the task, how many items were suggested and their total tokens.
    Suggest {
        task: String,
        items: u32,
        #[ts(type = "number")]
        tokens: u64,
    },
    /// A resource read (as a resource or through the `read_resource` tool).
    Read { connection: String, uri: String },
    /// A request the hub refused: what was asked, and why.
    Refused { what: String, why: String },
}

impl HubActivityKind {
    /// The same record with each string cut to [`ACTIVITY_TEXT_AT_MOST`] characters.
    pub fn bounded(self) -> Self {
        let cut = |text: String| bounded_text(&text);
        match self {
            Self::Search { query, hits } => Self::Search {
                query: cut(query),
                hits,
            },
            Self::Suggest {
                task,
                items,
                tokens,
            } => Self::Suggest {
                task: cut(task),
                items,
                tokens,
            },
            Self::Read { connection, uri } => Self::Read {
                connection: cut(connection),
                uri: cut(uri),
            },
            Self::Refused { what, why } => Self::Refused {
                what: cut(what),
                why: cut(why),
            },
        }
    }
}

/// One record of a profile's activity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct HubActivity {
    pub profile: String,
    /// When, in RFC 3339 (UTC).
    pub at: String,
    pub kind: HubActivityKind,
}

/// `text` whole when it has at most [`ACTIVITY_TEXT_AT_MOST`] characters; otherwise its start
/// and end around a marker saying how many characters were left out, the whole at most
/// [`ACTIVITY_TEXT_AT_MOST`] characters (a query's start says what it was, a URI's end which
/// resource).
pub fn bounded_text(text: &str) -> String {
    let count = text.chars().count();
    if count <= ACTIVITY_TEXT_AT_MOST {
        return text.to_owned();
    }
    // The marker's longest form: the count has at most 20 digits.
    let room = ACTIVITY_TEXT_AT_MOST - " … ( characters left out) … ".chars().count() - 20;
    let head_len = room / 2;
    let tail_len = room - head_len;
    let head: String = text.chars().take(head_len).collect();
    let tail: String = text.chars().skip(count - tail_len).collect();
    format!(
        "{head} … ({} characters left out) … {tail}",
        count - head_len - tail_len
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_text_is_kept_whole() {
        let text = "x".repeat(ACTIVITY_TEXT_AT_MOST);
        assert_eq!(bounded_text(&text), text);
    }

    #[test]
    fn a_long_text_keeps_its_ends_within_the_bound_and_says_what_was_cut() {
        let text = format!("start{}end", "é".repeat(100_000));
        let cut = bounded_text(&text);
        assert!(
            cut.chars().count() <= ACTIVITY_TEXT_AT_MOST,
            "{}",
            cut.len()
        );
        assert!(cut.starts_with("startéé"), "{cut}");
        assert!(cut.ends_with("éend"), "{cut}");
        let (head, rest) = cut.split_once(" … (").expect("a marker");
        let (left_out, tail) = rest
            .split_once(" characters left out) … ")
            .expect("a marker");
        let left_out: usize = left_out.parse().expect("a count");
        assert_eq!(
            head.chars().count() + left_out + tail.chars().count(),
            text.chars().count()
        );
    }

    #[test]
    fn every_string_of_a_record_is_bounded() {
        let long = "u".repeat(5_000);
        let records = [
            HubActivityKind::Search {
                query: long.clone(),
                hits: 3,
            },
            HubActivityKind::Suggest {
                task: long.clone(),
                items: 2,
                tokens: 900,
            },
            HubActivityKind::Read {
                connection: long.clone(),
                uri: long.clone(),
            },
            HubActivityKind::Refused {
                what: long.clone(),
                why: long.clone(),
            },
        ];
        for record in records {
            let json = serde_json::to_value(record.bounded()).expect("json");
            let strings: Vec<&str> = json
                .as_object()
                .expect("object")
                .iter()
                .filter(|(key, _)| *key != "type")
                .filter_map(|(_, v)| v.as_str())
                .collect();
            assert!(!strings.is_empty());
            for s in strings {
                assert!(s.chars().count() <= ACTIVITY_TEXT_AT_MOST, "{}", s.len());
            }
        }
    }

    #[test]
    fn a_record_names_its_kind() {
        let json = serde_json::to_value(HubActivityKind::Read {
            connection: "Notes".into(),
            uri: "notes://1".into(),
        })
        .expect("json");
        assert_eq!(
            json,
            serde_json::json!({"type": "read", "connection": "Notes", "uri": "notes://1"})
        );
    }
}
