//! Prompts and tools: the server's lists, a prompt rendered with arguments (and completion of
//! them as a person types), a tool call, and either answer kept in a basket.
//!
//! The window asks before every tool call; the command itself does not ask again.

use std::collections::BTreeMap;
use std::sync::Arc;

use lode_app::{AddReport, Lode};
use lode_core::basket::BasketId;
use lode_core::{
    Completion, ConnectionId, LodeError, PromptItem, PromptResult, ToolItem, ToolResult,
};
use tauri::State;

#[tauri::command]
pub async fn list_prompts(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
) -> Result<Vec<PromptItem>, LodeError> {
    lode.list_prompts(connection_id).await
}

/// Prompt `name` rendered with `arguments`. With a `tag`, its progress reaches the window under
/// that tag and `cancel_request` stops it.
#[tauri::command]
pub async fn get_prompt(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    name: String,
    arguments: BTreeMap<String, String>,
    tag: Option<String>,
) -> Result<PromptResult, LodeError> {
    match tag {
        Some(tag) => {
            lode.get_prompt_followed(connection_id, &name, &arguments, &tag)
                .await
        }
        None => lode.get_prompt(connection_id, &name, &arguments).await,
    }
}

#[tauri::command]
pub async fn complete_prompt(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    prompt: String,
    argument: String,
    value: String,
    context: BTreeMap<String, String>,
) -> Result<Completion, LodeError> {
    lode.complete_prompt(connection_id, &prompt, &argument, &value, context)
        .await
}

#[tauri::command]
pub async fn list_tools(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
) -> Result<Vec<ToolItem>, LodeError> {
    lode.list_tools(connection_id).await
}

/// Calls tool `name` with a JSON object of arguments; a tool that fails is a result with
/// `isError`, not an error. With a `tag`, its progress reaches the window under that tag and
/// `cancel_request` stops it.
#[tauri::command]
pub async fn call_tool(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    name: String,
    arguments: serde_json::Value,
    tag: Option<String>,
) -> Result<ToolResult, LodeError> {
    match tag {
        Some(tag) => {
            lode.call_tool_followed(connection_id, &name, arguments, &tag)
                .await
        }
        None => lode.call_tool(connection_id, &name, arguments).await,
    }
}

#[tauri::command]
pub async fn add_prompt_to_basket(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    connection_id: ConnectionId,
    name: String,
    arguments: BTreeMap<String, String>,
    result: PromptResult,
) -> Result<AddReport, LodeError> {
    lode.add_prompt_to_basket(id, connection_id, &name, &arguments, &result)
}

#[tauri::command]
pub async fn add_tool_result_to_basket(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    connection_id: ConnectionId,
    name: String,
    arguments: serde_json::Value,
    result: ToolResult,
) -> Result<AddReport, LodeError> {
    lode.add_tool_result_to_basket(id, connection_id, &name, &arguments, &result)
}
