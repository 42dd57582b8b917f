//! The one JSON line the client prints, field for field the peer's, so the orchestrator reads
//! both with the same code.

use std::time::Duration;

use serde::Serialize;

#[derive(Debug, Default, Serialize)]
pub struct Report {
    pub client: &'static str,
    pub op: &'static str,
    pub connect_ms: f64,
    pub op_ms: f64,
    pub total_ms: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pages: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bytes: Option<u64>,
    /// Null where the platform cannot tell, never left out, so a missing figure is visible.
    pub self_maxrss_kb: Option<u64>,
    /// The heap the operation's result occupies while the caller holds it (null where the
    /// platform cannot tell): the data, against which the peak is judged.
    pub data_kb: Option<u64>,
}

/// Milliseconds to a tenth, as the peer prints them.
pub fn ms(duration: Duration) -> f64 {
    (duration.as_secs_f64() * 10_000.0).round() / 10.0
}
