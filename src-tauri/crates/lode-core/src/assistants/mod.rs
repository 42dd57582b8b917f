//! Lode's entry in an assistant's own MCP configuration (`lode connect`): which assistants Lode
//! knows, the shape of their files, and the edits — insert or update Lode's entry, remove it,
//! say whether it is there and current — made on the file's text so that every other entry,
//! comment, trailing comma and key order stays byte for byte as it was.
//!
//! Pure: lode-app knows where each file is on this system, reads it, shows the diff and writes.
//! docs/assistants.md gives each assistant's file, key and entry, and where each was checked.

mod catalog;
mod diff;
mod entry;
mod json_config;
mod toml_config;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::{ErrorCode, LodeError, LodeResult};

pub use catalog::{Assistant, ConfigFormat, ConfigScope, ConfigSyntax};
pub use diff::unified_diff;
pub use entry::{LodeEntry, ENTRY_NAME};

/// Configurations larger than this are not MCP configurations; Lode neither reads nor edits
/// them (Claude Code's `~/.claude.json`, the largest of them, holds a few hundred KB).
pub const MAX_CONFIG_BYTES: usize = 16 * 1024 * 1024;

/// What an assistant's configuration holds under the name `lode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum EntryState {
    /// No entry named `lode` (or no file at all).
    Absent,
    /// Lode's entry, starting this `lode` with these arguments.
    Current,
    /// Lode's entry (a `lode` program started with `serve`), but another path or other
    /// arguments: the `lode` moved after an upgrade, or another profile. A repair rewrites it.
    Stale,
    /// An entry named `lode` that does not start Lode's `lode serve`: another program's, which
    /// Lode never overwrites nor removes.
    Foreign,
}

/// The state of Lode's entry in the configuration `text`, of the given format.
pub fn inspect(format: ConfigFormat, text: &str, wanted: &LodeEntry) -> LodeResult<EntryState> {
    check_size(text)?;
    match format.syntax {
        ConfigSyntax::Toml => toml_config::inspect(format, text, wanted),
        ConfigSyntax::Json | ConfigSyntax::Jsonc => json_config::inspect(format, text, wanted),
    }
}

/// The hub profile Lode's entry in `text` serves (its `--profile` argument), when the entry is
/// Lode's and names one.
pub fn served_profile(format: ConfigFormat, text: &str) -> LodeResult<Option<String>> {
    check_size(text)?;
    let args = match format.syntax {
        ConfigSyntax::Toml => toml_config::lode_args(format, text)?,
        ConfigSyntax::Json | ConfigSyntax::Jsonc => json_config::lode_args(format, text)?,
    };
    Ok(args.and_then(|args| {
        args.iter()
            .position(|arg| arg == "--profile")
            .and_then(|at| args.get(at + 1).cloned())
    }))
}

/// The configuration `text` with Lode's entry in it, as `wanted`: added when absent, its
/// command and arguments rewritten when stale (other keys of the entry kept), and `text`
/// itself, unchanged to the byte, when it is current. An entry named `lode` that is not Lode's
/// is an error, never overwritten. `text` empty means no file yet.
pub fn with_entry(format: ConfigFormat, text: &str, wanted: &LodeEntry) -> LodeResult<String> {
    check_size(text)?;
    match format.syntax {
        ConfigSyntax::Toml => toml_config::with_entry(format, text, wanted),
        ConfigSyntax::Json | ConfigSyntax::Jsonc => json_config::with_entry(format, text, wanted),
    }
}

/// The configuration `text` without Lode's entry: only that entry goes, the servers' object
/// stays (empty if it was the last one). `text` itself when there is none. An entry named
/// `lode` that is not Lode's is an error, never removed.
pub fn without_entry(format: ConfigFormat, text: &str) -> LodeResult<String> {
    check_size(text)?;
    match format.syntax {
        ConfigSyntax::Toml => toml_config::without_entry(format, text),
        ConfigSyntax::Json | ConfigSyntax::Jsonc => json_config::without_entry(format, text),
    }
}

fn check_size(text: &str) -> LodeResult<()> {
    if text.len() > MAX_CONFIG_BYTES {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            format!(
                "the configuration is larger than {} MiB, too large for an MCP configuration: \
                 Lode does not edit it",
                MAX_CONFIG_BYTES / (1024 * 1024)
            ),
        ));
    }
    Ok(())
}

/// The error for an entry named `lode` that another program wrote.
fn foreign_entry(format: ConfigFormat) -> LodeError {
    LodeError::new(
        ErrorCode::InvalidInput,
        format!(
            "the configuration already has an entry named \"{ENTRY_NAME}\" under \"{}\" that \
             does not start Lode (`lode serve`): Lode leaves it as it is. Rename or remove it \
             first, then connect again",
            format.servers_key
        ),
    )
}
