//! Writing a planned change: only onto the bytes it was planned from, the previous file kept as
//! `<file>.lode-backup`, the new one written beside it and renamed over it (so the assistant
//! reads the old file or the new one, never half of one), with the old file's permissions.

use std::path::{Path, PathBuf};

use lode_core::{ErrorCode, LodeError, LodeResult};
use serde::Serialize;
use ts_rs::TS;

use super::plan::{in_file, read_if_present, PlannedChange};
use crate::fresh_file::write_with_mode;

/// The mode of a configuration Lode creates: the person's alone, as an assistant's entries
/// may hold tokens in their variables.
const NEW_FILE_MODE: u32 = 0o600;

/// What [`apply`] did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ChangeWritten {
    pub path: String,
    /// Where the file as it was before this change is kept; `None` when nothing was written,
    /// or the file did not exist.
    #[ts(optional)]
    pub backup: Option<String>,
    /// Whether anything was written (not when the entry was already as wanted).
    pub changed: bool,
}

/// The backup of `path`: `<path>.lode-backup`, beside it. It holds the file as it was just
/// before Lode's latest change to it (each change replaces it), so undoing that change is
/// copying it back.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(".lode-backup");
    PathBuf::from(name)
}

/// Writes `change`, unless the file changed since it was planned (`file-changed`: plan again).
pub fn apply(change: &PlannedChange) -> LodeResult<ChangeWritten> {
    let shown = change.path.display().to_string();
    if change.changes_nothing() {
        return Ok(ChangeWritten {
            path: shown,
            backup: None,
            changed: false,
        });
    }
    // A configuration kept elsewhere behind a link (a dotfiles folder) is written where it
    // is; renaming over the link would replace it with a file.
    let target = match change.path.canonicalize() {
        Ok(real) if change.before.is_some() => real,
        _ => change.path.clone(),
    };
    if read_if_present(&target)? != change.before {
        return Err(in_file(
            &change.path,
            LodeError::new(
                ErrorCode::FileChanged,
                "the file changed since Lode showed the change: nothing was written. Look at \
                 it again",
            ),
        ));
    }
    let failed = |what: &str, path: &Path, e: std::io::Error| {
        LodeError::new(
            ErrorCode::Storage,
            format!("could not {what} {}: {e}", path.display()),
        )
    };
    let mode = current_mode(&target);
    let backup = match &change.before {
        Some(before) => {
            let backup = backup_path(&target);
            write_with_mode(&backup, before, mode.unwrap_or(NEW_FILE_MODE))
                .map_err(|e| failed("back up the file to", &backup, e))?;
            set_mode(&backup, mode);
            Some(backup)
        }
        None => {
            if let Some(folder) = target.parent() {
                std::fs::create_dir_all(folder)
                    .map_err(|e| failed("create the folder", folder, e))?;
            }
            None
        }
    };
    write_with_mode(
        &target,
        change.after.as_bytes(),
        mode.unwrap_or(NEW_FILE_MODE),
    )
    .map_err(|e| failed("write", &target, e))?;
    set_mode(&target, mode);
    Ok(ChangeWritten {
        path: shown,
        backup: backup.map(|path| path.display().to_string()),
        changed: true,
    })
}

/// The permission bits of the file now there.
fn current_mode(path: &Path) -> Option<u32> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata()
            .ok()
            .map(|meta| meta.permissions().mode() & 0o7777)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// Gives `path` exactly `mode` (the umask may have taken bits from a file created with it).
fn set_mode(path: &Path, mode: Option<u32>) {
    #[cfg(unix)]
    if let Some(mode) = mode {
        use std::os::unix::fs::PermissionsExt;
        // Best effort: the file is written; only group or other bits could be missing.
        let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode));
    }
    #[cfg(not(unix))]
    let _ = (path, mode);
}
