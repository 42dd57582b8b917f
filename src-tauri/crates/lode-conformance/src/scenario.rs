//! What each client scenario of the suite expects the client to do once connected. Every
//! scenario connects through [`session::authorized`], so a server that asks for a sign-in gets
//! one whatever the scenario.

use lode_core::{ErrorCode, LodeError, LodeResult};
use lode_mcp::McpClient;
use serde_json::{json, Value};

use crate::session;

pub(crate) async fn run(name: &str, url: &str, context: &Value) -> LodeResult<()> {
    match name {
        // The handshake alone (and the tool listing a client does next).
        "initialize" => session::authorized(url, context, list_tools).await,
        "tools_call" => {
            session::authorized(url, context, async |client: &McpClient| {
                called(client, "add_numbers", json!({ "a": 5, "b": 3 })).await
            })
            .await
        }
        // The tool's answer arrives only after its POST stream is dropped and resumed.
        "sse-retry" => {
            session::authorized(url, context, async |client: &McpClient| {
                called(client, "test_reconnection", json!({})).await
            })
            .await
        }
        "elicitation-sep1034-client-defaults" => {
            session::authorized(url, context, async |client: &McpClient| {
                called(client, "test_client_elicitation_defaults", json!({})).await
            })
            .await
        }
        // Every authorization scenario: sign in as the server asks, then use it.
        auth if auth.starts_with("auth/") => {
            session::authorized(url, context, async |client: &McpClient| {
                list_tools(client).await?;
                called(client, "test-tool", json!({})).await
            })
            .await
        }
        other => Err(LodeError::new(
            ErrorCode::InvalidInput,
            format!("lode-conformance does not know the scenario `{other}`"),
        )),
    }
}

async fn list_tools(client: &McpClient) -> LodeResult<()> {
    let tools = client.list_tools().await?;
    let names: Vec<&str> = tools.iter().map(|tool| tool.name.as_str()).collect();
    eprintln!("lode-conformance: tools {names:?}");
    Ok(())
}

/// Calls `tool`; a result marked as an error fails the run.
async fn called(client: &McpClient, tool: &str, arguments: Value) -> LodeResult<()> {
    let result = client.call_tool(tool, arguments).await?;
    eprintln!("lode-conformance: {tool} answered {:?}", result.content);
    if result.is_error {
        return Err(LodeError::new(
            ErrorCode::ServerError,
            format!("the tool {tool} reported an error"),
        ));
    }
    Ok(())
}
