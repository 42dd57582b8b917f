//! The live sessions to saved connections: each started under the supervisor with its secrets
//! (read on a blocking thread), its client handed to every request the person makes, and a
//! session that may be stuck (a timeout, an expired or too narrow OAuth token) rebuilt.

use std::sync::Arc;

use lode_core::{
    Connection, ConnectionEvent, ConnectionId, ConnectionState, Credentials, ErrorCode, LodeError,
    LodeResult, ResourceContent, ResourceItem, ServerInfo,
};
use lode_mcp::McpClient;
use tokio::sync::broadcast;

use super::credentials::{self, Resolved};
use super::supervisor::{CredentialSource, Supervisor};
use super::Changing;
use crate::settings::demo;
use crate::Lode;

impl Lode {
    /// Starts connection `id`'s session under the supervisor, unless it is started already:
    /// from the connection as saved now, read again under `_changing`, since a copy read
    /// before may predate an edit saved since (`session_changes.rs`). A connection removed
    /// since is not started, nor any after [`Lode::shutdown`].
    pub(crate) async fn start(&self, _changing: &Changing<'_>, id: ConnectionId) {
        if self.session_changes.ended() {
            return;
        }
        let connection = match self.store.get_connection(id) {
            Ok(connection) => connection,
            Err(error) => {
                if error.code != ErrorCode::UnknownConnection {
                    tracing::warn!(%error, "could not read a connection to start it");
                }
                return;
            }
        };
        match self.resolve(&connection).await {
            Ok(resolved) => {
                let credentials = self.credential_source(&connection, resolved.credentials);
                let connection = Connection {
                    transport: resolved.transport,
                    ..connection
                };
                self.supervisor.start(connection, credentials).await;
            }
            Err(error) => self.supervisor.start_failed(&connection, error).await,
        }
    }

    /// Where `connection`'s credentials come from: `base`, plus an OAuth access token read
    /// before each attempt to connect when it signs in with OAuth.
    pub(crate) fn credential_source(
        &self,
        connection: &Connection,
        base: Credentials,
    ) -> CredentialSource {
        if connection.settings.oauth {
            CredentialSource::OAuth {
                base,
                connection: Box::new(connection.clone()),
                secrets: self.secrets.clone(),
            }
        } else {
            CredentialSource::Fixed(base)
        }
    }

    /// The connection's secrets, read on a blocking thread (a keychain call is a D-Bus round
    /// trip, and may wait for the person to unlock it).
    pub(crate) async fn resolve(&self, connection: &Connection) -> LodeResult<Resolved> {
        let connection = &demo::with_resolved(connection.clone(), self.demo.as_ref());
        if connection.settings.secrets.is_empty() {
            return Ok(Resolved {
                transport: connection.transport.clone(),
                credentials: Credentials::default(),
            });
        }
        let secrets = self.secrets.clone();
        let connection = connection.clone();
        tokio::task::spawn_blocking(move || credentials::resolve(&connection, secrets.as_ref()))
            .await
            .map_err(|e| {
                LodeError::new(ErrorCode::Internal, format!("reading secrets failed: {e}"))
            })?
    }

    /// Status changes and server notifications of every connection, from now on.
    /// Where servers' elicitation and sampling requests wait for the window's answer.
    pub fn asks(&self) -> &Arc<crate::asks::AskDesk> {
        self.supervisor.asks()
    }

    pub fn events(&self) -> broadcast::Receiver<ConnectionEvent> {
        self.supervisor.subscribe()
    }

    /// The current status of every supervised connection.
    pub async fn statuses(&self) -> Vec<ConnectionState> {
        self.supervisor
            .statuses()
            .await
            .into_iter()
            .map(|(connection, status)| ConnectionState { connection, status })
            .collect()
    }

    pub fn list_connections(&self) -> LodeResult<Vec<Connection>> {
        self.store.list_connections()
    }

    pub async fn list_resources(&self, id: ConnectionId) -> LodeResult<Vec<ResourceItem>> {
        self.with_client(id, async |client| client.list_resources().await)
            .await
    }

    pub async fn read_resource(
        &self,
        id: ConnectionId,
        uri: &str,
    ) -> LodeResult<Vec<ResourceContent>> {
        self.with_client(id, async |client| client.read_resource(uri).await)
            .await
    }

    /// Runs one of the server's tools with a JSON object of arguments.
    pub async fn call_tool(
        &self,
        id: ConnectionId,
        name: &str,
        arguments: serde_json::Value,
    ) -> LodeResult<lode_core::ToolResult> {
        self.with_client(id, async |client| client.call_tool(name, arguments).await)
            .await
    }

    /// What the server said about itself: era, protocol version, identity, capabilities and
    /// instructions.
    pub async fn server_info(&self, id: ConnectionId) -> LodeResult<ServerInfo> {
        Ok(self.client(id).await?.info().clone())
    }

    /// The newest lines a local server wrote to stderr (empty for remote servers).
    pub async fn server_log(&self, id: ConnectionId, lines: usize) -> LodeResult<Vec<String>> {
        Ok(self.client(id).await?.log().tail(lines))
    }

    /// Closes every live connection; call before exit so server processes end cleanly. No
    /// request starts one again after it.
    pub async fn shutdown(&self) {
        let changing = self.session_changes.begin().await;
        self.session_changes.end(&changing);
        self.supervisor.shutdown().await;
    }

    pub(crate) async fn client(&self, id: ConnectionId) -> LodeResult<Arc<McpClient>> {
        // A second turn when an edit stopped the session this found (or started) before it
        // was ready: the edit starts the connection again as it saved it.
        let mut turns_left = 2;
        loop {
            let connection = self.running(id).await?;
            match self.supervisor.client(&connection).await {
                Some(answer) => return answer,
                None if turns_left > 1 => turns_left -= 1,
                None => return Err(Supervisor::stopped(&connection)),
            }
        }
    }

    /// Connection `id` as saved, its session started if it was not.
    async fn running(&self, id: ConnectionId) -> LodeResult<Connection> {
        let changing = self.session_changes.begin().await;
        let connection = self.store.get_connection(id)?;
        if !self.supervisor.is_started(id).await {
            // A connection that is off (an imported program, say) is started by the person
            // only (`start_connections`, or turning it on): a request from the page, such as
            // the server details of a selected row, must not run its program.
            if !connection.settings.enabled {
                return Err(LodeError::new(
                    ErrorCode::TransportClosed,
                    format!("{} is not started: start it first", connection.name),
                ));
            }
            self.start(&changing, id).await;
        }
        Ok(connection)
    }

    /// Runs `request` on connection `id`'s client (connecting first when the connection is not
    /// running), then rebuilds the session if the answer says it may be stuck. Every request
    /// the person makes of a server goes through here.
    pub(crate) async fn with_client<T>(
        &self,
        id: ConnectionId,
        request: impl AsyncFnOnce(&McpClient) -> LodeResult<T>,
    ) -> LodeResult<T> {
        let client = self.client(id).await?;
        let result = request(&client).await;
        self.restart_if_stuck(id, &result).await;
        result
    }

    /// A request that timed out may have left the session stuck (a restarted HTTP server
    /// answering a stale session, say): rebuild it. One refused for authorization may have
    /// outlived its OAuth access token: reconnecting renews it.
    async fn restart_if_stuck<T>(&self, id: ConnectionId, result: &LodeResult<T>) {
        let Err(error) = result else {
            return;
        };
        let renew = error.code == ErrorCode::AuthRequired
            && self
                .store
                .get_connection(id)
                .is_ok_and(|c| c.settings.oauth);
        if renew && super::step_up::is_scope_challenge(error) {
            // A new token would not help: the server wants more scope, so a new sign-in.
            self.supervisor.require_sign_in(id, error.clone()).await;
        } else if error.code == ErrorCode::Timeout || renew {
            self.supervisor.restart(id).await;
        }
    }

    /// The saved connection named `name` (case-insensitive); the error lists the saved names.
    pub fn find_by_name(&self, name: &str) -> LodeResult<Connection> {
        self.store.find_connection_by_name(name)?.ok_or_else(|| {
            let known: Vec<String> = self
                .store
                .list_connections()
                .unwrap_or_default()
                .into_iter()
                .map(|c| c.name)
                .collect();
            let error = lode_core::LodeError::new(
                lode_core::ErrorCode::UnknownConnection,
                format!("no saved connection named \"{name}\""),
            );
            if known.is_empty() {
                error
            } else {
                error.with_detail(format!("saved connections: {}", known.join(", ")))
            }
        })
    }
}
