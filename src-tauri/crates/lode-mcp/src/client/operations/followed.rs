//! Requests a caller follows and may stop (a tool call, a prompt get, a read): the server's progress reports come back under the
//! caller's tag (see `progress_routes`), and a request dropped before its answer (the person
//! pressed Cancel, or the time ran out) tells the server with `notifications/cancelled`.
//!
//! rmcp's typed calls already cancel on drop, but hide the `progressToken` they send; this
//! path sends the request itself to learn it.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use lode_core::{LodeResult, PromptResult, ResourceContent, ToolResult};
use rmcp::model::{
    CallToolRequest, CancelledNotification, CancelledNotificationParam, ClientRequest,
    GetPromptRequest, ReadResourceRequest, ReadResourceRequestParams, RequestId, ServerResult,
};
use rmcp::service::PeerRequestOptions;
use rmcp::{Peer, RoleClient, ServiceError};

use crate::client::McpClient;
use crate::convert::{prompt_result, tool_result};

/// Why Lode tells a server it dropped a request.
const ABANDONED: &str = "the person cancelled the request in Lode";

impl McpClient {
    /// [`McpClient::call_tool`], followed under `tag`: progress reports carry `tag` as their
    /// token, and dropping the call cancels it on the server.
    pub async fn call_tool_followed(
        &self,
        name: &str,
        arguments: serde_json::Value,
        tag: &str,
    ) -> LodeResult<ToolResult> {
        let params = super::catalog::tool_call_params(name, arguments)?;
        let what = format!("calling tool {name}");
        let request = ClientRequest::CallToolRequest(CallToolRequest::new(params.clone()));
        let limit = self.options.tool_call_timeout();
        match self.followed(&what, limit, request, tag).await? {
            ServerResult::CallToolResult(result) => {
                Ok(self.checked(name, tool_result(result)).await)
            }
            // A 2026-07-28 server asking for input first (SEP-2322): rmcp's own call drives
            // those rounds; that call is not followed, the first round had no effect yet.
            ServerResult::InputRequiredResult(_) => {
                let call = self.mcp(&what)?.call_tool(params);
                let result = tool_result(self.call_within(limit, &what, call).await?);
                Ok(self.checked(name, result).await)
            }
            _ => Err(crate::error::from_service(
                ServiceError::UnexpectedResponse,
                &what,
            )),
        }
    }

    /// [`McpClient::get_prompt`], followed under `tag` as [`McpClient::call_tool_followed`] is.
    pub async fn get_prompt_followed(
        &self,
        name: &str,
        arguments: &BTreeMap<String, String>,
        tag: &str,
    ) -> LodeResult<PromptResult> {
        let params = super::catalog::prompt_params(name, arguments);
        let what = format!("getting prompt {name}");
        let request = ClientRequest::GetPromptRequest(GetPromptRequest::new(params.clone()));
        let limit = self.options.request_timeout;
        match self.followed(&what, limit, request, tag).await? {
            ServerResult::GetPromptResult(result) => Ok(self.noted_prompt(prompt_result(result))),
            // Input asked for first: rmcp's multi-round helper, not followed (as for tools).
            ServerResult::InputRequiredResult(_) => {
                let get = self.mcp(&what)?.get_prompt(params);
                Ok(self.noted_prompt(prompt_result(self.call(&what, get).await?)))
            }
            _ => Err(crate::error::from_service(
                ServiceError::UnexpectedResponse,
                &what,
            )),
        }
    }

    /// [`McpClient::read_resource`], followed under `tag` as [`McpClient::call_tool_followed`]
    /// is. A REST resource API has no progress to follow: its read is the plain one.
    pub async fn read_resource_followed(
        &self,
        uri: &str,
        tag: &str,
    ) -> LodeResult<Vec<ResourceContent>> {
        let what = format!("reading {uri}");
        // Only a REST resource API has no MCP session.
        let Ok(session) = self.mcp(&what) else {
            return self.read_resource(uri).await;
        };
        let params = ReadResourceRequestParams::new(uri);
        let request = ClientRequest::ReadResourceRequest(ReadResourceRequest::new(params.clone()));
        let limit = self.options.request_timeout;
        let result = match self.followed(&what, limit, request, tag).await {
            Ok(ServerResult::ReadResourceResult(result)) => Ok(result),
            Ok(ServerResult::InputRequiredResult(_)) => {
                self.call(&what, session.read_resource(params)).await
            }
            Ok(_) => Err(crate::error::from_service(
                ServiceError::UnexpectedResponse,
                &what,
            )),
            Err(error) => Err(error),
        }
        .map_err(|e| self.not_found_in_modern_era(e))?;
        Ok(super::resources::read_contents(result))
    }

    /// Sends `request`, follows its progress under `tag`, and waits up to `limit` for the
    /// answer.
    async fn followed(
        &self,
        what: &str,
        limit: Duration,
        request: ClientRequest,
        tag: &str,
    ) -> LodeResult<ServerResult> {
        let peer = self.mcp(what)?.peer().clone();
        let send = async {
            let handle = peer
                .send_request_with_option(request, PeerRequestOptions::no_options())
                .await?;
            let _route = self
                .progress_routes
                .follow(handle.progress_token.0.to_string(), tag.to_owned());
            let mut abandon = Abandon {
                peer: peer.clone(),
                id: Some(handle.id.clone()),
                notices: self.cancel_notices.clone(),
            };
            let answer = handle.await_response().await;
            abandon.id = None;
            answer
        };
        self.call_within(limit, what, send).await
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
struct Abandon {
    peer: Peer<RoleClient>,
    id: Option<RequestId>,
    notices: CancelNotices,
}

impl Drop for Abandon {
    fn drop(&mut self) {
        let Some(id) = self.id.take() else {
            return;
        };
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let peer = self.peer.clone();
        let pending = self.notices.0.clone();
        pending.fetch_add(1, Ordering::AcqRel);
        let notice = CancelledNotification::new(CancelledNotificationParam::new(
            Some(id),
            Some(ABANDONED.to_owned()),
        ));
        runtime.spawn(async move {
            if let Err(error) = peer.send_notification(notice.into()).await {
                tracing::debug!(%error, "could not tell the server a request was cancelled");
            }
            pending.fetch_sub(1, Ordering::AcqRel);
        });
    }
}
