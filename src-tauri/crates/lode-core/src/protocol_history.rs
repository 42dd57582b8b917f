//! One JSON-RPC message that went over a connection's wire, as the protocol history keeps it
//! (lode-mcp `protocol_history.rs`) and `lode --trace FILE` writes it: when, which way, what
//! it was, how big, and the JSON itself (secrets scrubbed, cut at a bound).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Which way a message went: from Lode to the server, or back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum WireDirection {
    Out,
    In,
}

/// What kind of JSON-RPC message it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum WireKind {
    Request,
    Notification,
    Response,
    Error,
}

/// One message of a connection's protocol history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WireMessage {
    /// Its place in the connection's history, counting from 1 since Lode started.
    #[ts(type = "number")]
    pub seq: u64,
    /// When it went, in milliseconds since the Unix epoch.
    #[ts(type = "number")]
    pub at_ms: u64,
    pub direction: WireDirection,
    pub kind: WireKind,
    /// The method; for a response, the method of the request it answers (when that was seen).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub method: Option<String>,
    /// The JSON-RPC id, as JSON text (`7`, `"abc"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub id: Option<String>,
    /// For a response: how long after its request it came, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub duration_ms: Option<u64>,
    /// The size of the whole message as JSON, in bytes.
    #[ts(type = "number")]
    pub size: u64,
    /// The message as JSON, secrets scrubbed; cut at the history's bound (then `truncated`).
    /// Left out of listings, which carry only the summary.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub json: Option<String>,
    pub truncated: bool,
}
