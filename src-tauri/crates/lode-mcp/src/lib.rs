//! Lode's MCP client, the only client-side crate that knows `rmcp`: everything it hands out is a
//! `lode-core` type, so the rest of Lode survives rmcp's fast-moving API. Lode's own MCP server
//! (a basket served to other clients) is lode-serve.

mod addresses;
mod asks;
mod client;
mod connect_options;
mod convert;
mod decoding;
mod error;
mod error_chain;
mod handler;
mod handler_asks;
mod http_failure;
pub mod icon_fetch;
pub mod listed_icons;
mod listing_bounds;
mod listing_cache;
mod notification_bounds;
pub mod oauth;
mod open_asks;
mod progress_routes;
mod protocol_history;
mod resource_source;
mod rest;
mod roots;
mod server_log;
/// A client over any pair of byte streams, for tests: only with the `testing` feature.
#[cfg(feature = "testing")]
pub mod testing;
mod text_cut;
mod transport;

pub use asks::{AskFuture, AskRefused, ServerAsks, ASK_TIME_LIMIT};
pub use client::McpClient;
pub use connect_options::{ConnectOptions, TOOL_CALL_GRACE};
pub use handler::EventSink;
pub use listed_icons::ListedIcons;
pub use oauth::{OAuthCredentials, SignInOptions};
pub use protocol_history::{ProtocolHistory, KEPT_MESSAGES, MESSAGE_CAP};
pub use roots::Roots;
pub use server_log::ServerLog;
