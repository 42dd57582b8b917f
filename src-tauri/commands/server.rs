//! What a connected server said about itself (`server_info`), and the tail of its stderr.

use std::sync::Arc;

use lode_app::Lode;
use lode_core::{ConnectionId, LodeError, ServerInfo};
use tauri::State;

/// The most stderr lines the window asks for at once: the server's log ring holds 500.
const MAX_LOG_LINES: usize = 500;

#[tauri::command]
pub async fn server_info(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
) -> Result<ServerInfo, LodeError> {
    lode.server_info(connection_id).await
}

#[tauri::command]
pub async fn server_log(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    lines: usize,
) -> Result<Vec<String>, LodeError> {
    lode.server_log(connection_id, lines.min(MAX_LOG_LINES))
        .await
}
