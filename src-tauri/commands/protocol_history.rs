//! A connection's protocol history: the list (without JSON), one message with its JSON, and
//! saving it as JSON lines where the person picks.

use std::sync::Arc;

use lode_app::Lode;
use lode_core::{ConnectionId, LodeError, WireMessage};
use tauri::{AppHandle, Runtime, State};

use super::file_dialog::{ask_where_to_save, Filter};

#[tauri::command]
pub async fn protocol_history(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    method: Option<String>,
) -> Result<Vec<WireMessage>, LodeError> {
    lode.protocol_history(connection_id, method.as_deref())
}

#[tauri::command]
pub async fn protocol_message(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    seq: u64,
) -> Result<WireMessage, LodeError> {
    lode.protocol_message(connection_id, seq)
}

/// Saves the history as JSON lines where the person picks in the system's Save dialog; how
/// many messages were written, or `None` when they cancel.
#[tauri::command]
pub async fn save_protocol_history<R: Runtime>(
    app: AppHandle<R>,
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    file_name: String,
) -> Result<Option<usize>, LodeError> {
    let filter = Filter {
        label: "JSON lines",
        extensions: &["jsonl"],
    };
    // The window's suggestion is cleaned as every name Lode makes (no bidi tricks, capped).
    let stem = file_name.strip_suffix(".jsonl").unwrap_or(&file_name);
    let file_name = lode_app::file_name(stem, "jsonl", "history");
    let Some(path) = ask_where_to_save(&app, &file_name, Some(filter)).await? else {
        return Ok(None);
    };
    lode.export_protocol_history(connection_id, &path).map(Some)
}
