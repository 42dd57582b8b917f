//! Where Lode keeps its files: the platform's app-data folder, the same one the Tauri shell
//! uses for the identifier in tauri.conf.json, so the app and the CLI share saved connections.

use std::path::PathBuf;

use lode_core::{ErrorCode, LodeError, LodeResult};

/// Must equal `identifier` in tauri.conf.json.
pub const APP_IDENTIFIER: &str = "dev.lode.desktop";

/// `LODE_DATA_DIR` when set (tests, portable installs), else `<data dir>/dev.lode.desktop`.
pub fn default_data_dir() -> LodeResult<PathBuf> {
    if let Some(dir) = std::env::var_os("LODE_DATA_DIR").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(dir));
    }
    dirs::data_dir()
        .map(|d| d.join(APP_IDENTIFIER))
        .ok_or_else(|| {
            LodeError::new(
                ErrorCode::Storage,
                "this system has no per-user data folder (is HOME set?)",
            )
        })
}

pub(crate) fn database_file(data_dir: &std::path::Path) -> PathBuf {
    data_dir.join("lode.db")
}
