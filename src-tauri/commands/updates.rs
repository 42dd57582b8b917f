//! Updates from the window: a check from the menu, the update the start-up check found, the
//! install the person clicked, the restart into the new version, and the feed in Settings (a
//! change to another URL is confirmed by the person outside the window: the feed decides where
//! Lode downloads code from).

use std::sync::Arc;

use lode_app::Lode;
use lode_core::{
    DownloadProgress, LodeError, UpdateCheck, UpdateFeedChoice, UpdateFeedState, UpdateInfo,
};
use tauri::ipc::Channel;
use tauri::{AppHandle, Runtime, State};

use crate::confirm::Confirmer;
use crate::updates::Updates;

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

/// The feed update checks use, where it comes from, and the build's default.
#[tauri::command]
pub async fn update_feed(lode: State<'_, Arc<Lode>>) -> Result<UpdateFeedState, LodeError> {
    Ok(lode.update_feed()?.state)
}

/// Changes the feed: a URL (asked natively first, unless it is the build's own), off, or back
/// to the build's default.
#[tauri::command]
pub async fn set_update_feed<R: Runtime>(
    app: AppHandle<R>,
    confirmer: State<'_, Confirmer>,
    lode: State<'_, Arc<Lode>>,
    choice: UpdateFeedChoice,
) -> Result<UpdateFeedState, LodeError> {
    confirmer
        .ask(&app, lode.confirm_update_feed(&choice)?)
        .await?;
    lode.set_update_feed(&choice)
}
