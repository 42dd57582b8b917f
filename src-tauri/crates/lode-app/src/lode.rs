//! The application: saved connections plus the live sessions to them.

use std::path::Path;
use std::sync::Arc;

use lode_core::{
    Connection, ConnectionId, ConnectionState, ConnectionSummary, Credentials, ErrorCode, HubEvent,
    LodeResult, ResourceContent, ResourceItem, ServerInfo,
};
use lode_mcp::{ConnectOptions, McpClient};
use lode_store::Store;
use tokio::sync::broadcast;

use crate::demo::{self, DEMO_CONNECTION_NAME};
use crate::hub::{Hub, HubOptions};
use crate::paths::database_file;
use crate::target::ServerTarget;

pub struct Lode {
    store: Arc<Store>,
    hub: Hub,
}

impl Lode {
    /// Opens Lode's data in `data_dir`. On the very first open, saves a "Demo" connection to
    /// `demo` (the bundled demo server) when one is given; later opens repoint an existing
    /// Demo connection whose server binary has moved (Lode reinstalled elsewhere).
    pub fn open(data_dir: &Path, demo: Option<lode_core::TransportSpec>) -> LodeResult<Self> {
        let store = Store::open(&database_file(data_dir))?;
        if let Some(demo) = demo {
            store.seed_once(&[(DEMO_CONNECTION_NAME.to_owned(), demo.clone())])?;
            repoint_moved_demo(&store, &demo)?;
        }
        Ok(Self {
            store: Arc::new(store),
            hub: Hub::new(HubOptions::default()),
        })
    }

    /// Connects every enabled connection in parallel, each under its own supervisor.
    pub async fn start_all(&self) -> LodeResult<()> {
        for connection in self.store.list_connections()? {
            if connection.settings.enabled {
                self.hub.start(connection, Credentials::default()).await;
            }
        }
        Ok(())
    }

    /// Status changes and server notifications of every connection, from now on.
    pub fn events(&self) -> broadcast::Receiver<HubEvent> {
        self.hub.subscribe()
    }

    /// The current status of every connection the hub supervises.
    pub async fn statuses(&self) -> Vec<ConnectionState> {
        self.hub
            .statuses()
            .await
            .into_iter()
            .map(|(connection, status)| ConnectionState { connection, status })
            .collect()
    }

    pub fn list_connections(&self) -> LodeResult<Vec<ConnectionSummary>> {
        self.store.list_connections()
    }

    pub async fn list_resources(&self, id: ConnectionId) -> LodeResult<Vec<ResourceItem>> {
        let client = self.client(id).await?;
        let result = client.list_resources().await;
        self.restart_if_stuck(id, &result).await;
        result
    }

    pub async fn read_resource(
        &self,
        id: ConnectionId,
        uri: &str,
    ) -> LodeResult<Vec<ResourceContent>> {
        let client = self.client(id).await?;
        let result = client.read_resource(uri).await;
        self.restart_if_stuck(id, &result).await;
        result
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

    /// A one-off client for a command-line invocation: a saved connection by name, or an
    /// inline transport.
    pub async fn connect_target(&self, target: &ServerTarget) -> LodeResult<McpClient> {
        let (name, transport) = match target {
            ServerTarget::Saved(name) => {
                let connection = self.find_by_name(name)?;
                (connection.name, connection.transport)
            }
            ServerTarget::Inline { label, transport } => (label.clone(), transport.clone()),
        };
        McpClient::connect(&transport, ConnectOptions::new(name)).await
    }

    /// Closes every live connection; call before exit so server processes end cleanly.
    pub async fn shutdown(&self) {
        self.hub.shutdown().await;
    }

    async fn client(&self, id: ConnectionId) -> LodeResult<Arc<McpClient>> {
        let connection = self.store.get_connection(id)?;
        self.hub.client(&connection, Credentials::default).await
    }

    /// A request that timed out may have left the session stuck (a restarted HTTP server
    /// answering a stale session, say): rebuild it.
    async fn restart_if_stuck<T>(&self, id: ConnectionId, result: &LodeResult<T>) {
        if matches!(result, Err(e) if e.code == ErrorCode::Timeout) {
            self.hub.restart(id).await;
        }
    }

    pub(crate) fn find_by_name(&self, name: &str) -> LodeResult<Connection> {
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

fn repoint_moved_demo(store: &Store, demo: &lode_core::TransportSpec) -> LodeResult<()> {
    for connection in store.list_connections()? {
        let stale =
            demo::is_demo_command(&connection.transport) && !demo::exists(&connection.transport);
        if stale && connection.transport != *demo {
            store.update_transport(connection.id, demo)?;
        }
    }
    Ok(())
}
