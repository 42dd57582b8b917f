//! The context hub's use cases: what one hub profile exposes ([`Exposure`]), searched and read
//! through this Lode's index and live connections ([`source::HubOfLode`]), and served over
//! stdio or loopback HTTP by lode-serve (`serving.rs`).
//!
//! Where the connections live: in the `lode serve` process that serves the profile. It starts
//! only the exposed connections, indexes their listings, and stops them when the assistant goes
//! (docs/context-hub.md gives the measured cost of three assistants at once).

mod exposure;
mod search;
mod serving;
mod source;
mod suggest;

pub use exposure::Exposure;
