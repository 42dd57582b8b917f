//! MCP registries in the window: the ordered list browsed, a search's page, and one server
//! whole with its other versions. Nothing here installs or runs anything (`install.rs` does,
//! after the person's yes).

use std::sync::Arc;

use lode_app::Lode;
use lode_core::registry::{EntryDetails, RegistryPage, RegistryQuery};
use lode_core::LodeError;
use tauri::State;

/// The registries browsed, the default one first.
#[tauri::command]
pub async fn registries(lode: State<'_, Arc<Lode>>) -> Result<Vec<String>, LodeError> {
    lode.registries()
}

/// Adds a registry at the end of the list; the list after.
#[tauri::command]
pub async fn add_registry(
    lode: State<'_, Arc<Lode>>,
    address: String,
) -> Result<Vec<String>, LodeError> {
    lode.add_registry(&address)
}

#[tauri::command]
pub async fn remove_registry(
    lode: State<'_, Arc<Lode>>,
    address: String,
) -> Result<Vec<String>, LodeError> {
    lode.remove_registry(&address)
}

/// Moves a registry to `place` in the list (1 is the default one).
#[tauri::command]
pub async fn move_registry(
    lode: State<'_, Arc<Lode>>,
    address: String,
    place: usize,
) -> Result<Vec<String>, LodeError> {
    lode.move_registry(&address, place)
}

/// One page of a search of `registry` (the default one when none).
#[tauri::command]
pub async fn search_registry(
    lode: State<'_, Arc<Lode>>,
    registry: Option<String>,
    query: RegistryQuery,
) -> Result<RegistryPage, LodeError> {
    lode.search_registry(registry.as_deref(), &query).await
}

/// A server at `version` (its latest when none), with the versions the registry lists.
#[tauri::command]
pub async fn registry_entry(
    lode: State<'_, Arc<Lode>>,
    registry: Option<String>,
    name: String,
    version: Option<String>,
) -> Result<EntryDetails, LodeError> {
    lode.registry_entry(registry.as_deref(), &name, version.as_deref())
        .await
}
