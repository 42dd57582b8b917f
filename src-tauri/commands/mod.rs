//! One file per feature; each command is a few lines calling `lode-app`, and every error
//! crosses IPC as `LodeError` (`{code, message, detail?}`).

pub mod browse;
pub mod connections;
pub mod import;
pub mod preview;
pub mod resources;
pub mod servers;
pub mod templates;
