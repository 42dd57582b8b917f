//! When to try a lost connection again: exponential, capped, and given up after a few attempts
//! so a server that cannot start does not spin forever.

use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backoff {
    pub first: Duration,
    pub max: Duration,
    /// Attempts after the first failure; past this the connection is marked failed.
    pub max_attempts: u32,
}

impl Default for Backoff {
    fn default() -> Self {
        Self {
            first: Duration::from_millis(500),
            max: Duration::from_secs(30),
            max_attempts: 6,
        }
    }
}

impl Backoff {
    /// The wait before attempt `attempt` (1-based), or `None` once attempts are used up.
    pub fn delay(&self, attempt: u32) -> Option<Duration> {
        if attempt == 0 || attempt > self.max_attempts {
            return None;
        }
        let factor = 2u32.saturating_pow(attempt - 1);
        Some(self.first.saturating_mul(factor).min(self.max))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles_up_to_the_cap_then_gives_up() {
        let backoff = Backoff {
            first: Duration::from_millis(100),
            max: Duration::from_millis(350),
            max_attempts: 4,
        };
        let delays: Vec<_> = (1..=5).map(|a| backoff.delay(a)).collect();
        assert_eq!(
            delays,
            vec![
                Some(Duration::from_millis(100)),
                Some(Duration::from_millis(200)),
                Some(Duration::from_millis(350)),
                Some(Duration::from_millis(350)),
                None,
            ]
        );
        assert_eq!(backoff.delay(0), None);
    }
}
