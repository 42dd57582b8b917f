//! A one-off client for a command-line target, connected with the caller's options: request
//! timeout, credentials, and where the connection's events go.

use lode_core::{LodeResult, TransportSpec};
use lode_mcp::{ConnectOptions, McpClient};

use crate::lode::Lode;
use crate::target::ServerTarget;

impl Lode {
    /// The name and transport `target` stands for: a saved connection's, or the inline ones.
    pub fn resolve_target(&self, target: &ServerTarget) -> LodeResult<(String, TransportSpec)> {
        match target {
            ServerTarget::Saved(name) => {
                let connection = self.find_by_name(name)?;
                Ok((connection.name, connection.transport))
            }
            ServerTarget::Inline { label, transport } => Ok((label.clone(), transport.clone())),
        }
    }

    /// Connects to `target` with `options`; `options.server_name` is replaced by the target's
    /// name (the saved connection's, or the inline label).
    pub async fn connect_target_with(
        &self,
        target: &ServerTarget,
        mut options: ConnectOptions,
    ) -> LodeResult<McpClient> {
        let (name, transport) = self.resolve_target(target)?;
        options.server_name = name;
        McpClient::connect(&transport, options).await
    }
}
