//! Lode's use cases, shared by the desktop shell and the `lode` CLI. Async, and free of any UI
//! framework: the shell and the CLI are thin adapters over [`Lode`].

mod ask_refusals;
mod ask_url_confirmation;
mod asks;
pub mod assistants;
mod basket;
mod browse_index;
mod browser;
mod catalog;
pub mod confirmation;
mod connect;
mod connection_edits;
mod connection_order;
mod connection_starts;
pub mod context_hub;
mod credentials;
mod demo;
mod eras;
mod file_names;
mod followed_calls;
mod followed_requests;
mod following;
mod fresh_file;
mod hub;
mod icon_requests;
pub mod icons;
mod import;
pub mod import_sources;
mod keychain_io;
mod listing_limits;
mod listing_settings;
mod lode;
mod log_file;
mod log_filter;
mod log_levels;
pub mod oauth;
mod paths;
mod preview_reads;
mod protocol_history;
mod reading;
mod root_edits;
mod roots;
mod served_basket;
mod sign_in;
mod start;
mod step_up;
mod subscriptions;
mod target;
mod templates;
pub mod tool_confirmation;
mod tool_trust;
mod trash;
pub mod updates;
mod window_layout;

pub use asks::AskDesk;
pub use basket::{
    remove_drag_files, AddFailure, AddReport, BundleWritten, SavedBundle, DRAG_FILE_MAX_AGE,
    DRAG_OUT_FOLDER, FILL_READS, MATCHING_LIMIT, SERVE_TOKEN_KEY,
};
pub use browser::ListedKey;
pub use demo::{
    built_in_demo, demo_server_command, is_built_in_demo, BUILT_IN_DEMO_COMMAND,
    DEMO_CONNECTION_NAME,
};
pub use hub::{Backoff, EraMemory, Eras, Hub, HubOptions};
pub use lode::Lode;
pub use log_file::{start_log_file, LogFile, LOG_FOLDER_CAP};
pub use log_filter::log_filter;
pub use paths::{default_data_dir, default_log_file, APP_IDENTIFIER, LOG_FILE_NAME};
pub use reading::{
    decode_base64, split_pieces, suggested_file_name, write_blob, ContentHead, ContentKind,
    ReadPiece, READ_PIECE_BYTES,
};
pub use target::ServerTarget;
pub use updates::{
    package_url_allowed, plain_loopback_feeds_allowed, update_check_due, update_timeout_from_env,
    FeedInUse, UpdateFeed, UPDATE_FEED_ENV, UPDATE_TIMEOUT_ENV,
};

pub use credentials::LazyKeychain;
pub use file_names::{clean_name, file_name, NAME_BYTES};
pub use lode_core as core;
/// The client the CLI drives directly: [`Lode::connect_target_with`] hands one out.
pub use lode_mcp::{
    AskFuture, AskRefused, ConnectOptions, EventSink, ListedIcons, McpClient, ProtocolHistory,
    ServerAsks,
};
/// Secrets as the use cases take them, and the stores behind them.
pub use lode_secrets as secrets;
/// A running HTTP server of a basket: its address, and how to stop it.
pub use lode_serve::HttpServing;
pub use window_layout::WindowPlace;
