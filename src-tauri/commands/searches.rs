//! The browser's search extras: the facets of a question, and the recent and saved searches.

use std::sync::Arc;

use lode_app::Lode;
use lode_core::index::{Facets, Query, SavedSearch, SavedSearches, SearchSpec};
use lode_core::LodeError;
use tauri::State;

#[tauri::command]
pub async fn browse_facets(lode: State<'_, Arc<Lode>>, query: Query) -> Result<Facets, LodeError> {
    lode.browse_facets(query).await
}

#[tauri::command]
pub async fn saved_searches(lode: State<'_, Arc<Lode>>) -> Result<SavedSearches, LodeError> {
    lode.saved_searches()
}

/// Records a search as the newest recent one; answers every kept search.
#[tauri::command]
pub async fn record_search(
    lode: State<'_, Arc<Lode>>,
    search: SearchSpec,
) -> Result<SavedSearches, LodeError> {
    lode.record_search(search)
}

#[tauri::command]
pub async fn save_search(
    lode: State<'_, Arc<Lode>>,
    name: String,
    search: SearchSpec,
) -> Result<SavedSearch, LodeError> {
    lode.save_search(&name, search)
}

#[tauri::command]
pub async fn delete_search(lode: State<'_, Arc<Lode>>, id: i64) -> Result<bool, LodeError> {
    lode.delete_search(id)
}
