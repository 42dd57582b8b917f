//! Saved connections: listing, checking a draft as it is typed, adding, editing, testing,
//! retrying, starting, removing (and restoring), signing in and out; and their live statuses.
//! What runs a program or sends saved secrets to a new address is confirmed first, by the
//! person, outside the window (`Confirmer`).

use std::sync::Arc;

use lode_app::Lode;
use lode_core::{
    Connection, ConnectionDraft, ConnectionId, ConnectionState, DraftProblem, LodeError, ServerInfo,
};
use tauri::{AppHandle, Runtime, State};

use crate::confirm::Confirmer;

#[tauri::command]
pub async fn list_connections(lode: State<'_, Arc<Lode>>) -> Result<Vec<Connection>, LodeError> {
    lode.list_connections()
}

/// Where each connection is now; later changes arrive as `lode://connections` events.
#[tauri::command]
pub async fn connection_statuses(
    lode: State<'_, Arc<Lode>>,
) -> Result<Vec<ConnectionState>, LodeError> {
    Ok(lode.statuses().await)
}

/// The problems of a draft, asked as the person types (`id`: the connection being edited).
#[tauri::command]
pub async fn check_connection(
    lode: State<'_, Arc<Lode>>,
    draft: ConnectionDraft,
    id: Option<ConnectionId>,
) -> Result<Vec<DraftProblem>, LodeError> {
    lode.check_connection(&draft, id)
}

#[tauri::command]
pub async fn add_connection<R: Runtime>(
    app: AppHandle<R>,
    confirmer: State<'_, Confirmer>,
    lode: State<'_, Arc<Lode>>,
    draft: ConnectionDraft,
) -> Result<Connection, LodeError> {
    confirmer
        .ask(&app, lode.confirm_saving(&draft, None)?)
        .await?;
    lode.add_connection(&draft).await
}

#[tauri::command]
pub async fn update_connection<R: Runtime>(
    app: AppHandle<R>,
    confirmer: State<'_, Confirmer>,
    lode: State<'_, Arc<Lode>>,
    id: ConnectionId,
    draft: ConnectionDraft,
) -> Result<Connection, LodeError> {
    confirmer
        .ask(&app, lode.confirm_saving(&draft, Some(id))?)
        .await?;
    lode.update_connection(id, &draft).await
}

#[tauri::command]
pub async fn test_connection<R: Runtime>(
    app: AppHandle<R>,
    confirmer: State<'_, Confirmer>,
    lode: State<'_, Arc<Lode>>,
    draft: ConnectionDraft,
    id: Option<ConnectionId>,
) -> Result<ServerInfo, LodeError> {
    confirmer
        .ask(&app, lode.confirm_testing(&draft, id)?)
        .await?;
    lode.test_connection(&draft, id).await
}

/// Connects again now; a program never started (imported, or turned off) is confirmed first.
#[tauri::command]
pub async fn retry_connection<R: Runtime>(
    app: AppHandle<R>,
    confirmer: State<'_, Confirmer>,
    lode: State<'_, Arc<Lode>>,
    id: ConnectionId,
) -> Result<(), LodeError> {
    confirmer.ask(&app, lode.confirm_starting(&[id])?).await?;
    lode.retry_connection(id).await
}

/// Turns connections on and starts them (imported programs wait for this), the programs among
/// them listed in one confirmation.
#[tauri::command]
pub async fn start_connections<R: Runtime>(
    app: AppHandle<R>,
    confirmer: State<'_, Confirmer>,
    lode: State<'_, Arc<Lode>>,
    ids: Vec<ConnectionId>,
) -> Result<Vec<Connection>, LodeError> {
    confirmer.ask(&app, lode.confirm_starting(&ids)?).await?;
    lode.start_connections(&ids).await
}

#[tauri::command]
pub async fn remove_connection(
    lode: State<'_, Arc<Lode>>,
    id: ConnectionId,
) -> Result<(), LodeError> {
    lode.remove_connection(id).await
}

/// Undoes `remove_connection` (until Lode closes); the connection comes back with a new id.
#[tauri::command]
pub async fn restore_connection(
    lode: State<'_, Arc<Lode>>,
    id: ConnectionId,
) -> Result<Connection, LodeError> {
    lode.restore_connection(id).await
}

/// Signs in with OAuth in the system browser; resolves once signed in (or failed).
#[tauri::command]
pub async fn sign_in(lode: State<'_, Arc<Lode>>, id: ConnectionId) -> Result<(), LodeError> {
    lode.sign_in(id).await
}

#[tauri::command]
pub async fn sign_out(lode: State<'_, Arc<Lode>>, id: ConnectionId) -> Result<(), LodeError> {
    lode.sign_out(id).await
}

/// Moves connection `id` to `index` (0-based) of the sidebar's order, kept in the store.
#[tauri::command]
pub async fn move_connection(
    lode: State<'_, Arc<Lode>>,
    id: ConnectionId,
    index: usize,
) -> Result<(), LodeError> {
    lode.move_connection(id, index)
}
