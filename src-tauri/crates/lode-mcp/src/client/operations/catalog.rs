//! Prompts and tools, and `ping` for the servers whose era has it.

use std::collections::BTreeMap;

use lode_core::{ErrorCode, LodeError, LodeResult, PromptItem, PromptResult, ToolItem, ToolResult};
use rmcp::model::{
    CallToolRequestParams, ClientRequest, GetPromptRequestParams, PingRequest, ServerResult,
};
use rmcp::ServiceError;

use super::paging::all_pages;
use crate::client::McpClient;
use crate::convert::{prompt_item, prompt_result, tool_item, tool_result};

impl McpClient {
    pub async fn list_prompts(&self) -> LodeResult<Vec<PromptItem>> {
        let what = "listing prompts";
        let peer = self.mcp(what)?.peer();
        let prompts = all_pages(async |params| {
            let page = self.call(what, peer.list_prompts(Some(params))).await?;
            Ok((
                page.prompts.into_iter().map(prompt_item).collect(),
                page.next_cursor,
            ))
        })
        .await?;
        self.note_icons(prompts.iter().map(|p: &PromptItem| &p.icons));
        Ok(prompts)
    }

    pub async fn get_prompt(
        &self,
        name: &str,
        arguments: &BTreeMap<String, String>,
    ) -> LodeResult<PromptResult> {
        let params = prompt_params(name, arguments);
        let what = format!("getting prompt {name}");
        let result = self
            .call(&what, self.mcp(&what)?.get_prompt(params))
            .await?;
        Ok(self.noted_prompt(prompt_result(result)))
    }

    pub async fn list_tools(&self) -> LodeResult<Vec<ToolItem>> {
        let what = "listing tools";
        let peer = self.mcp(what)?.peer();
        let tools = all_pages(async |params| {
            let page = self.call(what, peer.list_tools(Some(params))).await?;
            Ok((
                page.tools.into_iter().map(tool_item).collect(),
                page.next_cursor,
            ))
        })
        .await?;
        self.output_schemas.remember(&tools);
        self.listed_hints.remember(&tools);
        self.note_icons(tools.iter().map(|t: &ToolItem| &t.icons));
        Ok(tools)
    }

    /// Calls a tool with a JSON object of arguments. A tool that runs and fails comes back as a
    /// result with `is_error`, not as an error: its content says what went wrong.
    pub async fn call_tool(
        &self,
        name: &str,
        arguments: serde_json::Value,
    ) -> LodeResult<ToolResult> {
        let params = tool_call_params(name, arguments)?;
        let what = format!("calling tool {name}");
        // Longer than other requests, so a gateway's own timeout answer arrives first.
        let limit = self.options.tool_call_timeout();
        let call = self.mcp(&what)?.call_tool(params);
        let result = self.call_within(limit, &what, call).await?;
        Ok(self.checked(name, tool_result(result)).await)
    }

    /// Checks the server answers. 2026-07-28 dropped `ping`; there a cheap discover-free request
    /// is not defined either, so the check is only that the session is still running.
    pub async fn ping(&self) -> LodeResult<()> {
        if self.is_modern() {
            return if self.is_closed() {
                Err(LodeError::new(
                    ErrorCode::TransportClosed,
                    format!("the connection to {} closed", self.server_name()),
                ))
            } else {
                Ok(())
            };
        }
        let request = ClientRequest::PingRequest(PingRequest::default());
        let answer = self
            .call("pinging", self.mcp("pinging")?.peer().send_request(request))
            .await?;
        match answer {
            ServerResult::EmptyResult(_) | ServerResult::CustomResult(_) => Ok(()),
            _ => Err(crate::error::from_service(
                ServiceError::UnexpectedResponse,
                "pinging",
            )),
        }
    }
}

/// A tool call's parameters: the arguments must be a JSON object (or nothing).
/// The parameters of `prompts/get`: every argument as a string, none sent when there are none.
pub(super) fn prompt_params(
    name: &str,
    arguments: &BTreeMap<String, String>,
) -> GetPromptRequestParams {
    let params = GetPromptRequestParams::new(name);
    if arguments.is_empty() {
        return params;
    }
    params.with_arguments(
        arguments
            .iter()
            .map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone())))
            .collect(),
    )
}

pub(super) fn tool_call_params(
    name: &str,
    arguments: serde_json::Value,
) -> LodeResult<CallToolRequestParams> {
    let params = CallToolRequestParams::new(name.to_owned());
    match arguments {
        serde_json::Value::Object(map) => Ok(params.with_arguments(map)),
        serde_json::Value::Null => Ok(params),
        _ => Err(LodeError::new(
            ErrorCode::InvalidInput,
            "tool arguments must be a JSON object",
        )),
    }
}
