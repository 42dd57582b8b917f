//! A bounded log of what a server process wrote to stderr: servers are untrusted and may write
//! without end, so only the newest lines are kept, each cut to a sane length.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

const MAX_LINES: usize = 500;
const MAX_LINE_CHARS: usize = 2_000;

/// Shared, cheaply cloneable ring of the newest stderr lines of one server.
#[derive(Debug, Clone, Default)]
pub struct ServerLog {
    lines: Arc<Mutex<VecDeque<String>>>,
    /// How many stderr streams are still being read into this log (0 or 1 in practice).
    open_streams: Arc<AtomicUsize>,
}

impl ServerLog {
    /// Marks a stream as being read into the log until the returned guard is dropped.
    pub(crate) fn writer(&self) -> StreamOpen {
        self.open_streams.fetch_add(1, Ordering::SeqCst);
        StreamOpen {
            open_streams: self.open_streams.clone(),
        }
    }

    /// Whether a server's stderr may still add lines: false once it has closed, or if no
    /// process was ever started (a command that does not exist, a remote server).
    pub fn may_grow(&self) -> bool {
        self.open_streams.load(Ordering::SeqCst) > 0
    }

    pub fn push(&self, line: &str) {
        let line: String = line.chars().take(MAX_LINE_CHARS).collect();
        // A poisoned lock only means another writer panicked mid-push; the ring is still usable.
        let mut lines = self
            .lines
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if lines.len() == MAX_LINES {
            lines.pop_front();
        }
        lines.push_back(line);
    }

    /// The newest `count` lines, oldest first.
    pub fn tail(&self, count: usize) -> Vec<String> {
        let lines = self
            .lines
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        lines
            .iter()
            .skip(lines.len().saturating_sub(count))
            .cloned()
            .collect()
    }
}

/// Held by the reader of a server's stderr; dropping it tells the log the stream has ended.
#[derive(Debug)]
pub(crate) struct StreamOpen {
    open_streams: Arc<AtomicUsize>,
}

impl Drop for StreamOpen {
    fn drop(&mut self) {
        self.open_streams.fetch_sub(1, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_only_the_newest_lines_and_cuts_long_ones() {
        let log = ServerLog::default();
        for i in 0..(MAX_LINES + 10) {
            log.push(&format!("line {i}"));
        }
        let tail = log.tail(MAX_LINES + 100);
        assert_eq!(tail.len(), MAX_LINES);
        assert_eq!(tail.first().map(String::as_str), Some("line 10"));
        log.push(&"x".repeat(MAX_LINE_CHARS * 2));
        assert_eq!(log.tail(1)[0].len(), MAX_LINE_CHARS);
    }

    #[test]
    fn may_grow_only_while_a_stream_is_read() {
        let log = ServerLog::default();
        assert!(!log.may_grow());
        let stream = log.clone().writer();
        assert!(log.may_grow());
        drop(stream);
        assert!(!log.may_grow());
    }
}
