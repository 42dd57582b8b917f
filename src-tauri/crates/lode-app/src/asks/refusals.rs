//! How many asks each connection had refused at once because too many already waited for the
//! person, told to the window at most every [`NOTICE_EVERY`] however many come: a flood of
//! thousands of refusals is one line "N more refused", not thousands of events.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use lode_core::asks::{AskEvent, RefusedAsks};
use lode_core::ConnectionId;
use tokio::sync::broadcast;

/// How long refusals gather before the window hears their count.
const NOTICE_EVERY: Duration = Duration::from_millis(200);

#[derive(Debug)]
struct Count {
    server: String,
    count: u64,
    /// A notice is on its way: later refusals only add to its count.
    notice_due: bool,
}

#[derive(Debug)]
pub(crate) struct Refusals {
    counts: Mutex<HashMap<ConnectionId, Count>>,
    events: broadcast::Sender<AskEvent>,
}

impl Refusals {
    pub(crate) fn new(events: broadcast::Sender<AskEvent>) -> Self {
        Self {
            counts: Mutex::default(),
            events,
        }
    }

    /// One more ask of `connection` refused.
    pub(crate) fn refused(self: &Arc<Self>, connection: ConnectionId, server: &str) {
        let (count, notice) = {
            let mut counts = self.lock();
            let entry = counts.entry(connection).or_insert_with(|| Count {
                server: server.to_owned(),
                count: 0,
                notice_due: false,
            });
            entry.count += 1;
            let notice = !entry.notice_due;
            entry.notice_due = true;
            (entry.count, notice)
        };
        if count.is_power_of_two() {
            tracing::warn!(
                server,
                count,
                "refused a server's request for the person: too many are waiting"
            );
        }
        if !notice {
            return;
        }
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => {
                let refusals = self.clone();
                runtime.spawn(async move {
                    tokio::time::sleep(NOTICE_EVERY).await;
                    refusals.tell(connection);
                });
            }
            Err(_) => self.tell(connection),
        }
    }

    /// The window hears the count so far.
    fn tell(&self, connection: ConnectionId) {
        let refused = {
            let mut counts = self.lock();
            let Some(entry) = counts.get_mut(&connection) else {
                return;
            };
            entry.notice_due = false;
            refused(connection, entry)
        };
        let _ = self.events.send(AskEvent::Refused { refused });
    }

    /// `connection` has no ask waiting any more: its next refusals count afresh.
    pub(crate) fn forget(&self, connection: ConnectionId) {
        self.lock().remove(&connection);
    }

    pub(crate) fn all(&self) -> Vec<RefusedAsks> {
        let mut all: Vec<RefusedAsks> = self
            .lock()
            .iter()
            .map(|(connection, entry)| refused(*connection, entry))
            .collect();
        all.sort_by_key(|r| r.connection.0);
        all
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<ConnectionId, Count>> {
        self.counts
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

fn refused(connection: ConnectionId, entry: &Count) -> RefusedAsks {
    RefusedAsks {
        connection,
        server: entry.server.clone(),
        count: entry.count,
    }
}
