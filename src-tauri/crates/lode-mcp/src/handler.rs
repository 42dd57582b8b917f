//! How Lode answers what a server asks of it. rmcp's defaults already answer every
//! server-initiated request (sampling and elicitation declined with a JSON-RPC error, roots
//! empty) rather than leaving a server waiting; this names the client and keeps that behaviour.

use rmcp::model::{ClientCapabilities, ClientConfig, Implementation};
use rmcp::ClientHandler;

#[derive(Debug, Clone, Default)]
pub(crate) struct LodeClientHandler;

impl ClientHandler for LodeClientHandler {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            ClientCapabilities::default(),
            Implementation::new("lode", env!("CARGO_PKG_VERSION")),
        )
    }
}
