//! What happens on a connection after it is up: server notifications as domain events, and the
//! connection's own status.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::LodeError;

/// A notification from a server, as Lode's domain sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[ts(export)]
pub enum ServerEvent {
    ResourceUpdated {
        uri: String,
    },
    ResourceListChanged,
    ToolListChanged,
    PromptListChanged,
    Log {
        level: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        logger: Option<String>,
        #[ts(type = "unknown")]
        data: serde_json::Value,
    },
    Progress {
        token: String,
        progress: f64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        total: Option<f64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        message: Option<String>,
    },
}

/// Where a connection is in its life. The connection supervisor streams every change to the app.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(
    tag = "state",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[ts(export)]
pub enum ConnectionStatus {
    Connecting,
    Ready,
    /// Lost, and trying again after `retryInMs`.
    Reconnecting {
        attempt: u32,
        #[ts(type = "number")]
        retry_in_ms: u64,
        error: LodeError,
    },
    /// The server wants credentials; `challenge` is its `WWW-Authenticate` header, if any.
    AuthRequired {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        challenge: Option<String>,
        /// The scopes a scope challenge (`403 insufficient_scope`) asks for: the server wants
        /// more access than the sign-in has, so a new sign-in asks for them too.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        scope: Option<String>,
    },
    Failed {
        error: LodeError,
    },
    Stopped,
}

/// What the connection supervisor tells the app: one connection's status change or server event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ConnectionEvent {
    pub connection: crate::connection::ConnectionId,
    pub kind: ConnectionEventKind,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "type", content = "payload", rename_all = "camelCase")]
#[ts(export)]
pub enum ConnectionEventKind {
    Status(ConnectionStatus),
    Server(ServerEvent),
}

/// One connection's current status, as the app asks for it on start-up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ConnectionState {
    pub connection: crate::connection::ConnectionId,
    pub status: ConnectionStatus,
}
