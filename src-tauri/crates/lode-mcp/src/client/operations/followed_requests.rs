//! Requests a caller follows and may stop (a tool call, a prompt get, a read): the server's
//! progress reports come back under the caller's tag (see `progress_routes`), and a request
//! dropped before its answer (the person pressed Cancel, or the time ran out) tells the server
//! with `notifications/cancelled`.
//!
//! Each is sent by `sending.rs` with a tag: rmcp's typed calls already cancel on drop, but hide
//! the `progressToken` they send, which following needs. A followed read is the plain read
//! itself (`resources.rs`, `read_over`) with the tag, not a copy of it.

use std::collections::BTreeMap;
use std::time::Duration;

use lode_core::{LodeResult, PromptResult, ResourceContent, ToolResult};
use rmcp::model::{CallToolRequest, ClientRequest, GetPromptRequest, ServerResult};
use rmcp::ServiceError;

use crate::client::McpClient;
use crate::convert::{prompt_result, tool_result};

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
    /// is: the same read (`McpClient::read_over`), with the tag. A REST resource API has no
    /// progress to follow: its read is the plain one.
    pub async fn read_resource_followed(
        &self,
        uri: &str,
        tag: &str,
    ) -> LodeResult<Vec<ResourceContent>> {
        // Only a REST resource API has no MCP session.
        let Ok(session) = self.mcp("reading") else {
            return self.read_resource(uri).await;
        };
        self.read_over(session, uri, Some(tag)).await
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
        let peer = self.mcp(what)?.peer();
        self.call_within(limit, what, self.send(peer, request, Some(tag)))
            .await
    }
}
