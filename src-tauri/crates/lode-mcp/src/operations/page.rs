//! One `resources/list` page, sent without rmcp's response cache. Lode disables that cache, but
//! `Peer::list_resources` still clones every page for it: about 67 ms per 100k resources, a
//! seventh of the whole listing. This sends the request directly and keeps rmcp's promise
//! that a request abandoned by its caller (a timeout) is cancelled on the server.

use rmcp::model::{
    CancelledNotificationParam, ClientRequest, ListResourcesRequest, ListResourcesResult,
    PaginatedRequestParams, RequestId, ServerResult,
};
use rmcp::service::{Peer, PeerRequestOptions};
use rmcp::{RoleClient, ServiceError};

pub(crate) async fn list_resources_page(
    peer: &Peer<RoleClient>,
    params: PaginatedRequestParams,
) -> Result<ListResourcesResult, ServiceError> {
    let request = ClientRequest::ListResourcesRequest(ListResourcesRequest::with_param(params));
    let handle = peer
        .send_cancellable_request(request, PeerRequestOptions::no_options())
        .await?;
    let mut guard = CancelOnDrop {
        peer: peer.clone(),
        id: Some(handle.id.clone()),
    };
    let answer = handle.await_response().await;
    guard.id = None;
    match answer? {
        ServerResult::ListResourcesResult(page) => Ok(page),
        _ => Err(ServiceError::UnexpectedResponse),
    }
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
