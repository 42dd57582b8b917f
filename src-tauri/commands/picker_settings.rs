//! How each connection's resources show in the browser (its picker settings): read for every
//! connection at once, changed for one.

use std::sync::Arc;

use lode_app::{ConnectionPickerSettings, Lode, PickerSettings};
use lode_core::{ConnectionId, LodeError};
use tauri::State;

/// Every connection's picker settings.
#[tauri::command]
pub async fn picker_settings(
    lode: State<'_, Arc<Lode>>,
) -> Result<Vec<ConnectionPickerSettings>, LodeError> {
    lode.picker_settings()
}

/// Keeps one connection's picker settings; returns what is kept.
#[tauri::command]
pub async fn set_picker_settings(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    settings: PickerSettings,
) -> Result<PickerSettings, LodeError> {
    lode.set_picker_settings(connection_id, settings)
}
