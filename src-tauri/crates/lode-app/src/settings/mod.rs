//! Lode's settings and where it keeps its files: the caps on a listing (`listing_settings`,
//! `listing_limits`), each connection's log level (`log_levels`) and how its resources show in
//! the browser (`picker_settings`), the log's filter and its bounded file (`log_filter`,
//! `log_file`), the data and log folders (`paths`), the built-in demo connection (`demo`), and the keychain
//! service of the database's secrets (`keychain_service`).

pub(crate) mod demo;
mod keychain_service;
mod listing_limits;
mod listing_settings;
mod log_file;
mod log_filter;
mod log_levels;
mod paths;
mod picker_settings;

pub use demo::{
    built_in_demo, demo_server_command, is_built_in_demo, BUILT_IN_DEMO_COMMAND,
    DEMO_CONNECTION_NAME,
};
pub(crate) use keychain_service::keychain_service;
pub(crate) use listing_settings::limits_in;
pub use log_file::{start_log_file, LogFile, LOG_FOLDER_CAP};
pub use log_filter::log_filter;
pub(crate) use paths::database_file;
pub use paths::{default_data_dir, default_log_file, APP_IDENTIFIER, LOG_FILE_NAME};
pub use picker_settings::{ConnectionPickerSettings, PickerSettings};
