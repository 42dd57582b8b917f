//! A bounded log of what a server process wrote to stderr: servers are untrusted and may write
//! without end, so only the newest lines are kept, each cut to a sane length.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

const MAX_LINES: usize = 500;
const MAX_LINE_CHARS: usize = 2_000;

/// Shared, cheaply cloneable ring of the newest stderr lines of one server.
#[derive(Debug, Clone, Default)]
pub struct ServerLog {
    lines: Arc<Mutex<VecDeque<String>>>,
}

impl ServerLog {
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
}
