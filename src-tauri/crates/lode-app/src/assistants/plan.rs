//! A change to one assistant's configuration, worked out before anything is written: the text
//! now, the text after, and the diff between them for the person to read.

use std::path::{Path, PathBuf};

use lode_core::assistants::{self, unified_diff, Assistant, ConfigScope, EntryState, LodeEntry};
use lode_core::{ErrorCode, LodeError, LodeResult};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::locations::{config_path, AssistantFolders};
use crate::config_file::read_config_bytes;

/// What to do to Lode's entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum AssistantAction {
    /// Add Lode's entry (a stale one is brought up to date too).
    Connect,
    /// Bring a stale entry up to date: the `lode` it starts, and its arguments.
    Repair,
    /// Remove Lode's entry, and nothing else.
    Disconnect,
}

/// Which configuration: an assistant, a scope, and the project's folder for a project scope.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssistantTarget {
    pub assistant: Assistant,
    pub scope: ConfigScope,
    pub project: Option<PathBuf>,
}

/// A change worked out and not yet written. [`super::apply`] writes it only if the file still
/// holds what it was worked out from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedChange {
    pub assistant: Assistant,
    pub scope: ConfigScope,
    pub action: AssistantAction,
    pub path: PathBuf,
    /// The file's bytes when it was read; `None` when there was no file.
    pub before: Option<Vec<u8>>,
    pub after: String,
    pub diff: String,
}

/// What the window is shown of a planned change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlannedChangeView {
    pub assistant: Assistant,
    pub scope: ConfigScope,
    pub action: AssistantAction,
    pub path: String,
    /// The unified diff; empty when there is nothing to change.
    pub diff: String,
    /// Whether the file does not exist yet and will be created.
    pub creates_file: bool,
}

impl PlannedChange {
    /// Whether writing it would change nothing (connecting twice, disconnecting what is absent).
    pub fn changes_nothing(&self) -> bool {
        self.before.as_deref() == Some(self.after.as_bytes())
            || (self.before.is_none() && self.action == AssistantAction::Disconnect)
    }

    pub fn view(&self) -> PlannedChangeView {
        PlannedChangeView {
            assistant: self.assistant,
            scope: self.scope,
            action: self.action,
            path: self.path.display().to_string(),
            diff: self.diff.clone(),
            creates_file: self.before.is_none() && !self.changes_nothing(),
        }
    }
}

/// Works out `action` on `target`'s configuration, with `lode` the entry Lode wants there.
pub fn plan(
    folders: &AssistantFolders,
    target: &AssistantTarget,
    action: AssistantAction,
    lode: &LodeEntry,
) -> LodeResult<PlannedChange> {
    let path = config_path(
        folders,
        target.assistant,
        target.scope,
        target.project.as_deref(),
    )?;
    let before = read_if_present(&path)?;
    let text = match &before {
        Some(bytes) => std::str::from_utf8(bytes).map_err(|_| {
            in_file(
                &path,
                LodeError::new(ErrorCode::InvalidInput, "the file is not UTF-8 text"),
            )
        })?,
        None => "",
    };
    let format = target.assistant.format();
    let after = match action {
        AssistantAction::Connect => assistants::with_entry(format, text, lode),
        AssistantAction::Repair => match assistants::inspect(format, text, lode) {
            Ok(EntryState::Stale) => assistants::with_entry(format, text, lode),
            Ok(EntryState::Current) => Ok(text.to_string()),
            Ok(EntryState::Absent) => Err(LodeError::new(
                ErrorCode::InvalidInput,
                "there is no Lode entry to repair: connect instead",
            )),
            Ok(EntryState::Foreign) => assistants::with_entry(format, text, lode),
            Err(e) => Err(e),
        },
        AssistantAction::Disconnect => assistants::without_entry(format, text),
    }
    .map_err(|e| in_file(&path, e))?;
    let label = path.display().to_string();
    let diff = unified_diff(&label, text, &after);
    Ok(PlannedChange {
        assistant: target.assistant,
        scope: target.scope,
        action,
        path,
        before,
        after,
        diff,
    })
}

/// The file's bytes, `None` when there is no file; bounded and only from a regular file.
pub(super) fn read_if_present(path: &Path) -> LodeResult<Option<Vec<u8>>> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(LodeError::new(
                ErrorCode::InvalidInput,
                format!("could not read {}: {e}", path.display()),
            ))
        }
        Ok(_) => {}
    }
    read_config_bytes(path).map(Some)
}

/// `error`, its message naming the file.
pub(super) fn in_file(path: &Path, error: LodeError) -> LodeError {
    LodeError {
        message: format!("{}: {}", path.display(), error.message),
        ..error
    }
}
