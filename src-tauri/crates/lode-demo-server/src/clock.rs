//! `demo://clock/now`: a resource whose content is the current time. The demo's ticker
//! (`demo.rs`) tells its subscribers when it changes.

use chrono::{DateTime, SecondsFormat, Utc};

pub const URI: &str = "demo://clock/now";

/// The clock's text; fixed length, so the listed `size` stays right. Milliseconds,
/// so that even a short `--update-interval-ms` changes the content on every tick.
pub fn render(now: DateTime<Utc>) -> String {
    format!(
        "Current time: {}\n",
        now.to_rfc3339_opts(SecondsFormat::Millis, true)
    )
}

/// The clock content's `_meta`: the demo's one content that carries some, so a client's way of
/// showing a read's `_meta` has something real to show.
pub fn meta(now: DateTime<Utc>) -> serde_json::Map<String, serde_json::Value> {
    serde_json::Map::from_iter([
        ("dev.lode.demo/zone".to_owned(), "UTC".into()),
        (
            "dev.lode.demo/epochMs".to_owned(),
            now.timestamp_millis().into(),
        ),
    ])
}
