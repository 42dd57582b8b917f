//! Serving one exposure as Lode's context hub: over stdio for an assistant that starts
//! `lode serve --profile NAME`, or over Streamable HTTP on loopback behind a token.
//!
//! The serving process starts the exposed connections itself (enabled ones only: a connection
//! the person turned off stays off, and the search says so), lists them into its own index as
//! the window's index is fed, and relays their changes.

use std::net::SocketAddr;
use std::sync::Arc;

use lode_core::{ConnectionStatus, HubEventKind, LodeResult, ServerEvent};
use lode_serve::context_hub::{serve_context_hub_http, serve_context_hub_stdio, HubChange};
use lode_serve::{HttpLimits, HttpServing};
use tokio::sync::broadcast;

use super::source::HubOfLode;
use super::Exposure;
use crate::Lode;

impl Lode {
    /// Serves `exposure` on stdin/stdout until the assistant closes stdin.
    pub async fn serve_context_hub_stdio(self: &Arc<Self>, exposure: Exposure) -> LodeResult<()> {
        let source = self.hub_of(exposure).await;
        serve_context_hub_stdio(source).await
    }

    /// Serves `exposure` as Streamable HTTP at `addr` (loopback only) behind `token`.
    pub async fn serve_context_hub_http(
        self: &Arc<Self>,
        exposure: Exposure,
        addr: SocketAddr,
        token: &str,
    ) -> LodeResult<HttpServing> {
        let source = self.hub_of(exposure).await;
        serve_context_hub_http(source, addr, token.to_owned(), HttpLimits::default()).await
    }

    /// Starts what `exposure` exposes and the index's feeder, and relays their changes.
    async fn hub_of(self: &Arc<Self>, exposure: Exposure) -> Arc<HubOfLode> {
        let (changes, _) = broadcast::channel(1024);
        relay_events(self, &exposure, changes.clone());
        relay_index_changes(self, changes.clone());
        crate::browser::follow(self);
        for connection in &exposure.connections {
            if connection.settings.enabled {
                self.start(connection.clone()).await;
            }
        }
        Arc::new(HubOfLode {
            lode: self.clone(),
            exposure,
            changes,
        })
    }
}

/// The exposed connections' resource changes (and new sessions), as the hub's changes.
fn relay_events(lode: &Arc<Lode>, exposure: &Exposure, changes: broadcast::Sender<HubChange>) {
    let exposed: Vec<lode_core::ConnectionId> = exposure.connections.iter().map(|c| c.id).collect();
    lode.follow_events(move |_, event| {
        let change = if exposed.contains(&event.connection) {
            match event.kind {
                HubEventKind::Server(ServerEvent::ResourceUpdated { uri }) => {
                    Some(HubChange::Updated {
                        connection: event.connection.0,
                        uri,
                    })
                }
                // Not the origin's `list_changed` itself: the hub's list is the index, which
                // lists the server again on it, and `relay_index_changes` tells the clients
                // once the index has changed (and only if it did).
                HubEventKind::Status(ConnectionStatus::Ready) => Some(HubChange::Reconnected {
                    connection: event.connection.0,
                }),
                _ => None,
            }
        } else {
            None
        };
        if let Some(change) = change {
            // Nobody listening yet is not an error.
            let _ = changes.send(change);
        }
        async {}
    });
}

/// The hub lists what the index holds, so its `list_changed` follows the index: a listing that
/// finished (the first one, after a client connected early; one after a server's own notice;
/// one after a lost server started again with other resources) changes the hub's list. This
/// process's index holds only the exposed connections. The relay folds a listing's many pages
/// into one `list_changed` per quiet spell.
fn relay_index_changes(lode: &Arc<Lode>, changes: broadcast::Sender<HubChange>) {
    let mut ticks = lode.browse_changes();
    let mut seen = lode.browse_status().generation;
    let lode = Arc::downgrade(lode);
    tokio::spawn(async move {
        while ticks.changed().await.is_ok() {
            let Some(lode) = lode.upgrade() else {
                return;
            };
            let generation = lode.browse_status().generation;
            if generation != seen {
                seen = generation;
                // Nobody listening yet is not an error.
                let _ = changes.send(HubChange::ListChanged { connection: -1 });
            }
        }
    });
}
