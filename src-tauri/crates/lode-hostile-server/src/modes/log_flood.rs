//! `count` log messages of `size` bytes of data each, as fast as the transport takes them.

// Logging is deprecated by SEP-2577, but servers of every era still send it: so does this one.
#![allow(deprecated)]

use rmcp::model::{LoggingLevel, LoggingMessageNotificationParam};
use rmcp::service::{Peer, RoleServer};

/// Returns how many it sent before the client went away.
pub async fn send(peer: Peer<RoleServer>, count: u64, size: usize) -> u64 {
    let data = serde_json::Value::String("x".repeat(size));
    for i in 0..count {
        let message = LoggingMessageNotificationParam::new(LoggingLevel::Info, data.clone());
        if peer.notify_logging_message(message).await.is_err() {
            return i;
        }
    }
    count
}
