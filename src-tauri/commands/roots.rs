//! A connection's roots: kept with it, and sent to its server when it runs.
//!
//! A root opens a folder to a server, so the window never names one to add: the person picks it
//! in the system's folder dialog, shown from Rust, and the path stays here (as for the Save
//! dialogs). The window may only remove or reorder the folders already offered.

use std::path::PathBuf;
use std::sync::Arc;

use lode_app::Lode;
use lode_core::{ConnectionId, LodeError};
use tauri::{AppHandle, Runtime, State};

use super::file_dialog::ask_which_folder;

/// Keeps `roots`, each one of the folders the connection already offers (a removal or a new
/// order); a folder not offered yet is refused. Returns them as kept.
#[tauri::command]
pub async fn set_roots(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    roots: Vec<String>,
) -> Result<Vec<String>, LodeError> {
    lode.keep_roots(connection_id, &roots).await
}

/// The system's folder dialog: the folder the person picks joins the connection's roots.
/// Returns the folders kept (unchanged when the person cancels).
#[tauri::command]
pub async fn add_root_folder<R: Runtime>(
    app: AppHandle<R>,
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
) -> Result<Vec<String>, LodeError> {
    match pick_folder(&app).await? {
        Some(folder) => lode.add_root(connection_id, &folder).await,
        None => lode.roots(connection_id),
    }
}

/// The folder dialog's answer; in a debug build, `LODE_TEST_ROOT_FOLDER` answers instead (the
/// real-window test cannot click a native dialog; a release build always asks the person).
async fn pick_folder<R: Runtime>(app: &AppHandle<R>) -> Result<Option<PathBuf>, LodeError> {
    if cfg!(debug_assertions) {
        if let Some(folder) = std::env::var_os("LODE_TEST_ROOT_FOLDER") {
            return Ok(Some(PathBuf::from(folder)));
        }
    }
    ask_which_folder(app).await
}
