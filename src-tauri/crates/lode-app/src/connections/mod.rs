//! Saved connections and the live sessions to them: adding, editing, testing, removing and
//! restoring them (`edits`, `trash`), starting those that wait for the person (`starts`), their
//! order, importing and exporting them (`import`, `import_sources`), signing them in with OAuth
//! (`sign_in`, `oauth`, `step_up`), their secrets in the keychain (`credentials`,
//! `keychain_io`), and a one-off client for a command-line target (`connect`, `target`).
//!
//! Each started connection is one task of the [`supervisor`]; `sessions` hands its clients to
//! the other use cases, `session_changes` keeps its starts and stops from interleaving,
//! `supervision` starts the app's live supervision (never the CLI's), and
//! `supervisor_events` follows what the supervisor publishes. `eras` keeps each connection's
//! protocol era in the store for the supervisor.

mod connect;
mod credentials;
mod edits;
mod eras;
mod import;
pub mod import_sources;
mod keychain_io;
pub mod oauth;
mod order;
mod session_changes;
mod sessions;
mod sign_in;
mod starts;
mod step_up;
mod supervision;
pub mod supervisor;
mod supervisor_events;
mod target;
mod trash;

pub use credentials::LazyKeychain;
pub(crate) use session_changes::{Changing, SessionChanges};
pub use target::ServerTarget;
pub(crate) use trash::Trash;
