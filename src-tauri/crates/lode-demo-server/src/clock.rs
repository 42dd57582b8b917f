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
