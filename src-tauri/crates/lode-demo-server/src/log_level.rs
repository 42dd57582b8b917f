//! The level a client chose with `logging/setLevel`: the demo sends only log messages at or
//! above it (Info until the client says otherwise).

#![allow(deprecated)] // logging is deprecated by SEP-2577; clients of every era still use it

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;

use lode_serve::plumbing::log_rank;
use rmcp::model::LoggingLevel;

/// A level's rank, as every Lode server ranks them (lode-serve's plumbing).
fn rank(level: LoggingLevel) -> u8 {
    // Eight levels: the rank always fits.
    u8::try_from(log_rank(level)).unwrap_or(u8::MAX)
}

/// One connection's chosen level, shared by its handler and its running tools.
#[derive(Debug, Clone)]
pub struct LogLevel(Arc<AtomicU8>);

impl Default for LogLevel {
    fn default() -> Self {
        Self(Arc::new(AtomicU8::new(rank(LoggingLevel::Info))))
    }
}

impl LogLevel {
    pub fn set(&self, level: LoggingLevel) {
        self.0.store(rank(level), Ordering::Relaxed);
    }

    /// Whether a message at `level` is to be sent.
    pub fn allows(&self, level: LoggingLevel) -> bool {
        rank(level) >= self.0.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_below_the_chosen_level_are_held_back() {
        let level = LogLevel::default();
        assert!(!level.allows(LoggingLevel::Debug));
        assert!(level.allows(LoggingLevel::Info));
        level.set(LoggingLevel::Debug);
        assert!(level.allows(LoggingLevel::Debug));
        level.set(LoggingLevel::Error);
        assert!(!level.allows(LoggingLevel::Warning));
        assert!(level.allows(LoggingLevel::Critical));
    }
}
