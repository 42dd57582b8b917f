//! A one-off client for a command-line target, connected with the caller's options: request
//! timeout, credentials, and where the connection's events go.

use lode_core::{LodeResult, TransportSpec};
use lode_mcp::{ConnectOptions, McpClient};

use super::supervisor::Eras;
use super::target::ServerTarget;
use crate::Lode;

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
    /// name (the saved connection's, or the inline label). A saved connection brings its
    /// secrets from the keychain; credentials in `options` (the command line's) replace its
    /// bearer token and secret headers.
    pub async fn connect_target_with(
        &self,
        target: &ServerTarget,
        mut options: ConnectOptions,
    ) -> LodeResult<McpClient> {
        let mut saved = None;
        let transport = match target {
            ServerTarget::Saved(name) => {
                let connection = self.find_by_name(name)?;
                let resolved = self.resolve(&connection).await?;
                // The server is started with its secret variables whoever's credentials are
                // sent: they are scrubbed from its history either way.
                let secret_env = resolved.credentials.secret_env.clone();
                if options.credentials.is_empty() {
                    options.credentials = self
                        .credential_source(&connection, resolved.credentials)
                        .current()
                        .await?;
                }
                options.credentials.secret_env = secret_env;
                options.server_name = connection.name;
                options.inherit_env = connection.settings.inherit_env;
                options.era = self.store.connection_era(connection.id).unwrap_or(None);
                saved = Some((connection.id, options.era));
                resolved.transport
            }
            ServerTarget::Inline { label, transport } => {
                options.server_name = label.clone();
                // Nothing says which of the command line's variables are secret (an API key
                // given as `--env KEY=…`, say): every value is scrubbed from the history and
                // the trace, as a saved connection's secret variables are.
                if let TransportSpec::Stdio { env, .. } = transport {
                    options.credentials.secret_env.extend(env.values().cloned());
                }
                transport.clone()
            }
        };
        options.listed_icons = Some(self.supervisor.listed_icons().clone());
        let client = McpClient::connect(&transport, options).await?;
        // The next connect to a saved server starts in the era this one found.
        if let Some((id, remembered)) = saved {
            Eras::new(self.store.clone()).update(id, remembered, client.info().era);
        }
        Ok(client)
    }
}
