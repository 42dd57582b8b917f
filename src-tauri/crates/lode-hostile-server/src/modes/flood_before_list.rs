//! `count` notifications of every kind Lode coalesces, sent before the answer to the first
//! `resources/list`, so the answer comes behind all of them on the wire: log messages,
//! `resources/updated` for [`URIS`] URIs in turn, and `list_changed` of resources and tools.
//! A client that queues notifications in front of responses waits for the whole flood.

// Logging is deprecated by SEP-2577, but servers of every era still send it: so does this one.
#![allow(deprecated)]

use rmcp::model::{
    LoggingLevel, LoggingMessageNotificationParam, ResourceUpdatedNotificationParam,
};
use rmcp::service::{Peer, RoleServer};

/// The distinct URIs the `resources/updated` notifications name.
pub const URIS: u64 = 100;

/// The URI the `i`th `resources/updated` names.
pub fn updated_uri(i: u64) -> String {
    format!("hostile://flood/{}", i % URIS)
}

/// Returns how many it sent before the client went away.
pub async fn send(peer: &Peer<RoleServer>, count: u64) -> u64 {
    for i in 0..count {
        let sent = match i % 5 {
            0 | 3 => {
                let data = serde_json::Value::String(format!("flood message {i}"));
                peer.notify_logging_message(LoggingMessageNotificationParam::new(
                    LoggingLevel::Info,
                    data,
                ))
                .await
            }
            1 => {
                peer.notify_resource_updated(ResourceUpdatedNotificationParam::new(updated_uri(
                    i / 5,
                )))
                .await
            }
            2 => peer.notify_resource_list_changed().await,
            _ => peer.notify_tool_list_changed().await,
        };
        if sent.is_err() {
            return i;
        }
    }
    count
}
