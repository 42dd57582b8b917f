//! Importing other clients' MCP configurations (where they are, a preview, the chosen entries
//! saved) and exporting Lode's connections in those formats.

use std::sync::Arc;

use lode_app::Lode;
use lode_core::import::{
    ConfigFormat, Exported, ImportChoice, ImportLocation, ImportPreview, ImportSource,
};
use lode_core::{Connection, ConnectionId, LodeError};
use tauri::{AppHandle, Runtime, State};

use super::file_dialog::{ask_which_to_open, Filter};
use crate::confirm::Confirmer;

/// The other clients' configuration files on this machine (user-wide ones: the app has no
/// project folder).
#[tauri::command]
pub async fn import_locations(
    lode: State<'_, Arc<Lode>>,
) -> Result<Vec<ImportLocation>, LodeError> {
    lode.import_locations(None)
}

/// The system's "Open" dialog for a configuration file; `None` when the person cancels. The
/// path comes back to the window, which previews it like a typed one.
#[tauri::command]
pub async fn choose_import_file<R: Runtime>(
    app: AppHandle<R>,
) -> Result<Option<String>, LodeError> {
    let json = Filter {
        label: "JSON",
        extensions: &["json"],
    };
    let picked = ask_which_to_open(&app, Some(json)).await?;
    Ok(picked.map(|path| path.display().to_string()))
}

#[tauri::command]
pub fn guess_import_format(path: String) -> Option<ConfigFormat> {
    ConfigFormat::guess(&path)
}

#[tauri::command]
pub async fn preview_import(
    lode: State<'_, Arc<Lode>>,
    source: ImportSource,
) -> Result<ImportPreview, LodeError> {
    lode.preview_import(&source)
}

/// Saves the chosen servers when the file still holds the bytes previewed (`digest`); the
/// programs among them are confirmed first, and saved not started.
#[tauri::command]
pub async fn apply_import<R: Runtime>(
    app: AppHandle<R>,
    confirmer: State<'_, Confirmer>,
    lode: State<'_, Arc<Lode>>,
    source: ImportSource,
    digest: String,
    choices: Vec<ImportChoice>,
) -> Result<Vec<Connection>, LodeError> {
    let question = lode.confirm_import(&source, &digest, &choices)?;
    confirmer.ask(&app, question).await?;
    lode.apply_import(&source, &digest, &choices).await
}

/// `ids` empty: every connection.
#[tauri::command]
pub async fn export_connections(
    lode: State<'_, Arc<Lode>>,
    ids: Vec<ConnectionId>,
) -> Result<Exported, LodeError> {
    lode.export_connections(&ids)
}
