//! Lode's MCP client. This is the only crate that knows `rmcp`: everything it hands out is a
//! `lode-core` type, so the rest of Lode survives rmcp's fast-moving API. It is also Lode's MCP
//! server: [`serve`] offers a basket to other MCP clients.

mod client;
mod convert;
mod error;
mod handler;
mod listing_cache;
pub mod oauth;
mod operations;
mod rest;
pub mod serve;
mod server_log;
#[doc(hidden)]
pub mod testing;
mod transport;

pub use client::{ConnectOptions, McpClient};
pub use handler::EventSink;
pub use oauth::{OAuthCredentials, SignInOptions};
pub use server_log::ServerLog;
