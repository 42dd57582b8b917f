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
/// drags that file out of the window; call it while the mouse button is down.
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
    let path = lode.write_drag_file(id, item, &cache.join("drag-out"))?;
    drag_file(&window, path).await
}
