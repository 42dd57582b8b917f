//! The context basket's commands: baskets and their items, adding the browser's selection,
//! copying and saving exports, and serving a basket over HTTP on loopback.
//!
//! What crosses IPC is kept small and free of secrets: a basket is sent without its items'
//! contents (they can be megabytes; the window shows names, sizes and token counts), an export
//! as its text and the number of files a bundle would hold, and the HTTP server's status
//! without its bearer token (`lode serve --show-token` prints that).

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;

use lode_app::{AddReport, Lode, SavedBundle};
use lode_core::basket::{
    BasketId, BasketSummary, BasketView, ExportFormat, ExportText, ServingStatus,
};
use lode_core::index::Query;
use lode_core::{LodeError, ResourceItem};
use tauri::{AppHandle, Runtime, State};

use super::file_dialog::{ask_where_to_save, Filter};

#[tauri::command]
pub async fn list_baskets(lode: State<'_, Arc<Lode>>) -> Result<Vec<BasketSummary>, LodeError> {
    lode.baskets()
}

#[tauri::command]
pub async fn create_basket(
    lode: State<'_, Arc<Lode>>,
    name: String,
    token_limit: Option<u64>,
) -> Result<BasketSummary, LodeError> {
    lode.create_basket(&name, token_limit)
}

/// The basket without its items' contents.
#[tauri::command]
pub async fn get_basket(lode: State<'_, Arc<Lode>>, id: BasketId) -> Result<BasketView, LodeError> {
    lode.basket(id).map(Into::into)
}

#[tauri::command]
pub async fn delete_basket(lode: State<'_, Arc<Lode>>, id: BasketId) -> Result<(), LodeError> {
    lode.delete_basket(id)
}

#[tauri::command]
pub async fn set_basket_options(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    token_limit: Option<u64>,
    auto_refresh: bool,
) -> Result<(), LodeError> {
    lode.set_basket_options(id, token_limit, auto_refresh)
}

/// Reads the browser's rows (of any servers) and adds them; one that fails is reported.
#[tauri::command]
pub async fn add_to_basket(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    resources: Vec<ResourceItem>,
) -> Result<AddReport, LodeError> {
    lode.add_resources_to_basket(id, resources).await
}

/// Reads and adds every resource the browser's search and filters match (at most
/// `lode_app::MATCHING_LIMIT`; more is refused, naming the count).
#[tauri::command]
pub async fn add_matching_to_basket(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    query: Query,
) -> Result<AddReport, LodeError> {
    lode.add_matching_to_basket(id, query).await
}

/// Fills the basket to its token limit from what the browser's search and filters match, by
/// priority for the assistant.
#[tauri::command]
pub async fn fill_basket(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    query: Query,
) -> Result<AddReport, LodeError> {
    lode.fill_basket_from_browser(id, query).await
}

/// How many of `items` were removed.
#[tauri::command]
pub async fn remove_basket_items(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    items: Vec<i64>,
) -> Result<usize, LodeError> {
    lode.remove_basket_items(id, &items)
}

#[tauri::command]
pub async fn move_basket_item(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    item: i64,
    index: usize,
) -> Result<(), LodeError> {
    lode.move_basket_item(id, item, index)
}

/// `note` empty or `None` clears it.
#[tauri::command]
pub async fn set_basket_item_note(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    item: i64,
    note: Option<String>,
) -> Result<(), LodeError> {
    let note = note.as_deref().map(str::trim).filter(|n| !n.is_empty());
    lode.set_basket_item_note(id, item, note)
}

#[tauri::command]
pub async fn refresh_basket_item(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    item: i64,
) -> Result<(), LodeError> {
    lode.refresh_basket_item(id, item).await
}

/// The basket as one document, for the clipboard.
#[tauri::command]
pub async fn export_basket(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    format: ExportFormat,
) -> Result<ExportText, LodeError> {
    lode.export_basket(id, format).map(Into::into)
}

/// Saves the basket where the person picks in the system's Save dialog, its binary contents
/// beside it. `None` when they cancel. Only the file's name goes back to the window.
#[tauri::command]
pub async fn save_basket_bundle<R: Runtime>(
    app: AppHandle<R>,
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    name: String,
    format: ExportFormat,
) -> Result<Option<SavedBundle>, LodeError> {
    let extension = format.extension();
    let file_name = lode_app::file_name(&name, extension, "basket");
    let filter = Filter {
        label: extension,
        extensions: &[extension],
    };
    let Some(path) = ask_where_to_save(&app, &file_name, Some(filter)).await? else {
        return Ok(None);
    };
    let written = lode.save_basket_bundle(id, format, &path).await?;
    Ok(Some(SavedBundle::from(&written)))
}

/// Serves basket `name` over Streamable HTTP on 127.0.0.1:`port` (0: any free port), in
/// place of the one served before. The token stays in the keychain.
#[tauri::command]
pub async fn start_basket_server(
    lode: State<'_, Arc<Lode>>,
    name: String,
    port: u16,
) -> Result<ServingStatus, LodeError> {
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    lode.start_basket_server(&name, addr).await
}

#[tauri::command]
pub async fn stop_basket_server(lode: State<'_, Arc<Lode>>) -> Result<(), LodeError> {
    lode.stop_basket_server().await
}

/// Replaces the HTTP server's bearer token with a new one; the old one stops working at once.
/// The new token stays in the keychain (`lode serve --show-token` prints it).
#[tauri::command]
pub async fn rotate_serve_token(lode: State<'_, Arc<Lode>>) -> Result<(), LodeError> {
    lode.rotate_serve_token().await
}

/// The basket served over HTTP now, if any.
#[tauri::command]
pub async fn basket_server(lode: State<'_, Arc<Lode>>) -> Result<Option<ServingStatus>, LodeError> {
    Ok(lode.basket_server().await)
}
