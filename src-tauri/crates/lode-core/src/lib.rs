//! Lode's domain: the types every layer shares, and pure logic over them. No I/O here,
//! and nothing that knows about MCP libraries, SQLite, keychains or Tauri.

pub mod connection;
pub mod error;
pub mod resource;

pub use connection::{Connection, ConnectionId, ConnectionSummary, TransportSpec};
pub use error::{ErrorCode, LodeError, LodeResult};
pub use resource::{Annotations, Icon, ResourceContent, ResourceItem, Role};
