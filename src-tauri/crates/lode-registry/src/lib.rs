//! Lode's client of MCP registries: the official MCP Registry and its sub-registries, which
//! share one HTTP API (`lode_core::registry` gives its shapes and sources). One request a call:
//! a page of a search, a server's versions, one version; the caller pages and chooses the
//! registry. Only lode-app uses it, beside lode-mcp, lode-store and lode-secrets: like them it
//! reaches outside Lode (here over HTTP) and hands back lode-core's types.
//!
//! A registry is read as untrusted: connecting waits 10 s and a whole answer 30 s, an answer
//! larger than 4 MiB is refused while it is read, redirects are followed only within the
//! registry's own origin, and each failure is a `LodeError` saying which registry failed and how
//! (unreachable, TLS, timed out, an error status with the registry's own message, too large,
//! not JSON). What the answer holds is checked by lode-core (`RegistryPage::parse`,
//! `parse_entry`).

mod client;
mod download;
mod endpoints;
mod failure;
mod transfer;

pub use client::RegistryClient;
pub use download::download_mcpb;
