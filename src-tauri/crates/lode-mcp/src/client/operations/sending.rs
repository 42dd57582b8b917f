//! Requests Lode sends itself instead of through rmcp's typed calls, for two reasons:
//!
//! - rmcp's response cache: Lode disables it, but `Peer::list_resources` and
//!   `Peer::read_resource_once` still clone every result for it: about 67 ms per 100k listed
//!   resources (a seventh of the whole listing), and a second copy of every text or blob read;
//! - following (a tool call, a prompt get, a read the window shows progress for): rmcp's typed
//!   calls hide the `progressToken` they send, and a followed request needs it to route the
//!   server's progress reports to the caller's tag (see `progress_routes`).
//!
//! Either way the request keeps rmcp's promise that one dropped before its answer (a timeout, or
//! the person's Cancel) is cancelled on the server with `notifications/cancelled`. This is the
//! one place that sends such a request and the one guard that cancels it. When to stop is never
//! decided here: the caller drops the request (for a preview read, lode-app's
//! `window/followed_requests/` or `window/preview_reads.rs`), and this only tells the server.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{
    CancelledNotification, CancelledNotificationParam, ClientRequest, ListResourcesRequest,
    ListResourcesResult, PaginatedRequestParams, RequestId, ServerResult,
};
use rmcp::service::{Peer, PeerRequestOptions};
use rmcp::{RoleClient, ServiceError};

use crate::client::McpClient;

/// Why Lode tells a server it dropped a request nobody follows: only its time limit drops it.
const TIMED_OUT: &str = "Lode stopped waiting (timeout)";
/// Why Lode tells a server it dropped a followed request (the person's Cancel, or the time ran
/// out while they watched it).
const ABANDONED: &str = "the person cancelled the request in Lode";

impl McpClient {
    /// One `resources/list` page.
    pub(super) async fn list_resources_page(
        &self,
        peer: &Peer<RoleClient>,
        params: PaginatedRequestParams,
    ) -> Result<ListResourcesResult, ServiceError> {
        let request = ClientRequest::ListResourcesRequest(ListResourcesRequest::with_param(params));
        match self.send(peer, request, None).await? {
            ServerResult::ListResourcesResult(page) => Ok(page),
            _ => Err(ServiceError::UnexpectedResponse),
        }
    }

    /// Sends `request` and waits for its answer, with no time limit of its own (the caller's
    /// `call` or `call_within` gives one). With a `tag`, the server's progress reports come back
    /// under it while the request is open. Dropped before its answer, it is cancelled on the
    /// server.
    pub(super) async fn send(
        &self,
        peer: &Peer<RoleClient>,
        request: ClientRequest,
        tag: Option<&str>,
    ) -> Result<ServerResult, ServiceError> {
        let handle = peer
            .send_request_with_option(request, PeerRequestOptions::no_options())
            .await?;
        let _route = tag.map(|tag| {
            self.progress_routes
                .follow(handle.progress_token.0.to_string(), tag.to_owned())
        });
        let mut guard = CancelOnDrop {
            peer: peer.clone(),
            id: Some(handle.id.clone()),
            reason: if tag.is_some() { ABANDONED } else { TIMED_OUT },
            notices: self.cancel_notices.clone(),
        };
        let answer = handle.await_response().await;
        guard.id = None;
        answer
    }
}

/// The `notifications/cancelled` still on their way out: closing the connection waits for
/// them (briefly), so a CLI ended by Ctrl-C still tells the server before it exits.
#[derive(Debug, Clone, Default)]
pub(crate) struct CancelNotices(Arc<AtomicUsize>);

impl CancelNotices {
    /// The longest a close waits for notices still being sent.
    const SETTLE: Duration = Duration::from_secs(1);

    pub(crate) async fn settle(&self) {
        let deadline = tokio::time::Instant::now() + Self::SETTLE;
        while self.0.load(Ordering::Acquire) > 0 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}

/// Tells the server a request was dropped before its answer came, unless disarmed (`id` taken).
struct CancelOnDrop {
    peer: Peer<RoleClient>,
    id: Option<RequestId>,
    reason: &'static str,
    notices: CancelNotices,
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        let Some(id) = self.id.take() else {
            return;
        };
        // Drop cannot wait: the notification goes out on its own task, if a runtime is left.
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let peer = self.peer.clone();
        let pending = self.notices.0.clone();
        pending.fetch_add(1, Ordering::AcqRel);
        let notice = CancelledNotification::new(CancelledNotificationParam::new(
            Some(id),
            Some(self.reason.to_owned()),
        ));
        runtime.spawn(async move {
            if let Err(error) = peer.send_notification(notice.into()).await {
                tracing::debug!(%error, "could not tell the server a request was cancelled");
            }
            pending.fetch_sub(1, Ordering::AcqRel);
        });
    }
}
