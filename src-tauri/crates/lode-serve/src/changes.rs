//! Turns revisions of the served basket into MCP change notifications.
//!
//! lode-app polls the store and publishes the basket's revision on a `watch` channel. A
//! revision only says that something may have changed, so the follower reads the basket, and
//! compares it with the previous snapshot: nothing is sent when nothing a client can see changed
//! (the same revision published twice, or a change of the budget only). Otherwise every session
//! hears `list_changed` (resources and prompts), and each watched URI whose item differs (another
//! item at that position, new contents, a stale flag, a rename of the basket, a removal) hears
//! `updated`. Sessions that asked for info-level logs hear what changed in words, and every
//! session hears a warning when the basket could not be read.

use std::sync::Arc;

use lode_core::basket::{Basket, BasketItem};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::notes;
use crate::plumbing::List;
use crate::shelf::Shelf;
use crate::uri::resolve;

/// The follower task; dropping it stops following, so it never outlives the serving.
pub(crate) struct Following(JoinHandle<()>);

impl Drop for Following {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Follows `revisions` until its sender is dropped or the returned guard is. `revisions` must
/// have been marked seen before the shelf's first snapshot was read, so that a change in between
/// is not missed.
pub(crate) fn follow(shelf: Arc<Shelf>, mut revisions: watch::Receiver<i64>) -> Following {
    Following(tokio::spawn(async move {
        let mut previous = shelf.latest();
        while revisions.changed().await.is_ok() {
            let revision = *revisions.borrow_and_update();
            let current = match shelf.read().await {
                Ok(basket) => Arc::new(basket),
                Err(error) => {
                    tracing::warn!(revision, %error, "could not read the served basket");
                    let name = shelf.latest().name.clone();
                    let note = notes::basket_unreadable(&name, &error.message);
                    shelf.logging().tell_all(&note).await;
                    continue;
                }
            };
            if same_for_clients(&previous, &current) {
                continue;
            }
            shelf.set_latest(current.clone());
            let subscriptions = shelf.subscriptions();
            // The `basket` prompt embeds every item: its list changes with the resources'.
            subscriptions
                .lists_changed(&[List::Resources, List::Prompts])
                .await;
            shelf
                .logging()
                .tell_all(&notes::basket_changed(&current))
                .await;
            for uri in subscriptions.watched_uris() {
                if item_at(&previous, &uri) != item_at(&current, &uri) {
                    subscriptions.resource_updated(&uri).await;
                }
            }
            previous = current;
        }
    }))
}

fn same_for_clients(before: &Basket, after: &Basket) -> bool {
    before.name == after.name && before.items == after.items
}

fn item_at<'b>(basket: &'b Basket, uri: &str) -> Option<&'b BasketItem> {
    resolve(basket, uri).ok().map(|(_, item)| item)
}
