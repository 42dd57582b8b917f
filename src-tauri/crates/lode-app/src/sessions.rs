//! Live connections, opened on first use and shared by every caller after that. A connection
//! that turns out to be dead is dropped, so the next call reconnects.

use std::collections::HashMap;
use std::sync::Arc;

use lode_core::{Connection, ConnectionId, ErrorCode, LodeError, LodeResult};
use lode_mcp::{ConnectOptions, McpClient};
use tokio::sync::{Mutex, OnceCell};

type Slot = Arc<OnceCell<Arc<McpClient>>>;

#[derive(Default)]
pub(crate) struct Sessions {
    slots: Mutex<HashMap<ConnectionId, Slot>>,
}

impl Sessions {
    /// The live client of `connection`, connecting if needed. Concurrent callers share one
    /// connection attempt; a failed attempt leaves the slot empty for the next caller to retry.
    pub(crate) async fn client(&self, connection: &Connection) -> LodeResult<Arc<McpClient>> {
        let slot = self
            .slots
            .lock()
            .await
            .entry(connection.id)
            .or_default()
            .clone();
        let client = slot
            .get_or_try_init(|| async {
                let options = ConnectOptions::new(connection.name.clone());
                McpClient::connect(&connection.transport, options)
                    .await
                    .map(Arc::new)
            })
            .await?;
        Ok(client.clone())
    }

    /// Forgets the client of `id` when `result` says its connection is gone.
    pub(crate) async fn discard_if_dead<T>(&self, id: ConnectionId, result: &LodeResult<T>) {
        if let Err(LodeError {
            code: ErrorCode::TransportClosed | ErrorCode::Timeout,
            ..
        }) = result
        {
            self.slots.lock().await.remove(&id);
        }
    }

    /// Closes every live connection (at exit), ending local server processes.
    pub(crate) async fn close_all(&self) {
        let slots: Vec<Slot> = self
            .slots
            .lock()
            .await
            .drain()
            .map(|(_, slot)| slot)
            .collect();
        for slot in slots {
            if let Some(client) = Arc::into_inner(slot).and_then(OnceCell::into_inner) {
                if let Some(client) = Arc::into_inner(client) {
                    client.close().await;
                }
            }
        }
    }
}
