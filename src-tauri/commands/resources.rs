use std::sync::Arc;

use lode_app::Lode;
use lode_core::{ConnectionId, LodeError, ResourceContent, ResourceItem};
use tauri::State;

#[tauri::command]
pub async fn list_resources(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
) -> Result<Vec<ResourceItem>, LodeError> {
    lode.list_resources(connection_id).await
}

#[tauri::command]
pub async fn read_resource(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
    uri: String,
) -> Result<Vec<ResourceContent>, LodeError> {
    lode.read_resource(connection_id, &uri).await
}
