//! The application: saved connections plus the live sessions to them.

use std::path::Path;
use std::sync::Arc;

use lode_core::{
    Connection, ConnectionId, ConnectionSummary, LodeResult, ResourceContent, ResourceItem,
};
use lode_mcp::{ConnectOptions, McpClient};
use lode_store::Store;

use crate::demo::{self, DEMO_CONNECTION_NAME};
use crate::paths::database_file;
use crate::sessions::Sessions;
use crate::target::ServerTarget;

pub struct Lode {
    store: Arc<Store>,
    sessions: Sessions,
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
            sessions: Sessions::default(),
        })
    }

    pub fn list_connections(&self) -> LodeResult<Vec<ConnectionSummary>> {
        Ok(self
            .store
            .list_connections()?
            .iter()
            .map(ConnectionSummary::from)
            .collect())
    }

    pub async fn list_resources(&self, id: ConnectionId) -> LodeResult<Vec<ResourceItem>> {
        let connection = self.store.get_connection(id)?;
        let client = self.sessions.client(&connection).await?;
        let result = client.list_resources().await;
        self.sessions.discard_if_dead(id, &result).await;
        result
    }

    pub async fn read_resource(
        &self,
        id: ConnectionId,
        uri: &str,
    ) -> LodeResult<Vec<ResourceContent>> {
        let connection = self.store.get_connection(id)?;
        let client = self.sessions.client(&connection).await?;
        let result = client.read_resource(uri).await;
        self.sessions.discard_if_dead(id, &result).await;
        result
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
        self.sessions.close_all().await;
    }

    fn find_by_name(&self, name: &str) -> LodeResult<Connection> {
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
