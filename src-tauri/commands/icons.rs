//! Servers' `https:` icons for the window, fetched and cached by Rust and handed over as
//! `data:` URLs: the webview never fetches (its CSP allows images from `data:` only).

use std::sync::Arc;

use lode_app::Lode;
use lode_core::LodeError;
use tauri::State;

#[tauri::command]
pub async fn icon_data_url(lode: State<'_, Arc<Lode>>, src: String) -> Result<String, LodeError> {
    lode.icon_data_url(&src).await
}
