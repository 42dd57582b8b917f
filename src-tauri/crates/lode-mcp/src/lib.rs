//! Lode's MCP client. This is the only crate that knows `rmcp`: everything it hands out is a
//! `lode-core` type, so the rest of Lode survives rmcp's fast-moving API.

mod client;
mod convert;
mod error;
mod handler;
mod server_log;
mod stdio;

pub use client::{ConnectOptions, McpClient, ServerSummary};
pub use server_log::ServerLog;
