//! A bounded log of what a server process wrote to stderr: servers are untrusted and may write
//! without end, so only the newest lines are kept, each cut to a sane length, and each with the
//! connection's secrets scrubbed (a server may print its environment, or its token).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use lode_core::SecretScrubber;

const MAX_LINES: usize = 500;
const MAX_LINE_CHARS: usize = 2_000;

/// Shared, cheaply cloneable ring of the newest stderr lines of one server.
#[derive(Debug, Clone, Default)]
pub struct ServerLog {
    lines: Arc<Mutex<VecDeque<String>>>,
    /// How many stderr streams are still being read into this log (0 or 1 in practice).
    open_streams: Arc<AtomicUsize>,
    /// The connection's secrets, taken out of every line before it is kept.
    scrubber: SecretScrubber,
}

impl ServerLog {
    /// A log that scrubs `scrubber`'s secrets from every line.
    pub(crate) fn scrubbing(scrubber: SecretScrubber) -> Self {
        Self {
            scrubber,
            ..Self::default()
        }
    }

    /// The connection's secrets, for what else carries the server's words (its history).
    pub(crate) fn scrubber(&self) -> &SecretScrubber {
        &self.scrubber
    }

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
        // Scrubbed whole, then cut; a secret the cut splits loses its start too.
        let line = self.scrubber.scrub(line);
        let mut line: String = line.chars().take(MAX_LINE_CHARS).collect();
        let partial = self.scrubber.partial_at_end(&line);
        line.truncate(line.len() - partial);
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
    fn every_line_is_scrubbed_before_it_is_kept_even_where_it_is_cut() {
        let secret = "planted-secret-5c1e9d0b";
        let log = ServerLog::scrubbing(SecretScrubber::new([secret]));
        log.push(&format!("token={secret} again %70%6C%61%6E%74%65%64%2D%73%65%63%72%65%74%2D%35%63%31%65%39%64%30%62"));
        assert_eq!(log.tail(1), ["token=[secret] again [secret]"]);
        let cut_through = format!("{}{secret}", "x".repeat(MAX_LINE_CHARS - 10));
        log.push(&cut_through);
        assert_eq!(
            log.tail(1)[0],
            format!("{}[secret]", "x".repeat(MAX_LINE_CHARS - 10))
        );
        let cut_through = format!("{}{}", "x".repeat(MAX_LINE_CHARS - 10), &secret[..12]);
        log.push(&cut_through);
        assert_eq!(log.tail(1)[0], "x".repeat(MAX_LINE_CHARS - 10));
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
