//! The window's layout that outlives a launch: the widths of its panes.

use std::sync::Arc;

use lode_app::Lode;
use lode_core::LodeError;
use tauri::State;

/// The pane widths last saved (CSS pixels, left to right); empty when none.
#[tauri::command]
pub async fn pane_widths(lode: State<'_, Arc<Lode>>) -> Result<Vec<u32>, LodeError> {
    Ok(lode.pane_widths())
}

/// Saves the pane widths.
#[tauri::command]
pub async fn save_pane_widths(
    lode: State<'_, Arc<Lode>>,
    widths: Vec<u32>,
) -> Result<(), LodeError> {
    lode.save_pane_widths(&widths)
}
