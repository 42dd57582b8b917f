//! One file per feature; each command is a few lines calling `lode-app`, and every error
//! crosses IPC as `LodeError` (`{code, message, detail?}`).

pub mod about;
pub mod apps;
pub mod asks;
pub mod assistants;
pub mod basket;
pub mod browse;
pub mod catalog;
pub mod connections;
pub mod context_hub;
pub mod drag_out;
mod file_dialog;
pub mod followed_requests;
pub mod icons;
pub mod import;
pub mod install;
pub mod log_level;
pub mod mcpb;
pub mod picker_settings;
pub mod preview;
pub mod protocol_history;
pub mod registry;
pub mod roots;
pub mod searches;
pub mod server;
pub mod settings;
pub mod skills;
pub mod templates;
pub mod updates;
pub mod window;
