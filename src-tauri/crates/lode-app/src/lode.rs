//! The application: saved connections plus the live sessions to them.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use lode_core::{
    Connection, ConnectionId, ConnectionState, Credentials, ErrorCode, HubEvent, HubEventKind,
    LodeError, LodeResult, ResourceContent, ResourceItem, ServerInfo,
};
use lode_mcp::McpClient;
use lode_secrets::SecretStore;
use lode_store::Store;
use tokio::sync::broadcast;

use crate::browse_index::Browser;
use crate::credentials::{self, LazyKeychain, Resolved};
use crate::demo::{self, DEMO_CONNECTION_NAME};
use crate::hub::{CredentialSource, Hub, HubOptions};
use crate::paths::database_file;
use crate::trash::Trash;

pub struct Lode {
    /// The folder of the database (the About box shows it).
    data_dir: PathBuf,
    pub(crate) store: Arc<Store>,
    /// Where the connections' secrets are: the OS keychain, opened when first needed.
    pub(crate) secrets: Arc<dyn SecretStore>,
    pub(crate) hub: Hub,
    /// One index over every connection's resources, for the window's browser.
    pub(crate) browser: Arc<Browser>,
    /// Connections removed in this session, for undo.
    pub(crate) trash: Trash,
    /// The app's HTTP server of a basket, while it runs.
    pub(crate) serving: crate::served_basket::Serving,
    /// Set by [`Lode::start_all`]: from then on Lode supervises its connections (the app), so
    /// connections added, edited, restored or imported connect at once. The CLI never sets it.
    pub(crate) live: AtomicBool,
    /// The window's preview reads: a newer one cancels an older one still running.
    pub(crate) preview_reads: crate::preview_reads::PreviewReads,
    /// The window's followed requests (a tool call with a progress bar and a Cancel).
    pub(crate) followed: crate::followed_requests::FollowedRequests,
    /// Servers' `https:` icons, fetched for the window and cached on disk (built when first
    /// asked: the CLI never needs it).
    pub(crate) icons: std::sync::OnceLock<crate::icons::IconCache>,
    /// The demo server found beside the running executable: what the built-in demo runs.
    pub(crate) demo: Option<lode_core::TransportSpec>,
}

impl Lode {
    /// Opens Lode's data in `data_dir`. On the very first open, saves the built-in "Demo"
    /// connection when `demo` (the bundled demo server beside the executable) is given; every
    /// start of the built-in demo runs `demo`. Connections saved with a path to a demo server
    /// (older versions did) become the built-in demo.
    pub fn open(data_dir: &Path, demo: Option<lode_core::TransportSpec>) -> LodeResult<Self> {
        Self::open_with_secrets(data_dir, demo, Arc::new(LazyKeychain::default()))
    }

    /// Like [`Lode::open`], with the secrets kept in `secrets` instead of the OS keychain.
    pub fn open_with_secrets(
        data_dir: &Path,
        demo: Option<lode_core::TransportSpec>,
        secrets: Arc<dyn SecretStore>,
    ) -> LodeResult<Self> {
        let store = Store::open(&database_file(data_dir))?;
        // Only a Lode that knows where its demo server is turns saved demo paths into the
        // built-in demo: without one, the built-in demo could not start, and the path still can.
        if demo.is_some() {
            store.seed_once(&[(DEMO_CONNECTION_NAME.to_owned(), demo::built_in_demo())])?;
            migrate_demo_paths(&store)?;
        }
        let listing_limits = crate::listing_settings::limits_in(&store);
        let store = Arc::new(store);
        Ok(Self {
            data_dir: data_dir.to_owned(),
            store: store.clone(),
            secrets,
            hub: Hub::new(HubOptions {
                listing_limits,
                eras: crate::hub::Eras::new(store),
                ..HubOptions::default()
            }),
            browser: Arc::default(),
            trash: Trash::default(),
            serving: Default::default(),
            live: AtomicBool::new(false),
            preview_reads: Default::default(),
            followed: Default::default(),
            icons: Default::default(),
            demo,
        })
    }

    /// The folder Lode's data was opened from.
    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    /// The icon URLs connected servers listed: the only icons [`Lode::icon_data_url`] fetches.
    pub fn listed_icons(&self) -> &lode_mcp::ListedIcons {
        self.hub.listed_icons()
    }

    pub(crate) async fn start(&self, connection: Connection) {
        match self.resolve(&connection).await {
            Ok(resolved) => {
                let credentials = self.credential_source(&connection, resolved.credentials);
                let connection = Connection {
                    transport: resolved.transport,
                    ..connection
                };
                self.hub.start(connection, credentials).await;
            }
            Err(error) => self.hub.start_failed(&connection, error).await,
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

    /// Whether Lode supervises its connections (see `live`).
    pub(crate) fn is_live(&self) -> bool {
        self.live.load(Ordering::SeqCst)
    }

    /// From now on, records how each connection's attempts to connect end, beside it in the
    /// store.
    pub(crate) fn record_outcomes(self: &Arc<Self>) {
        self.follow_events(|lode, event| async move {
            if let HubEventKind::Status(status) = event.kind {
                lode.record_outcome(event.connection, &status);
            }
        });
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
        self.hub.asks()
    }

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

    /// Closes every live connection; call before exit so server processes end cleanly.
    pub async fn shutdown(&self) {
        self.hub.shutdown().await;
    }

    pub(crate) async fn client(&self, id: ConnectionId) -> LodeResult<Arc<McpClient>> {
        let connection = self.store.get_connection(id)?;
        if !self.hub.is_started(id).await {
            // A connection that is off (an imported program, say) is started by the person
            // only (`start_connections`, or turning it on): a request from the page, such as
            // the server details of a selected row, must not run its program.
            if !connection.settings.enabled {
                return Err(LodeError::new(
                    ErrorCode::TransportClosed,
                    format!("{} is not started: start it first", connection.name),
                ));
            }
            self.start(connection.clone()).await;
        }
        self.hub.client(&connection, Credentials::default).await
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
        if renew && crate::step_up::is_scope_challenge(error) {
            // A new token would not help: the server wants more scope, so a new sign-in.
            self.hub.require_sign_in(id, error.clone()).await;
        } else if error.code == ErrorCode::Timeout || renew {
            self.hub.restart(id).await;
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

/// Turns every connection saved with a path to a demo server into the built-in demo.
fn migrate_demo_paths(store: &Store) -> LodeResult<()> {
    for connection in store.list_connections()? {
        if let Some(built_in) = demo::as_built_in(&connection.transport) {
            store.update_transport(connection.id, &built_in)?;
        }
    }
    Ok(())
}
