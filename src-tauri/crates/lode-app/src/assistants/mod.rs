//! Connecting an assistant to Lode (`lode connect`, the window's "Connect an assistant"):
//! where each assistant keeps its configuration on this system, whether it is installed, the
//! state of Lode's entry in each, and the change — planned with its diff, then written with a
//! backup, atomically, keeping the file's permissions. lode-core's `assistants` edits the text.
//!
//! Blocking (small files, read and written once): async callers run these on a blocking thread.

mod listing;
mod locations;
mod lode_path;
mod plan;
mod write;

pub use listing::{list, AssistantConfig};
pub use locations::{config_path, is_installed, AssistantFolders};
pub use lode_path::{lode_beside, this_lode};
pub use plan::{plan, AssistantAction, AssistantTarget, PlannedChange, PlannedChangeView};
pub use write::{apply, backup_path, ChangeWritten};

#[cfg(test)]
mod tests;
