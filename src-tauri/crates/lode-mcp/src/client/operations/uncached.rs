//! Listing pages and reads, sent without rmcp's response cache. Lode disables that cache, but
//! `Peer::list_resources` and `Peer::read_resource_once` still clone every result for it: about
//! 67 ms per 100k listed resources (a seventh of the whole listing), and a second copy of every
//! text or blob read. These send the request directly and keep rmcp's promise that a request
//! abandoned by its caller (a timeout) is cancelled on the server.

use rmcp::model::{
    CancelledNotificationParam, ClientRequest, ListResourcesRequest, ListResourcesResult,
    PaginatedRequestParams, ReadResourceRequest, ReadResourceRequestParams, ReadResourceResult,
    RequestId, ServerResult,
};
use rmcp::service::{Peer, PeerRequestOptions};
use rmcp::{RoleClient, ServiceError};

pub(crate) async fn list_resources_page(
    peer: &Peer<RoleClient>,
    params: PaginatedRequestParams,
) -> Result<ListResourcesResult, ServiceError> {
    let request = ClientRequest::ListResourcesRequest(ListResourcesRequest::with_param(params));
    match send(peer, request).await? {
        ServerResult::ListResourcesResult(page) => Ok(page),
        _ => Err(ServiceError::UnexpectedResponse),
    }
}

/// One `resources/read`: `None` when the server asks for input first (a 2026-07-28 server's
/// `input_required`), which the caller leaves to rmcp's multi-round helper.
pub(crate) async fn read_resource_once(
    peer: &Peer<RoleClient>,
    params: ReadResourceRequestParams,
) -> Result<Option<ReadResourceResult>, ServiceError> {
    let request = ClientRequest::ReadResourceRequest(ReadResourceRequest::new(params));
    match send(peer, request).await? {
        ServerResult::ReadResourceResult(result) => Ok(Some(result)),
        ServerResult::InputRequiredResult(_) => Ok(None),
        _ => Err(ServiceError::UnexpectedResponse),
    }
}

async fn send(
    peer: &Peer<RoleClient>,
    request: ClientRequest,
) -> Result<ServerResult, ServiceError> {
    let handle = peer
        .send_cancellable_request(request, PeerRequestOptions::no_options())
        .await?;
    let mut guard = CancelOnDrop {
        peer: peer.clone(),
        id: Some(handle.id.clone()),
    };
    let answer = handle.await_response().await;
    guard.id = None;
    answer
}

/// Sends `notifications/cancelled` for a request whose caller stopped waiting.
struct CancelOnDrop {
    peer: Peer<RoleClient>,
    id: Option<RequestId>,
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        let Some(id) = self.id.take() else {
            return;
        };
        let peer = self.peer.clone();
        let reason = Some("Lode stopped waiting (timeout)".to_owned());
        // Drop cannot wait: the notification goes out on its own task, if a runtime is left.
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                let _ = peer
                    .notify_cancelled(CancelledNotificationParam::new(Some(id), reason))
                    .await;
            });
        }
    }
}
