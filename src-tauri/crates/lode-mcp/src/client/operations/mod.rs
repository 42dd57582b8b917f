//! The requests Lode makes of a connected server, one module per area.

mod catalog;
mod followed_requests;
mod logging;
mod paging;
mod resources;
mod roots;
mod sending;
mod skills;
mod subscriptions;
mod tool_hints;
mod tool_output;

pub(crate) use resources::McpSource;
pub(crate) use sending::CancelNotices;
pub(crate) use subscriptions::Subscriptions;
pub(crate) use tool_hints::ListedHints;
pub(crate) use tool_output::OutputSchemas;
