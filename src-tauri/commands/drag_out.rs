//! A basket, or one of its items, dragged out of the window as Markdown (the export "Copy as
//! Markdown" makes): as text, which the window puts on its own HTML5 drag, or as a file that
//! Rust writes to the app's cache and hands to a native drag.

use std::sync::Arc;

use lode_app::Lode;
use lode_core::basket::{BasketId, ExportFormat, ExportText};
use lode_core::{ErrorCode, LodeError};
use tauri::{AppHandle, Manager, Runtime, State, WebviewWindow};

use crate::native_drag::drag_file;

/// The Markdown of basket `id`, or of its item `item` alone.
#[tauri::command]
pub async fn export_basket_item(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    item: Option<i64>,
) -> Result<ExportText, LodeError> {
    lode.export_basket_part(id, item, ExportFormat::Markdown)
        .map(Into::into)
}

/// Writes the Markdown of basket `id` (or its item `item`) to a file in the app's cache, then
/// drags that file out of the window; call it while the mouse button is down. The file is its
/// owner's alone (0600, in a 0700 folder) and goes when Lode quits ([`remove_drag_files`]).
#[tauri::command]
pub async fn drag_basket_file<R: Runtime>(
    app: AppHandle<R>,
    window: WebviewWindow<R>,
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    item: Option<i64>,
) -> Result<(), LodeError> {
    let cache = app
        .path()
        .app_cache_dir()
        .map_err(|e| LodeError::new(ErrorCode::Internal, format!("no cache folder: {e}")))?;
    let path = lode.write_drag_file(id, item, &cache.join(lode_app::DRAG_OUT_FOLDER))?;
    drag_file(&window, path).await
}

/// Removes the dragged-out files of the app's cache: at start those older than a day (left by
/// a run that crashed or was killed), and at quit every one (`everything`). A failure is
/// logged: it must not stop Lode starting or quitting.
pub fn remove_drag_files<R: Runtime>(app: &AppHandle<R>, everything: bool) {
    let Ok(cache) = app.path().app_cache_dir() else {
        return;
    };
    let older_than = if everything {
        std::time::Duration::ZERO
    } else {
        lode_app::DRAG_FILE_MAX_AGE
    };
    let folder = cache.join(lode_app::DRAG_OUT_FOLDER);
    match lode_app::remove_drag_files(&folder, older_than) {
        Ok(0) => {}
        Ok(removed) => tracing::debug!(removed, "removed dragged-out files"),
        Err(error) => tracing::warn!(%error, "could not remove the dragged-out files"),
    }
}
