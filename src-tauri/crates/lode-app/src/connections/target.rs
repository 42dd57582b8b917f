//! Which server a command is about: a saved connection, or one given inline on the command
//! line (not saved).

use lode_core::TransportSpec;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ServerTarget {
    /// A saved connection, by name (case-insensitive).
    Saved(String),
    /// A transport given inline; `label` names it in output and errors.
    Inline {
        label: String,
        transport: TransportSpec,
    },
}
