//! The absolute path of the installed `lode`, which an assistant's entry starts.

use std::path::{Path, PathBuf};

use lode_core::{ErrorCode, LodeError, LodeResult};

const LODE_BINARY: &str = if cfg!(windows) { "lode.exe" } else { "lode" };

/// The running `lode` itself (the CLI), links resolved: `/usr/bin/lode` rather than a link
/// that a later upgrade could leave dangling or point elsewhere.
pub fn this_lode() -> LodeResult<PathBuf> {
    let exe = std::env::current_exe().map_err(|e| {
        LodeError::new(
            ErrorCode::Internal,
            format!("could not find Lode's own program: {e}"),
        )
    })?;
    canonical(&exe)
}

/// The `lode` installed beside the app's executable `exe` (the packages put both in one folder:
/// `/usr/bin` for the .deb and .rpm, as for the demo server).
pub fn lode_beside(exe: &Path) -> LodeResult<PathBuf> {
    let folder = exe.parent().ok_or_else(|| not_beside(exe))?;
    let lode = folder.join(LODE_BINARY);
    if !lode.is_file() {
        return Err(not_beside(exe));
    }
    canonical(&lode)
}

fn canonical(path: &Path) -> LodeResult<PathBuf> {
    let path = path.canonicalize().map_err(|e| {
        LodeError::new(
            ErrorCode::Internal,
            format!("could not resolve {}: {e}", path.display()),
        )
    })?;
    // `canonicalize` on Windows gives a `\\?\` path, which some assistants cannot start.
    Ok(match path.to_str().and_then(|s| s.strip_prefix(r"\\?\")) {
        Some(plain) => PathBuf::from(plain),
        None => path,
    })
}

fn not_beside(exe: &Path) -> LodeError {
    LodeError::new(
        ErrorCode::SpawnFailed,
        format!(
            "the `lode` command is not installed beside Lode ({}): an assistant's entry needs \
             it. Reinstall Lode, or connect from a terminal with `lode connect`",
            exe.parent().unwrap_or(exe).display()
        ),
    )
}
