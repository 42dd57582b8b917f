//! Starting Lode's live supervision (the app's, never the CLI's): every enabled connection, the
//! browser's feeder and the basket's freshness, which all follow the supervisor's events from
//! then on, as does the record of how each connection's attempts to connect end.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use lode_core::{ConnectionEventKind, LodeResult};

use crate::{basket, browser, Lode};

impl Lode {
    /// Connects every enabled connection in parallel, each a task of the supervisor, with its
    /// secrets from the keychain. One whose secrets cannot be read shows as failed, saying why.
    pub async fn start_all(self: &Arc<Self>) -> LodeResult<()> {
        if !self.live.swap(true, Ordering::SeqCst) {
            self.record_outcomes();
            browser::follow(self);
            basket::follow_freshness(self);
        }
        for connection in self.store.list_connections()? {
            if connection.settings.enabled {
                self.start(&self.session_changes.begin().await, connection.id)
                    .await;
            }
        }
        Ok(())
    }

    /// Whether Lode supervises its connections (see `live`).
    pub(crate) fn is_live(&self) -> bool {
        self.live.load(Ordering::SeqCst)
    }

    /// From now on, records how each connection's attempts to connect end, beside it in the
    /// store.
    fn record_outcomes(self: &Arc<Self>) {
        self.follow_events(|lode, event| async move {
            if let ConnectionEventKind::Status(status) = event.kind {
                lode.record_outcome(event.connection, &status);
            }
        });
    }
}
