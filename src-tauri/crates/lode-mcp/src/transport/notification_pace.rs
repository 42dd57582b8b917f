//! A ceiling on how fast Lode hands one server's notifications to rmcp.
//!
//! The events a flood of notifications produces are coalesced further up (the hub's event
//! gate), but each notification rmcp takes is work too (a handler call, an event): a server
//! that sends 200,000 as fast as the pipe takes them kept a core of Lode's busy for seconds, and
//! on a two-core machine the window's search answers then waited for the processor. Past the
//! ceiling the transport no longer hands notifications on one by one: the flood gate
//! (`flood_gate.rs`) coalesces or counts them, while the transport keeps reading, so responses
//! never wait behind a flood (an earlier version waited here instead, and held the answer to a
//! listing behind 200,000 notifications for 40 s).

use std::time::{Duration, Instant};

/// Notifications taken per window: 5,000 a second, far above what a well-behaved server sends
/// (progress and logs come by the tens a second). Measured in the real window during a flood of
/// 200,000 (docs/browser.md): at 10,000 a second search keystrokes still took 90–102 ms at p95.
const PER_WINDOW: u32 = 500;
const WINDOW: Duration = Duration::from_millis(100);
/// The ceiling, in notifications a second (as Lode says it when it leaves some out).
pub(crate) const PER_SECOND: u128 = PER_WINDOW as u128 * 1000 / WINDOW.as_millis();

#[derive(Debug)]
pub(crate) struct NotificationPace {
    window_start: Instant,
    taken: u32,
}

impl Default for NotificationPace {
    fn default() -> Self {
        Self {
            window_start: Instant::now(),
            taken: 0,
        }
    }
}

impl NotificationPace {
    /// How long to wait before the next notification may be taken, at `now`; `None` when it
    /// may be taken at once.
    pub(crate) fn wait(&self, now: Instant) -> Option<Duration> {
        let ends = self.window_start + WINDOW;
        (self.taken >= PER_WINDOW && now < ends).then(|| ends - now)
    }

    /// Counts one notification taken at `now`.
    pub(crate) fn take(&mut self, now: Instant) {
        if now >= self.window_start + WINDOW {
            self.window_start = now;
            self.taken = 0;
        }
        self.taken += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_takes_its_share_then_waits_until_it_ends() {
        let start = Instant::now();
        let mut pace = NotificationPace {
            window_start: start,
            taken: 0,
        };
        for _ in 0..PER_WINDOW {
            assert_eq!(pace.wait(start), None);
            pace.take(start);
        }
        let later = start + Duration::from_millis(30);
        assert_eq!(pace.wait(later), Some(WINDOW - Duration::from_millis(30)));
        // The next window starts afresh.
        let next = start + WINDOW;
        assert_eq!(pace.wait(next), None);
        pace.take(next);
        assert_eq!(pace.taken, 1);
    }
}
