//! App-wide settings the window edits: the caps on one listing of one connection.

use std::sync::Arc;

use lode_app::Lode;
use lode_core::{ListingLimits, LodeError};
use tauri::State;

/// The caps in force (defaults, then the saved settings, then the environment).
#[tauri::command]
pub async fn listing_limits(lode: State<'_, Arc<Lode>>) -> Result<ListingLimits, LodeError> {
    Ok(lode.listing_limits())
}

/// Saves the caps; connections that connect from now on use them.
#[tauri::command]
pub async fn set_listing_limits(
    lode: State<'_, Arc<Lode>>,
    limits: ListingLimits,
) -> Result<ListingLimits, LodeError> {
    lode.set_listing_limits(limits)?;
    Ok(lode.listing_limits())
}
