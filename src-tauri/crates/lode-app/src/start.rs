//! Starting Lode's live supervision (the app's, never the CLI's): every enabled connection, the
//! browser's feeder and the basket's freshness, which all follow the hub from then on.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use lode_core::LodeResult;

use crate::{basket, browser, Lode};

impl Lode {
    /// Connects every enabled connection in parallel, each under its own supervisor, with its
    /// secrets from the keychain. One whose secrets cannot be read shows as failed, saying why.
    pub async fn start_all(self: &Arc<Self>) -> LodeResult<()> {
        if !self.live.swap(true, Ordering::SeqCst) {
            self.record_outcomes();
            browser::follow(self);
            basket::follow_freshness(self);
        }
        for connection in self.store.list_connections()? {
            if connection.settings.enabled {
                self.start(connection).await;
            }
        }
        Ok(())
    }
}
