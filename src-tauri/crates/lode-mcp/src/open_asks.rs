//! Whether the server has an ask (elicitation, sampling) open with the person on a connection.
//! While one is, the connection's request time limits stand still: a tool call that asks the
//! person to fill in a form must not time out while they type. Three bounds keep a server from
//! holding a request open for ever this way: at most [`MAX_OPEN_ASKS_PER_CONNECTION`] asks are
//! open at once (the rest are refused at once and never stop the clock), each ask has its own
//! time limit (`handler_asks`), and one request's clock stands still for at most one ask's time
//! limit in all, however many asks follow one another.

use std::sync::Arc;
use std::time::Duration;

use lode_core::asks::MAX_OPEN_ASKS_PER_CONNECTION;
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
    /// Counts an ask as open until the returned guard is dropped; `None` when the connection
    /// already has [`MAX_OPEN_ASKS_PER_CONNECTION`] open (the ask is then refused).
    pub(crate) fn try_open(&self) -> Option<AskOpen> {
        let mut admitted = false;
        self.0.send_if_modified(|open| {
            admitted = *open < MAX_OPEN_ASKS_PER_CONNECTION;
            *open += usize::from(admitted);
            admitted
        });
        admitted.then(|| AskOpen(self.clone()))
    }

    /// Resolves once `limit` has passed without an ask open: time with one open does not count,
    /// up to `max_pause` in all; past it the clock runs whatever is open.
    pub(crate) async fn limit_passes(&self, limit: Duration, max_pause: Duration) {
        let mut open = self.0.subscribe();
        let mut left = limit;
        let mut pause_left = max_pause;
        loop {
            let started = Instant::now();
            if *open.borrow_and_update() > 0 && !pause_left.is_zero() {
                // Paused until the count changes (the sender lives as long as `self`), or the
                // pause allowed is spent.
                tokio::select! {
                    _ = open.changed() => {}
                    () = tokio::time::sleep(pause_left) => {}
                }
                pause_left = pause_left.saturating_sub(started.elapsed());
                continue;
            }
            if pause_left.is_zero() {
                return tokio::time::sleep(left).await;
            }
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
    /// Pauses in the older tests are never near it.
    const LONG_PAUSE: Duration = Duration::from_secs(60);

    fn open(asks: &OpenAsks) -> AskOpen {
        asks.try_open().expect("room for an ask")
    }

    #[tokio::test]
    async fn the_limit_passes_when_no_ask_is_open() {
        let asks = OpenAsks::default();
        let started = Instant::now();
        asks.limit_passes(LIMIT, LONG_PAUSE).await;
        assert!(started.elapsed() >= LIMIT);
        assert!(started.elapsed() < LIMIT * 3, "{:?}", started.elapsed());
    }

    #[tokio::test]
    async fn an_open_ask_stops_the_clock_and_closing_it_restarts_it() {
        let asks = OpenAsks::default();
        let limit = asks.limit_passes(LIMIT, LONG_PAUSE);
        tokio::pin!(limit);
        // 100 ms of the limit pass, then an ask is open for three times the whole limit.
        tokio::time::sleep(Duration::from_millis(100)).await;
        let started = Instant::now();
        let ask = open(&asks);
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
        let (first, second) = (open(&asks), open(&asks));
        let limit = asks.limit_passes(Duration::from_millis(50), LONG_PAUSE);
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

    #[test]
    fn past_the_cap_an_ask_is_refused_until_one_closes() {
        let asks = OpenAsks::default();
        let held: Vec<AskOpen> = (0..MAX_OPEN_ASKS_PER_CONNECTION)
            .map(|_| open(&asks))
            .collect();
        assert!((0..1000).all(|_| asks.try_open().is_none()));
        assert_eq!(*asks.0.borrow(), MAX_OPEN_ASKS_PER_CONNECTION);
        drop(held);
        assert_eq!(*asks.0.borrow(), 0);
        assert!(asks.try_open().is_some());
    }

    /// A server that keeps asks open one after another (each within its own time limit) stops
    /// a request's clock for `max_pause` in all, then the request times out as any other.
    #[tokio::test]
    async fn asks_that_never_stop_coming_pause_the_clock_only_so_long() {
        let asks = OpenAsks::default();
        let relay = asks.clone();
        let flood = tokio::spawn(async move {
            let mut current = relay.try_open();
            loop {
                tokio::time::sleep(Duration::from_millis(20)).await;
                let next = relay.try_open();
                current = next.or(current);
            }
        });
        let started = Instant::now();
        let limit = asks.limit_passes(Duration::from_millis(100), Duration::from_millis(400));
        tokio::time::timeout(Duration::from_secs(5), limit)
            .await
            .expect("the clock ran again once the pause allowed was spent");
        flood.abort();
        let took = started.elapsed();
        assert!(took >= Duration::from_millis(450), "{took:?}");
    }
}
