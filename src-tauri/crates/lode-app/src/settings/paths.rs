//! Where Lode keeps its files: the platform's app-data folder, the same one the Tauri shell
//! uses for the identifier in tauri.conf.json, so the app and the CLI share saved connections.

use std::path::PathBuf;

use lode_core::{ErrorCode, LodeError, LodeResult};

/// Must equal `identifier` in tauri.conf.json.
pub const APP_IDENTIFIER: &str = "dev.lode.desktop";

/// The name of the app's log file; the previous run's is kept beside it as `lode.log.1`.
pub const LOG_FILE_NAME: &str = "lode.log";

/// `LODE_DATA_DIR` when set (tests, portable installs), else `<data dir>/dev.lode.desktop`.
pub fn default_data_dir() -> LodeResult<PathBuf> {
    if let Some(dir) = data_dir_override() {
        return Ok(dir);
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

/// Where the app writes its log: `<LODE_DATA_DIR>/logs/lode.log` when that is set (everything
/// of a test or portable install in one folder), else the platform's place for logs:
/// - macOS: `~/Library/Logs/dev.lode.desktop/lode.log`;
/// - Linux and Windows: `<local data dir>/dev.lode.desktop/logs/lode.log` (`~/.local/share`,
///   `%LOCALAPPDATA%`).
pub fn default_log_file() -> LodeResult<PathBuf> {
    log_file_in(data_dir_override(), platform_log_dir())
}

fn data_dir_override() -> Option<PathBuf> {
    std::env::var_os("LODE_DATA_DIR")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
}

/// The folder of the log file when `LODE_DATA_DIR` is not set.
fn platform_log_dir() -> Option<PathBuf> {
    if cfg!(target_os = "macos") {
        dirs::home_dir().map(|home| home.join("Library").join("Logs").join(APP_IDENTIFIER))
    } else {
        dirs::data_local_dir().map(|dir| dir.join(APP_IDENTIFIER).join("logs"))
    }
}

fn log_file_in(data_dir: Option<PathBuf>, platform_dir: Option<PathBuf>) -> LodeResult<PathBuf> {
    data_dir
        .map(|dir| dir.join("logs"))
        .or(platform_dir)
        .map(|dir| dir.join(LOG_FILE_NAME))
        .ok_or_else(|| {
            LodeError::new(
                ErrorCode::Storage,
                "this system has no per-user folder for logs (is HOME set?)",
            )
        })
}

pub(crate) fn database_file(data_dir: &std::path::Path) -> PathBuf {
    data_dir.join("lode.db")
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    #[test]
    fn the_log_goes_under_lode_data_dir_when_set_else_to_the_platform_place() {
        let platform = Some(PathBuf::from("/home/a/.local/share/dev.lode.desktop/logs"));
        assert_eq!(
            log_file_in(Some(PathBuf::from("/tmp/lode")), platform.clone()).ok(),
            Some(PathBuf::from("/tmp/lode/logs/lode.log"))
        );
        assert_eq!(
            log_file_in(None, platform).ok(),
            Some(PathBuf::from(
                "/home/a/.local/share/dev.lode.desktop/logs/lode.log"
            ))
        );
        assert!(log_file_in(None, None).is_err());
    }

    #[test]
    fn the_platform_log_folder_is_named_for_the_app() {
        let Some(dir) = platform_log_dir() else {
            return; // no home folder on this machine
        };
        if cfg!(target_os = "macos") {
            assert!(dir.ends_with(Path::new("Library/Logs/dev.lode.desktop")));
        } else {
            assert!(dir.ends_with(Path::new("dev.lode.desktop/logs")));
            assert_eq!(
                dirs::data_local_dir().map(|d| dir.starts_with(d)),
                Some(true)
            );
        }
    }
}
