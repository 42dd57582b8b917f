//! Updates from the window: a check from the menu, the update the start-up check found, the
//! install the person clicked, and the restart into the new version.

use std::sync::Arc;

use lode_app::Lode;
use lode_core::{DownloadProgress, LodeError, UpdateCheck, UpdateInfo};
use tauri::ipc::Channel;
use tauri::{AppHandle, Runtime, State};

use crate::update::Updates;

#[tauri::command]
pub async fn check_for_updates<R: Runtime>(
    app: AppHandle<R>,
    lode: State<'_, Arc<Lode>>,
    updates: State<'_, Updates>,
) -> Result<UpdateCheck, LodeError> {
    updates.check(&app, &lode).await
}

/// The update the start-up check found before the window listened for `lode://update`.
#[tauri::command]
pub async fn pending_update(updates: State<'_, Updates>) -> Result<Option<UpdateInfo>, LodeError> {
    Ok(updates.pending_info())
}

/// Downloads, verifies and installs the update the dialog showed, with progress on `on_progress`.
#[tauri::command]
pub async fn install_update(
    updates: State<'_, Updates>,
    on_progress: Channel<DownloadProgress>,
) -> Result<(), LodeError> {
    updates
        .install(|progress| {
            // A window that went away no longer needs the progress; the install goes on.
            let _ = on_progress.send(progress);
        })
        .await
}

/// Quits (closing every server as on any exit) and starts the installed version.
#[tauri::command]
pub async fn restart_lode<R: Runtime>(app: AppHandle<R>) {
    app.request_restart();
}
