//! Every assistant's configuration on this machine, with the state of Lode's entry in it.

use std::path::Path;

use lode_core::assistants::{self, Assistant, ConfigScope, EntryState, LodeEntry};
use serde::Serialize;
use ts_rs::TS;

use super::locations::{config_path, is_installed, AssistantFolders};
use super::plan::read_if_present;

/// One assistant's configuration in one scope.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AssistantConfig {
    pub assistant: Assistant,
    /// The assistant's name, as people know it.
    pub name: String,
    /// Its name on `lode connect`'s command line.
    pub cli_name: String,
    pub scope: ConfigScope,
    pub path: String,
    pub installed: bool,
    pub file_exists: bool,
    /// The state of Lode's entry; `None` when the file could not be read (see `problem`).
    #[ts(optional)]
    pub state: Option<EntryState>,
    /// Why the file could not be read or understood.
    #[ts(optional)]
    pub problem: Option<String>,
    /// The hub profile Lode's entry serves (`serve --profile P`), when the entry is Lode's.
    #[ts(optional)]
    pub profile: Option<String>,
}

/// Every assistant's user configuration, and, with a project folder, the project
/// configurations of those that have one.
pub fn list(
    folders: &AssistantFolders,
    lode: &LodeEntry,
    project: Option<&Path>,
) -> Vec<AssistantConfig> {
    let mut rows = Vec::new();
    for assistant in Assistant::ALL {
        for &scope in assistant.scopes() {
            if scope == ConfigScope::Project && project.is_none() {
                continue;
            }
            let Ok(path) = config_path(folders, assistant, scope, project) else {
                continue;
            };
            let read = read_if_present(&path);
            let file_exists = matches!(read, Ok(Some(_)));
            let state = read.and_then(|bytes| {
                let bytes = bytes.unwrap_or_default();
                let text = String::from_utf8(bytes).map_err(|_| {
                    lode_core::LodeError::new(
                        lode_core::ErrorCode::InvalidInput,
                        "the file is not UTF-8 text",
                    )
                })?;
                let state = assistants::inspect(assistant.format(), &text, lode)?;
                let profile = assistants::served_profile(assistant.format(), &text)?;
                Ok((state, profile))
            });
            let (state, profile, problem) = match state {
                Ok((state, profile)) => (Some(state), profile, None),
                Err(e) => (None, None, Some(e.message)),
            };
            rows.push(AssistantConfig {
                assistant,
                name: assistant.display_name().to_string(),
                cli_name: assistant.cli_name().to_string(),
                scope,
                path: path.display().to_string(),
                installed: is_installed(folders, assistant),
                file_exists,
                state,
                problem,
                profile,
            });
        }
    }
    rows
}
