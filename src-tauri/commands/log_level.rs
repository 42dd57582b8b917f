//! A connection's log level: kept with it, and sent to its server when it runs.

use std::sync::Arc;

use lode_app::Lode;
use lode_core::{ConnectionId, LodeError};
use tauri::State;

/// Keeps the level (none: the server's default); true when the running server was asked now.
#[tauri::command]
pub async fn set_log_level(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    level: Option<String>,
) -> Result<bool, LodeError> {
    lode.set_log_level(connection_id, level.as_deref()).await
}
