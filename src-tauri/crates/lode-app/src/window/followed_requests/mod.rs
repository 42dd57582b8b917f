//! The long requests the person follows in the window (a tool call): each has a tag chosen by
//! its caller, under which the server's progress reaches the window, and a Cancel that ends it
//! at once. Cancelling drops the request's future: lode-mcp then tells the server with
//! `notifications/cancelled`. The calls that follow a request this way are `calls`.
//!
//! This is where a Cancel is decided, for a preview read too (a newer preview read is ended by
//! `window/preview_reads.rs`): the window's `useFollowedRequest` and the shell's `cancel_request`
//! only name the request, and lode-mcp (`client/operations/sending.rs`) only tells the server.

mod calls;

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};

use lode_core::{ConnectionId, ErrorCode, LodeError, LodeResult};
use tokio::sync::Notify;

/// The longest tag Lode accepts: tags come from the window, which is treated as hostile.
const MAX_TAG_BYTES: usize = 128;

type Key = (ConnectionId, String);

/// The running followed requests, each with the signal that cancels it.
#[derive(Debug, Default)]
pub(crate) struct FollowedRequests(Mutex<HashMap<Key, Arc<Notify>>>);

impl FollowedRequests {
    /// Runs `request` as `(id, tag)` until it ends or [`FollowedRequests::cancel`] names it.
    pub(crate) async fn run<T>(
        &self,
        id: ConnectionId,
        tag: &str,
        request: impl Future<Output = LodeResult<T>>,
    ) -> LodeResult<T> {
        check_tag(tag)?;
        let key = (id, tag.to_owned());
        let stop = Arc::new(Notify::new());
        {
            let mut running = self.0.lock().unwrap_or_else(|p| p.into_inner());
            if running.contains_key(&key) {
                return Err(LodeError::new(
                    ErrorCode::InvalidInput,
                    format!("a request tagged {tag:?} is already running"),
                ));
            }
            running.insert(key.clone(), stop.clone());
        }
        let _forget = Forget {
            requests: self,
            key,
        };
        tokio::select! {
            result = request => result,
            () = stop.notified() => Err(LodeError::new(
                ErrorCode::Cancelled,
                "cancelled: Lode told the server to stop",
            )),
        }
    }

    /// Cancels the request `(id, tag)`; false when none such is running (it ended already).
    pub(crate) fn cancel(&self, id: ConnectionId, tag: &str) -> bool {
        let running = self.0.lock().unwrap_or_else(|p| p.into_inner());
        match running.get(&(id, tag.to_owned())) {
            Some(stop) => {
                // A stored permit: the request ends even if it is not waiting this instant.
                stop.notify_one();
                true
            }
            None => false,
        }
    }
}

fn check_tag(tag: &str) -> LodeResult<()> {
    if tag.is_empty() || tag.len() > MAX_TAG_BYTES || tag.chars().any(char::is_control) {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            format!("a request tag is 1 to {MAX_TAG_BYTES} bytes of printable text"),
        ));
    }
    Ok(())
}

struct Forget<'a> {
    requests: &'a FollowedRequests,
    key: Key,
}

impl Drop for Forget<'_> {
    fn drop(&mut self) {
        let mut running = self.requests.0.lock().unwrap_or_else(|p| p.into_inner());
        running.remove(&self.key);
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[tokio::test]
    async fn cancel_ends_the_named_request_at_once() {
        let requests = FollowedRequests::default();
        let id = ConnectionId(1);
        let slow = requests.run(id, "a", async {
            tokio::time::sleep(Duration::from_secs(30)).await;
            Ok(1)
        });
        let cancel = async {
            tokio::task::yield_now().await;
            assert!(!requests.cancel(id, "other"));
            assert!(requests.cancel(id, "a"));
        };
        let (slow, ()) =
            tokio::time::timeout(Duration::from_secs(5), async { tokio::join!(slow, cancel) })
                .await
                .expect("the cancelled request ended at once");
        assert_eq!(slow.map_err(|e| e.code), Err(ErrorCode::Cancelled));
        // Ended requests are forgotten; a second run of the tag is fine.
        assert!(!requests.cancel(id, "a"));
        assert_eq!(requests.run(id, "a", async { Ok(2) }).await, Ok(2));
    }

    #[tokio::test]
    async fn hostile_tags_are_refused() {
        let requests = FollowedRequests::default();
        for tag in ["", "a\nb", &"x".repeat(MAX_TAG_BYTES + 1)] {
            let result = requests.run(ConnectionId(1), tag, async { Ok(()) }).await;
            assert_eq!(result.map_err(|e| e.code), Err(ErrorCode::InvalidInput));
        }
    }
}
