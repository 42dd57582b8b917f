//! MCP Apps in the window: the review before one runs, running it (after the person's yes in
//! Lode's own dialog), and the requests its bridge relays, each naming its view's token so it
//! reaches only its own server. The page itself is served by `app_frames.rs`.

use std::sync::Arc;

use lode_app::apps::{AppReview, OpenedApp};
use lode_app::AddReport;
use lode_app::Lode;
use lode_core::basket::BasketId;
use lode_core::{ConnectionId, LodeError, ResourceContent, ToolResult};
use tauri::{AppHandle, Runtime, State};

use crate::confirm::Confirmer;

/// What app `uri` of the connection declares, and whether it may run unasked.
#[tauri::command]
pub async fn review_app(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    uri: String,
) -> Result<AppReview, LodeError> {
    lode.review_app(connection_id, &uri).await
}

/// Runs app `uri`: asks first, unless the person chose to run it as declared now; a `declined`
/// error when they say no. The frame loads `lode-app://localhost/<view>/`.
#[tauri::command]
pub async fn open_app<R: Runtime>(
    app: AppHandle<R>,
    confirmer: State<'_, Confirmer>,
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    uri: String,
) -> Result<OpenedApp, LodeError> {
    let (prepared, question) = lode.app_to_run(connection_id, &uri).await?;
    confirmer.ask(&app, question).await?;
    lode.open_app_view(prepared).await
}

/// The frame of app view `view` closed.
#[tauri::command]
pub async fn close_app(lode: State<'_, Arc<Lode>>, view: String) -> Result<(), LodeError> {
    lode.close_app_view(&view);
    Ok(())
}

/// The app's `tools/call`, on its own server, asked about as the window's calls are.
#[tauri::command]
pub async fn app_call_tool<R: Runtime>(
    app: AppHandle<R>,
    confirmer: State<'_, Confirmer>,
    lode: State<'_, Arc<Lode>>,
    view: String,
    name: String,
    arguments: serde_json::Value,
) -> Result<ToolResult, LodeError> {
    let (connection_id, question) = lode
        .app_tool_call_question(&view, &name, &arguments)
        .await?;
    confirmer.ask(&app, question).await?;
    lode.call_tool(connection_id, &name, arguments).await
}

/// The app's `resources/read`, of its own server.
#[tauri::command]
pub async fn app_read_resource(
    lode: State<'_, Arc<Lode>>,
    view: String,
    uri: String,
) -> Result<Vec<ResourceContent>, LodeError> {
    lode.app_read_resource(&view, &uri).await
}

/// The app's `ui/open-link`: a web address, opened after the person's yes.
#[tauri::command]
pub async fn app_open_link<R: Runtime>(
    app: AppHandle<R>,
    confirmer: State<'_, Confirmer>,
    lode: State<'_, Arc<Lode>>,
    view: String,
    url: String,
) -> Result<(), LodeError> {
    let question = lode.app_link_question(&view, &url)?;
    confirmer.ask(&app, Some(question)).await?;
    lode_app::oauth::open_in_system_browser(&url)
}

/// The app's `notifications/message`, into its server's log.
#[tauri::command]
pub async fn app_log(
    lode: State<'_, Arc<Lode>>,
    view: String,
    level: String,
    text: String,
) -> Result<(), LodeError> {
    lode.app_log(&view, &level, &text).await
}

/// The context the app offered (`ui/update-model-context`), kept in basket `id` under the app.
#[tauri::command]
pub async fn add_app_context_to_basket(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    view: String,
    text: String,
) -> Result<AddReport, LodeError> {
    lode.add_app_context_to_basket(id, &view, &text)
}
