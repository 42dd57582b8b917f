//! Keeping basket items fresh. While Lode supervises its connections (the app), every
//! readable item is subscribed on its server; an `updated` notification, or a listing whose
//! `lastModified` is newer than the item's, marks the item stale — or, in a basket set to
//! refresh by itself, reads it again.

use std::collections::HashMap;
use std::sync::{Arc, Weak};

use lode_core::basket::{outdates, BasketId};
use lode_core::{
    ConnectionEvent, ConnectionEventKind, ConnectionId, ConnectionStatus, ResourceItem, ServerEvent,
};

use crate::Lode;

/// Follows the supervisor's events from now on (see the module's documentation).
pub(crate) fn follow(lode: &Arc<Lode>) {
    lode.follow_events(|lode, event| async move {
        let weak = Arc::downgrade(&lode);
        on_event(&lode, &weak, event).await;
    });
}

async fn on_event(lode: &Arc<Lode>, weak: &Weak<Lode>, event: ConnectionEvent) {
    let id = event.connection;
    match event.kind {
        ConnectionEventKind::Status(ConnectionStatus::Ready) => {
            // Subscribing asks the server; not on the event loop.
            let weak = weak.clone();
            tokio::spawn(async move {
                if let Some(lode) = weak.upgrade() {
                    lode.subscribe_basket_items_of(id).await;
                }
            });
        }
        ConnectionEventKind::Server(ServerEvent::ResourceUpdated { uri }) => {
            let Ok(connection) = lode.store.get_connection(id) else {
                return;
            };
            match lode.store.mark_stale(&connection.name, &uri) {
                Ok(changed) => refresh_where_wanted(lode, weak, changed, &connection.name, &uri),
                Err(error) => tracing::warn!(%error, "marking basket items stale failed"),
            }
        }
        _ => {}
    }
}

/// In the baskets among `changed` that refresh by themselves, reads the item again.
fn refresh_where_wanted(
    lode: &Arc<Lode>,
    weak: &Weak<Lode>,
    changed: Vec<BasketId>,
    server: &str,
    uri: &str,
) {
    for basket in changed {
        let Ok(current) = lode.store.basket(basket) else {
            continue;
        };
        if !current.auto_refresh {
            continue;
        }
        let items = current
            .items
            .iter()
            .filter(|i| i.stale && i.server == server && i.uri == uri)
            .map(|i| i.id);
        for item in items {
            let weak = weak.clone();
            tokio::spawn(async move {
                if let Some(lode) = weak.upgrade() {
                    if let Err(error) = lode.refresh_basket_item(basket, item).await {
                        tracing::warn!(%error, "refreshing a basket item failed");
                    }
                }
            });
        }
    }
}

/// A complete listing of `server`: marks stale every item whose `lastModified` it outdates.
pub(crate) fn note_listing(lode: &Lode, server: &str, resources: &[ResourceItem]) {
    let Ok(items) = lode.store.readable_basket_items() else {
        return;
    };
    let kept: HashMap<&str, Option<&str>> = items
        .iter()
        .filter(|i| i.server == server && !i.stale)
        .map(|i| (i.uri.as_str(), i.last_modified.as_deref()))
        .collect();
    if kept.is_empty() {
        return;
    }
    for resource in resources {
        let Some(listed) = resource.annotations.last_modified.as_deref() else {
            continue;
        };
        if kept
            .get(resource.uri.as_str())
            .is_some_and(|kept| outdates(listed, *kept))
        {
            if let Err(error) = lode.store.mark_stale(server, &resource.uri) {
                tracing::warn!(%error, "marking basket items stale failed");
            }
        }
    }
}

impl Lode {
    /// Subscribes, on connection `id`, every readable basket item that came from it.
    pub(crate) async fn subscribe_basket_items_of(&self, id: ConnectionId) {
        let Ok(connection) = self.store.get_connection(id) else {
            return;
        };
        let Ok(items) = self.store.readable_basket_items() else {
            return;
        };
        let uris: Vec<String> = items
            .into_iter()
            .filter(|i| i.server == connection.name)
            .map(|i| i.uri)
            .collect();
        self.watch_basket_items(id, uris.iter().map(String::as_str))
            .await;
    }

    /// Subscribes `uris` on connection `id` when Lode supervises its connections (the CLI's
    /// short-lived connections do not: nothing would hear the updates).
    pub(crate) async fn watch_basket_items(
        &self,
        id: ConnectionId,
        uris: impl Iterator<Item = &str>,
    ) {
        if !self.is_live() {
            return;
        }
        for uri in uris {
            if let Err(error) = self.subscribe_resource(id, uri).await {
                tracing::warn!(%error, uri, "subscribing a basket item failed");
            }
        }
    }
}
