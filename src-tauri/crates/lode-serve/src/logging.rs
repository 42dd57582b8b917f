//! What a served basket tells its clients in `notifications/message`, and at which level each
//! session asked to hear it (`logging/setLevel`).
//!
//! An assistant reading a basket cannot see Lode's window, so what is worth its attention is
//! sent as a log message: a warning when an item it reads is stale or the basket could not be
//! read, an info line when the basket changed. Each session has its own level; a session that
//! never chose one hears warnings and above, so nothing reaches a client that did not ask for it
//! unless it matters. Sessions are those of the session protocol (up to 2025-11-25); a
//! 2026-07-28 request still hears a warning about what it asked for, on its own stream.

#![allow(deprecated)] // logging is deprecated by SEP-2577; clients of every era still use it

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use rmcp::model::{LoggingLevel, LoggingMessageNotificationParam};
use rmcp::service::{Peer, RoleServer};
use serde_json::Value;

use crate::plumbing::{log_rank as rank, SessionId};

/// The `logger` every message of a served basket names.
pub(crate) const LOGGER: &str = "lode.basket";

/// What a session hears before it chooses a level.
const DEFAULT_LEVEL: LoggingLevel = LoggingLevel::Warning;

/// A log message of a served basket: its level and its data, `{"message": …}` plus details.
pub(crate) struct Note {
    pub level: LoggingLevel,
    pub data: Value,
}

impl Note {
    pub fn info(data: Value) -> Self {
        Self {
            level: LoggingLevel::Info,
            data,
        }
    }

    pub fn warning(data: Value) -> Self {
        Self {
            level: LoggingLevel::Warning,
            data,
        }
    }

    fn params(&self) -> LoggingMessageNotificationParam {
        LoggingMessageNotificationParam::new(self.level, self.data.clone()).with_logger(LOGGER)
    }
}

struct Session {
    peer: Peer<RoleServer>,
    level: LoggingLevel,
}

/// The sessions that hear broadcast messages, each with its level.
#[derive(Default)]
pub(crate) struct Logging {
    sessions: Mutex<HashMap<SessionId, Session>>,
    /// Levels chosen by sessions, kept apart from `sessions` so a level set before
    /// `notifications/initialized` is not lost.
    levels: Mutex<HashMap<SessionId, LoggingLevel>>,
}

// Single inserts and removes leave the maps consistent under a panic.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Logging {
    /// An initialised session starts hearing broadcast messages at its level.
    pub fn join(&self, session: SessionId, peer: Peer<RoleServer>) {
        let level = self.level(session);
        lock(&self.sessions).insert(session, Session { peer, level });
    }

    /// `logging/setLevel`: from now on `session` hears messages at `level` and above.
    pub fn set_level(&self, session: SessionId, level: LoggingLevel) {
        lock(&self.levels).insert(session, level);
        if let Some(joined) = lock(&self.sessions).get_mut(&session) {
            joined.level = level;
        }
    }

    /// The session is gone: forget it.
    pub fn leave(&self, session: SessionId) {
        lock(&self.sessions).remove(&session);
        lock(&self.levels).remove(&session);
    }

    fn level(&self, session: SessionId) -> LoggingLevel {
        lock(&self.levels)
            .get(&session)
            .copied()
            .unwrap_or(DEFAULT_LEVEL)
    }

    /// Tells the client behind one request (`peer`, of `session`) about what it asked for.
    pub async fn tell(&self, session: SessionId, peer: &Peer<RoleServer>, note: &Note) {
        if rank(note.level) < rank(self.level(session)) {
            return;
        }
        if let Err(error) = peer.notify_logging_message(note.params()).await {
            tracing::debug!(session, %error, "a log message found its client gone");
        }
    }

    /// Tells every initialised session whose level allows it.
    pub async fn tell_all(&self, note: &Note) {
        // Snapshot under the lock, send without it: sends await on transports.
        let peers: Vec<_> = lock(&self.sessions)
            .iter()
            .filter(|(_, joined)| rank(note.level) >= rank(joined.level))
            .map(|(id, joined)| (*id, joined.peer.clone()))
            .collect();
        for (session, peer) in peers {
            if let Err(error) = peer.notify_logging_message(note.params()).await {
                tracing::debug!(session, %error, "dropping a closed session's log");
                lock(&self.sessions).remove(&session);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_rank_from_debug_to_emergency() {
        assert!(rank(LoggingLevel::Debug) < rank(LoggingLevel::Info));
        assert!(rank(LoggingLevel::Warning) < rank(LoggingLevel::Error));
        assert!(rank(LoggingLevel::Alert) < rank(LoggingLevel::Emergency));
        let logging = Logging::default();
        assert_eq!(logging.level(1), LoggingLevel::Warning);
        logging.set_level(1, LoggingLevel::Debug);
        assert_eq!(logging.level(1), LoggingLevel::Debug);
        assert_eq!(logging.level(2), LoggingLevel::Warning);
        logging.leave(1);
        assert_eq!(logging.level(1), LoggingLevel::Warning);
    }
}
