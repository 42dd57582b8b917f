//! The browser's commands: a window of the cross-server index (list or URI tree) for a query,
//! the index's status (what is listed, what is still arriving), and stopping a listing.

use std::sync::Arc;

use lode_app::{ListedKey, Lode};
use lode_core::browse::BrowseStatus;
use lode_core::index::{Query, QueryResult, TreeQuery, TreeResult};
use lode_core::{Annotations, ConnectionId, LodeError};
use tauri::State;

#[tauri::command]
pub async fn browse_status(lode: State<'_, Arc<Lode>>) -> Result<BrowseStatus, LodeError> {
    Ok(lode.browse_status())
}

#[tauri::command]
pub async fn browse_list(
    lode: State<'_, Arc<Lode>>,
    query: Query,
) -> Result<QueryResult, LodeError> {
    lode.browse_list(query).await
}

#[tauri::command]
pub async fn browse_tree(
    lode: State<'_, Arc<Lode>>,
    question: TreeQuery,
) -> Result<TreeResult, LodeError> {
    lode.browse_tree(question).await
}

/// Stops a connection's listing in progress; what was listed so far stays. `false` when it
/// was not listing.
#[tauri::command]
pub async fn stop_listing(
    lode: State<'_, Arc<Lode>>,
    connection_id: ConnectionId,
) -> Result<bool, LodeError> {
    Ok(lode.stop_listing(connection_id))
}

/// The annotations each resource is listed with now (`None`: not listed), so a basket item
/// can show how they changed since it was added.
#[tauri::command]
pub async fn current_annotations(
    lode: State<'_, Arc<Lode>>,
    keys: Vec<ListedKey>,
) -> Result<Vec<Option<Annotations>>, LodeError> {
    lode.current_annotations(keys).await
}
