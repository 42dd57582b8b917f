//! One change to the connections' sessions at a time. A request that finds its connection not
//! running starts it (`sessions.rs`), and an edit stops a session and starts it again with what
//! it saved (`edits.rs`). Interleaved, the request could start the connection as it was before
//! the edit (its old command, read just before the edit saved the new one) right after the edit
//! stopped it; the edit's own start would then find it running and do nothing, and the old
//! server would stay, without the protocol era the edit had forgotten. So whoever stops or
//! starts a session holds [`Changing`] from reading the connection until it is done, and
//! [`crate::Lode::start`] starts only the connection as saved at that moment.

use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::{Mutex, MutexGuard};

/// The one lock over starting and stopping sessions, one per Lode, and whether Lode has shut
/// down (no session starts after that: the app is quitting, and its servers with it).
#[derive(Debug, Default)]
pub(crate) struct SessionChanges {
    lock: Mutex<()>,
    ended: AtomicBool,
}

/// Held while sessions are started or stopped: what [`crate::Lode::start`] asks for, so no
/// start can happen outside it.
pub(crate) struct Changing<'a> {
    _held: MutexGuard<'a, ()>,
}

impl SessionChanges {
    /// Waits for the changes under way to end, and holds off others until dropped.
    pub(crate) async fn begin(&self) -> Changing<'_> {
        Changing {
            _held: self.lock.lock().await,
        }
    }

    /// From now on, no session starts.
    pub(crate) fn end(&self, _changing: &Changing<'_>) {
        self.ended.store(true, Ordering::SeqCst);
    }

    pub(crate) fn ended(&self) -> bool {
        self.ended.load(Ordering::SeqCst)
    }
}
