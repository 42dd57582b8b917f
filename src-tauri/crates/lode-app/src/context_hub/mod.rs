//! The context hub's use cases: the hub profiles (what each assistant may see, chosen by the
//! person), each profile's bearer token and the bounded record of what assistants did through
//! it; and the serving itself: what one profile exposes ([`Exposure`]), searched and read
//! through this Lode's index and live connections (`source.rs`), served over stdio or loopback
//! HTTP by lode-serve (`serving.rs`).
//!
//! Where the connections live: in the `lode serve` process that serves the profile. It starts
//! only the exposed connections, indexes their listings, and stops them when the assistant goes
//! (docs/context-hub.md gives the measured cost of three assistants at once).

mod activity;
mod exposure;
mod exposure_confirmation;
mod keys;
mod profiles;
mod search;
mod serving;
mod source;
mod suggest;
mod tokens;

pub use exposure::Exposure;
