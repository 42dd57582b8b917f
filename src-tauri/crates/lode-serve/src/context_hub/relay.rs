//! Relays the exposed connections' changes to the hub's clients: a resource's `updated` to
//! whoever watches its hub URI, a list's change as the hub's `list_changed`.
//!
//! A connection's new session (its server was lost and started again) knows nothing of the
//! subscriptions the old one had: the hub URIs its clients still watch are forwarded again.
//!
//! A server that floods `list_changed` (lode-mcp's flood gate already bounds what reaches the
//! source) costs the hub's clients one notification per [`LIST_QUIET`] at most: changes that
//! arrive meanwhile are folded into it.

use std::sync::Arc;
use std::time::Duration;

use lode_core::context_hub::{hub_uri, parse_hub_uri};
use tokio::sync::broadcast::error::RecvError;
use tokio::task::JoinHandle;

use super::handler::HubShared;
use super::{HubChange, HubSource};
use crate::plumbing::List;

/// How long list changes are gathered into one `list_changed`.
pub const LIST_QUIET: Duration = Duration::from_millis(250);

/// The relay task; dropping it stops relaying.
pub(crate) struct Relaying(JoinHandle<()>);

impl Drop for Relaying {
    fn drop(&mut self) {
        self.0.abort();
    }
}

pub(crate) fn follow<S: HubSource>(shared: Arc<HubShared<S>>) -> Relaying {
    let mut changes = shared.source.changes();
    Relaying(tokio::spawn(async move {
        loop {
            let change = match changes.recv().await {
                Ok(change) => change,
                // Missed changes may have been list changes: say the list changed.
                Err(RecvError::Lagged(_)) => HubChange::ListChanged { connection: -1 },
                Err(RecvError::Closed) => return,
            };
            match change {
                HubChange::Updated { connection, uri } => {
                    if shared.source.exposes(connection) {
                        let uri = hub_uri(connection, &uri);
                        shared.subscriptions.resource_updated(&uri).await;
                    }
                }
                HubChange::Reconnected { connection } => {
                    resubscribe(&shared, connection).await;
                }
                HubChange::ListChanged { .. } => {
                    tokio::time::sleep(LIST_QUIET).await;
                    // Fold the list changes (and relay the updates) that came meanwhile.
                    while let Ok(next) = changes.try_recv() {
                        if let HubChange::Updated { connection, uri } = next {
                            if shared.source.exposes(connection) {
                                let uri = hub_uri(connection, &uri);
                                shared.subscriptions.resource_updated(&uri).await;
                            }
                        }
                    }
                    shared.subscriptions.lists_changed(&[List::Resources]).await;
                }
            }
        }
    }))
}

/// Forwards again every watched hub URI of `connection` to its (new) session.
async fn resubscribe<S: HubSource>(shared: &HubShared<S>, connection: i64) {
    if !shared.source.exposes(connection) {
        return;
    }
    for uri in shared.subscriptions.watched_uris() {
        let Ok((of, original)) = parse_hub_uri(&uri) else {
            continue;
        };
        if of != connection {
            continue;
        }
        if let Err(error) = shared.source.subscribe(connection, original).await {
            tracing::debug!(%uri, %error, "the new session refused a subscription");
        }
    }
}
