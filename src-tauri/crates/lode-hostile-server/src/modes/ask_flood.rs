//! `count` asks of the person at once, right after initialization: elicitations and sampling
//! requests in turn, each held by the server until the client answers. A client that queues
//! every one holds thousands of dialogs (and of requests, each for minutes); Lode keeps a few
//! and refuses the rest at once. The tally says what the server saw, for the `stats` tool.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rmcp::model::{ClientResult, ServerRequest};
use rmcp::service::{Peer, RoleServer, ServiceError};
use serde_json::{json, Value};

/// What became of the asks sent.
#[derive(Debug, Default)]
pub struct AskTally {
    sent: AtomicU64,
    /// Refused with an error saying too many wait for the person.
    refused: AtomicU64,
    /// Refused with any other error (its message kept, the first one).
    failed: AtomicU64,
    first_failure: Mutex<Option<String>>,
    answered: AtomicU64,
    /// From the first ask sent to the last refusal received.
    started: Mutex<Option<Instant>>,
    refused_within_ms: AtomicU64,
}

impl AskTally {
    pub fn as_json(&self) -> Value {
        let count = |n: &AtomicU64| n.load(Ordering::Relaxed);
        let (sent, refused, failed, answered) = (
            count(&self.sent),
            count(&self.refused),
            count(&self.failed),
            count(&self.answered),
        );
        json!({
            "sent": sent,
            "refused": refused,
            "failed": failed,
            "firstFailure": self.first_failure.lock().map(|f| f.clone()).unwrap_or_default(),
            "answered": answered,
            "waiting": sent - refused - failed - answered,
            "refusedWithinMs": count(&self.refused_within_ms),
        })
    }

    fn record(&self, outcome: Result<ClientResult, ServiceError>) {
        match outcome {
            Ok(_) => {
                self.answered.fetch_add(1, Ordering::Relaxed);
            }
            Err(ServiceError::McpError(error))
                if error
                    .message
                    .contains("too many requests waiting for the person") =>
            {
                self.refused.fetch_add(1, Ordering::Relaxed);
                let since = self
                    .started
                    .lock()
                    .ok()
                    .and_then(|s| *s)
                    .map_or(0, |s| s.elapsed().as_millis() as u64);
                self.refused_within_ms.fetch_max(since, Ordering::Relaxed);
            }
            Err(error) => {
                self.failed.fetch_add(1, Ordering::Relaxed);
                if let Ok(mut first) = self.first_failure.lock() {
                    first.get_or_insert_with(|| error.to_string());
                }
            }
        }
    }
}

/// Sends `count` asks at once, each carrying `size` bytes of text; returns how many it sent.
pub async fn send(peer: Peer<RoleServer>, count: u64, size: usize, tally: Arc<AskTally>) -> u64 {
    if let Ok(mut started) = tally.started.lock() {
        *started = Some(Instant::now());
    }
    let text = format!("\u{1}\"{}", "x".repeat(size.saturating_sub(2)));
    let mut asks = tokio::task::JoinSet::new();
    for i in 0..count {
        let Some(request) = request(i, &text) else {
            continue;
        };
        let (peer, tally) = (peer.clone(), tally.clone());
        tally.sent.fetch_add(1, Ordering::Relaxed);
        asks.spawn(async move { tally.record(peer.send_request(request).await) });
    }
    while asks.join_next().await.is_some() {}
    count
}

/// An elicitation (even `i`) or a sampling request (odd), `text` in its message.
fn request(i: u64, text: &str) -> Option<ServerRequest> {
    let wire = if i.is_multiple_of(2) {
        json!({"method": "elicitation/create", "params": {
            "message": format!("flood ask {i}: {text}"),
            "requestedSchema": {"type": "object", "properties": {
                "name": {"type": "string", "description": text}
            }}
        }})
    } else {
        json!({"method": "sampling/createMessage", "params": {
            "messages": [{"role": "user", "content": {"type": "text", "text": format!("flood ask {i}: {text}")}}],
            "systemPrompt": text,
            "maxTokens": 10
        }})
    };
    serde_json::from_value(wire)
        .inspect_err(|error| eprintln!("lode-hostile-server: bad ask: {error}"))
        .ok()
}
