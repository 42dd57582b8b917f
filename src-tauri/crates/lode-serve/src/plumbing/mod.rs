//! What any of Lode's MCP servers needs around its handler, whatever it serves: who listens for
//! which change ([`Subscriptions`]) and serving one client over a byte stream until it goes
//! ([`serve_until_input_ends`]). The basket server and lode-demo-server both stand on it.

mod log_rank;
mod stdio;
mod subscriptions;

pub use log_rank::log_rank;
pub use stdio::serve_until_input_ends;
pub use subscriptions::{List, SessionId, Subscriptions};
