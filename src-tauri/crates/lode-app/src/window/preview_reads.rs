//! The window's preview reads, one at a time: a newer read cancels the one still running. A
//! server that floods `resources/updated` for the open resource so costs one read at a time,
//! and the superseded read is dropped in Rust (its request cancelled), not only ignored by
//! the window.
//!
//! Who cancels a preview read: lode-app, here (a newer read) and in `followed_requests.rs` (the
//! person's Cancel). Both end a read the same way, by dropping its future; lode-mcp turns that
//! drop into `notifications/cancelled`, and the window and the shell only ask.

use std::future::Future;

use lode_core::{ErrorCode, LodeError, LodeResult};
use tokio::sync::watch;

/// Numbers the preview reads; each new one supersedes the one still running.
#[derive(Debug)]
pub(crate) struct PreviewReads(watch::Sender<u64>);

impl Default for PreviewReads {
    fn default() -> Self {
        Self(watch::channel(0).0)
    }
}

impl PreviewReads {
    /// Runs `read` (of `uri`) as the newest preview read: it ends `cancelled`, its future
    /// dropped, as soon as a newer one starts.
    pub(crate) async fn newest<T>(
        &self,
        uri: &str,
        read: impl Future<Output = LodeResult<T>>,
    ) -> LodeResult<T> {
        let mut mine = 0;
        self.0.send_modify(|latest| {
            *latest += 1;
            mine = *latest;
        });
        let mut newer = self.0.subscribe();
        let superseded = async {
            loop {
                if *newer.borrow_and_update() != mine {
                    return;
                }
                if newer.changed().await.is_err() {
                    std::future::pending::<()>().await;
                }
            }
        };
        tokio::select! {
            result = read => result,
            () = superseded => Err(LodeError::new(
                ErrorCode::Cancelled,
                format!("the read of {uri} was replaced by a newer one"),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[tokio::test]
    async fn a_newer_read_cancels_the_one_still_running() {
        let reads = PreviewReads::default();
        let slow = reads.newest("x://a", async {
            tokio::time::sleep(Duration::from_secs(30)).await;
            Ok("slow")
        });
        let fast = async {
            // The slow read has started (it runs first in the join below).
            tokio::task::yield_now().await;
            reads.newest("x://a", async { Ok("fast") }).await
        };
        let (slow, fast) =
            tokio::time::timeout(Duration::from_secs(5), async { tokio::join!(slow, fast) })
                .await
                .expect("the superseded read ended at once");
        assert_eq!(slow.map_err(|e| e.code), Err(ErrorCode::Cancelled));
        assert_eq!(fast, Ok("fast"));
        // A read alone is not cancelled.
        assert_eq!(reads.newest("x://b", async { Ok(1) }).await, Ok(1));
    }
}
