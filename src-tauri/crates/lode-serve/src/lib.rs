//! Lode itself as an MCP server that serves one basket, and the server plumbing
//! ([`plumbing`]) that lode-demo-server shares.
//!
//! A basket is context a person picked across servers; serving it lets any MCP client (an
//! assistant, an IDE) read exactly that context, with its provenance, while the servers it came
//! from are away. Every item is a resource `lode://basket/<name>/<n>` (n = its 1-based position),
//! and the prompt `basket` hands over the whole basket at once as embedded resources.
//!
//! The basket is read through a [`BasketFeed`] (lode-app implements it over SQLite), fresh for
//! every request, so a client never sees an older basket than the store holds. Changes arrive as
//! revisions on a `watch` channel; each one is turned into `list_changed` and `updated`
//! notifications for both protocol eras (legacy `resources/subscribe` and 2026-07-28
//! `subscriptions/listen`).
//!
//! Transports: [`serve_stdio`] (one client on stdin/stdout), [`serve_transport`] (any byte
//! stream, e.g. `tokio::io::duplex` in tests) and [`serve_http`] (Streamable HTTP on loopback,
//! behind a bearer token and an Origin check, with header-read and idle timeouts and a
//! connection cap).

mod changes;
mod connections;
mod contents;
pub mod context_hub;
mod guard;
mod handler;
mod http;
mod listing;
mod logging;
mod notes;
pub mod plumbing;
mod prompt;
mod shelf;
mod skills;
mod stdio;
mod uri;

use lode_core::basket::Basket;
use lode_core::LodeResult;

pub use connections::HttpLimits;
pub use http::{serve_http, serve_http_limited, HttpServing, TokenHandle};
pub use stdio::{serve_stdio, serve_transport};
pub use uri::item_uri;

/// Where a served basket is read from (lode-app implements it over SQLite).
pub trait BasketFeed: Send + Sync + 'static {
    /// The basket as it is now, items in order with their contents. May block briefly (SQLite):
    /// the server always calls it from `tokio::task::spawn_blocking`.
    fn basket(&self) -> LodeResult<Basket>;
}
