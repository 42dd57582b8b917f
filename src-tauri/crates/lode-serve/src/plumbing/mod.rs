//! What any of Lode's MCP servers needs around its handler, whatever it serves: who listens for
//! which change ([`Subscriptions`]) and serving one client over a byte stream until it goes
//! ([`serve_until_input_ends`], and [`serve_on_stdio`] for stdin/stdout). The basket server and lode-demo-server both stand on it.

mod log_rank;
mod stdio;
mod streamed_output;
mod subscriptions;

pub use log_rank::log_rank;
pub use stdio::{serve_on_stdio, serve_until_input_ends};
pub use subscriptions::{List, SessionId, Subscriptions};
