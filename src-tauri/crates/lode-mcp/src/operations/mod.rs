//! The requests Lode makes of a connected server, one module per area.

mod catalog;
mod page;
mod paging;
mod resources;
mod subscriptions;

pub(crate) use subscriptions::Subscriptions;
