use std::sync::Arc;

use lode_app::Lode;
use lode_core::{ConnectionSummary, LodeError};
use tauri::State;

#[tauri::command]
pub async fn list_connections(
    lode: State<'_, Arc<Lode>>,
) -> Result<Vec<ConnectionSummary>, LodeError> {
    lode.list_connections()
}
