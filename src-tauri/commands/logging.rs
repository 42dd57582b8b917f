//! A connection's log level and roots: kept with it, and sent to its server when it runs.

use std::sync::Arc;

use lode_app::Lode;
use lode_core::{ConnectionId, LodeError};
use tauri::{AppHandle, Runtime, State};

use super::file_dialog::ask_which_folder;

/// Keeps the level (none: the server's default); true when the running server was asked now.
#[tauri::command]
pub async fn set_log_level(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    level: Option<String>,
) -> Result<bool, LodeError> {
    lode.set_log_level(connection_id, level.as_deref()).await
}

/// Keeps the folders offered as roots; returns them as kept.
#[tauri::command]
pub async fn set_roots(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    roots: Vec<String>,
) -> Result<Vec<String>, LodeError> {
    lode.set_roots(connection_id, &roots).await
}

/// The system's folder dialog, for a folder to offer as a root; `None` when the person cancels.
/// The path comes back to the window, which adds it like a typed one (`set_roots` checks it).
#[tauri::command]
pub async fn choose_root_folder<R: Runtime>(
    app: AppHandle<R>,
) -> Result<Option<String>, LodeError> {
    let picked = ask_which_folder(&app).await?;
    Ok(picked.map(|path| path.display().to_string()))
}
