//! What every session of one served basket shares: the feed, the last snapshot the change
//! follower saw, and who listens for which change.

use std::sync::{Arc, PoisonError, RwLock};

use lode_core::basket::Basket;
use lode_core::{ErrorCode, LodeError, LodeResult};

use crate::logging::Logging;
use crate::plumbing::Subscriptions;
use crate::BasketFeed;

pub(crate) struct Shelf {
    feed: Arc<dyn BasketFeed>,
    /// The basket as the change follower last read it. Only what must be answered without
    /// awaiting reads it (`serverInfo`, which URIs a `subscriptions/listen` may watch); requests
    /// read the feed afresh.
    latest: RwLock<Arc<Basket>>,
    subscriptions: Subscriptions,
    logging: Logging,
}

impl Shelf {
    /// Reads the basket once, so a feed that cannot be read fails the start, not the first
    /// request.
    pub async fn open(feed: Arc<dyn BasketFeed>) -> LodeResult<Arc<Self>> {
        let basket = read_feed(&feed).await?;
        Ok(Arc::new(Self {
            feed,
            latest: RwLock::new(Arc::new(basket)),
            subscriptions: Subscriptions::default(),
            logging: Logging::default(),
        }))
    }

    /// The basket as the store holds it now.
    pub async fn read(&self) -> LodeResult<Basket> {
        read_feed(&self.feed).await
    }

    pub fn latest(&self) -> Arc<Basket> {
        // A snapshot swap cannot leave the lock inconsistent, so poisoning is ignored.
        self.latest
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    pub fn set_latest(&self, basket: Arc<Basket>) {
        *self.latest.write().unwrap_or_else(PoisonError::into_inner) = basket;
    }

    pub fn subscriptions(&self) -> &Subscriptions {
        &self.subscriptions
    }

    pub fn logging(&self) -> &Logging {
        &self.logging
    }
}

/// The feed touches SQLite: it runs on the blocking pool, never on a runtime worker.
async fn read_feed(feed: &Arc<dyn BasketFeed>) -> LodeResult<Basket> {
    let feed = feed.clone();
    tokio::task::spawn_blocking(move || feed.basket())
        .await
        .map_err(|error| {
            LodeError::new(
                ErrorCode::Internal,
                format!("reading the served basket failed: {error}"),
            )
        })?
}
