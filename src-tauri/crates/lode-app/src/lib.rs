//! Lode's use cases, shared by the desktop shell and the `lode` CLI. Async, and free of any UI
//! framework: the shell and the CLI are thin adapters over [`Lode`].

mod demo;
mod lode;
mod paths;
mod sessions;
mod target;

pub use demo::{demo_server_command, DEMO_CONNECTION_NAME};
pub use lode::Lode;
pub use paths::{default_data_dir, APP_IDENTIFIER};
pub use target::ServerTarget;

pub use lode_core as core;
