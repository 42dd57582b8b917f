use std::sync::Arc;

use lode_app::Lode;
use lode_core::{Connection, ConnectionState, LodeError};
use tauri::State;

#[tauri::command]
pub async fn list_connections(lode: State<'_, Arc<Lode>>) -> Result<Vec<Connection>, LodeError> {
    lode.list_connections()
}

/// Where each connection is now; later changes arrive as `lode://hub` events.
#[tauri::command]
pub async fn connection_statuses(
    lode: State<'_, Arc<Lode>>,
) -> Result<Vec<ConnectionState>, LodeError> {
    Ok(lode.statuses().await)
}
