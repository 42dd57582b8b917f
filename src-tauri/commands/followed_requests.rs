//! Cancelling a request the window follows (a tool call with a progress bar).

use std::sync::Arc;

use lode_app::Lode;
use lode_core::ConnectionId;
use tauri::State;

/// Stops the followed request `tag` on the connection; false when it had already ended.
#[tauri::command]
pub async fn cancel_request(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    tag: String,
) -> Result<bool, lode_core::LodeError> {
    Ok(lode.cancel_request(connection_id, &tag))
}
