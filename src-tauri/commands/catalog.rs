//! Prompts and tools: the server's lists, a prompt rendered with arguments (and completion of
//! them as a person types), a tool call, and either answer kept in a basket.
//!
//! A call of a tool the server's listing does not mark read-only waits for the person's yes in
//! Lode's own dialog (`lode_app::tool_confirmation` words it), whatever the window asked first:
//! a page calling `call_tool` directly meets it too. The person may say not to be asked again
//! for that tool of that server; the window can only undo that (`forget_trusted_tool`).

use std::collections::BTreeMap;
use std::sync::Arc;

use lode_app::{AddReport, Lode};
use lode_core::basket::BasketId;
use lode_core::{
    Completion, ConnectionId, LodeError, PromptItem, PromptResult, ToolItem, ToolResult,
};
use tauri::{AppHandle, Runtime, State};

use crate::confirm::Confirmer;

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

/// Calls tool `name` with a JSON object of arguments, once the person confirmed it (a `declined`
/// error when they did not); a tool that fails is a result with `isError`, not an error. With
/// `dont_ask_again`, the question says so and a yes keeps the tool as one to run unasked. With
/// a `tag`, its progress reaches the window under that tag and `cancel_request` stops it.
#[tauri::command]
#[allow(clippy::too_many_arguments)] // a command's arguments are its IPC payload's fields
pub async fn call_tool<R: Runtime>(
    app: AppHandle<R>,
    confirmer: State<'_, Confirmer>,
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    name: String,
    arguments: serde_json::Value,
    tag: Option<String>,
    dont_ask_again: Option<bool>,
) -> Result<ToolResult, LodeError> {
    let remember = dont_ask_again.unwrap_or(false);
    let question = lode
        .tool_call_question(connection_id, &name, &arguments, remember)
        .await?;
    let asked = question.is_some();
    confirmer.ask(&app, question).await?;
    if remember && asked {
        lode.trust_tool(connection_id, &name)?;
    }
    match tag {
        Some(tag) => {
            lode.call_tool_followed(connection_id, &name, arguments, &tag)
                .await
        }
        None => lode.call_tool(connection_id, &name, arguments).await,
    }
}

/// The tools of the connection Lode runs without asking (the person said so in its dialog).
#[tauri::command]
pub async fn trusted_tools(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
) -> Result<Vec<String>, LodeError> {
    lode.trusted_tools(connection_id)
}

/// Asks again before running tool `name` of the connection; returns the tools still trusted.
#[tauri::command]
pub async fn forget_trusted_tool(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    name: String,
) -> Result<Vec<String>, LodeError> {
    lode.forget_trusted_tool(connection_id, &name)
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
