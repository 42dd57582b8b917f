//! Following the supervisor's events on a task of its own, for as long as Lode lives: the
//! index's feeder, the basket's freshness and the record of connect outcomes each follow them.

use std::future::Future;
use std::sync::Arc;

use lode_core::ConnectionEvent;
use tokio::sync::broadcast;

use crate::Lode;

impl Lode {
    /// Runs `on_event` for every supervisor event from now on, one at a time. Lode is held weakly
    /// between events, so following never keeps it alive; a follower that lags skips what it
    /// missed.
    pub(crate) fn follow_events<F, Fut>(self: &Arc<Self>, mut on_event: F)
    where
        F: FnMut(Arc<Lode>, ConnectionEvent) -> Fut + Send + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        let mut events = self.events();
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                match events.recv().await {
                    Ok(event) => match weak.upgrade() {
                        Some(lode) => on_event(lode, event).await,
                        None => return,
                    },
                    Err(broadcast::error::RecvError::Lagged(_)) => {}
                    Err(broadcast::error::RecvError::Closed) => return,
                }
            }
        });
    }
}
