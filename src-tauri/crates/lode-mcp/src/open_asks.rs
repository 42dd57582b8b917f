//! Whether the server has an ask (elicitation, sampling) open with the person on a connection.
//! While one is, the connection's request time limits stand still: a tool call that asks the
//! person to fill in a form must not time out while they type. The ask has its own bound (the
//! asker's time limit, `handler_asks`), so a request cannot be held open for ever this way.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;
use tokio::time::Instant;

/// How many asks are open on one connection, shared by the handler (which opens them) and the
/// client (whose time limits wait for them).
#[derive(Debug, Clone)]
pub(crate) struct OpenAsks(Arc<watch::Sender<usize>>);

impl Default for OpenAsks {
    fn default() -> Self {
        Self(Arc::new(watch::channel(0).0))
    }
}

impl OpenAsks {
    /// Counts an ask as open until the returned guard is dropped.
    pub(crate) fn open(&self) -> AskOpen {
        self.0.send_modify(|open| *open += 1);
        AskOpen(self.clone())
    }

    /// Resolves once `limit` has passed without an ask open: time with one open does not count.
    pub(crate) async fn limit_passes(&self, limit: Duration) {
        let mut open = self.0.subscribe();
        let mut left = limit;
        loop {
            if *open.borrow_and_update() > 0 {
                // Paused until the count changes (the sender lives as long as `self`).
                let _ = open.changed().await;
                continue;
            }
            let started = Instant::now();
            tokio::select! {
                () = tokio::time::sleep(left) => return,
                _ = open.changed() => left = left.saturating_sub(started.elapsed()),
            }
        }
    }
}

/// An open ask; dropping it closes it.
#[derive(Debug)]
pub(crate) struct AskOpen(OpenAsks);

impl Drop for AskOpen {
    fn drop(&mut self) {
        self.0 .0.send_modify(|open| *open = open.saturating_sub(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMIT: Duration = Duration::from_millis(300);

    #[tokio::test]
    async fn the_limit_passes_when_no_ask_is_open() {
        let asks = OpenAsks::default();
        let started = Instant::now();
        asks.limit_passes(LIMIT).await;
        assert!(started.elapsed() >= LIMIT);
        assert!(started.elapsed() < LIMIT * 3, "{:?}", started.elapsed());
    }

    #[tokio::test]
    async fn an_open_ask_stops_the_clock_and_closing_it_restarts_it() {
        let asks = OpenAsks::default();
        let limit = asks.limit_passes(LIMIT);
        tokio::pin!(limit);
        // 100 ms of the limit pass, then an ask is open for three times the whole limit.
        tokio::time::sleep(Duration::from_millis(100)).await;
        let started = Instant::now();
        let ask = asks.open();
        tokio::select! {
            () = &mut limit => panic!("the limit passed while an ask was open"),
            () = tokio::time::sleep(LIMIT * 3) => {}
        }
        drop(ask);
        // The rest of the limit (about 200 ms) runs once the ask is closed, and no more.
        let closed = Instant::now();
        tokio::time::timeout(LIMIT * 2, &mut limit)
            .await
            .expect("the limit passed after the ask closed");
        assert!(
            closed.elapsed() >= Duration::from_millis(150),
            "{:?}",
            closed.elapsed()
        );
        assert!(started.elapsed() > LIMIT * 3);
    }

    #[tokio::test]
    async fn two_asks_keep_it_stopped_until_both_close() {
        let asks = OpenAsks::default();
        let (first, second) = (asks.open(), asks.open());
        let limit = asks.limit_passes(Duration::from_millis(50));
        tokio::pin!(limit);
        drop(first);
        tokio::select! {
            () = &mut limit => panic!("one ask is still open"),
            () = tokio::time::sleep(Duration::from_millis(200)) => {}
        }
        drop(second);
        tokio::time::timeout(Duration::from_secs(2), &mut limit)
            .await
            .expect("both closed: the limit passes");
    }
}
