//! The connection supervisor: one supervised task per saved connection (`connection_task`), all
//! started in parallel, each publishing its status (connecting, ready, reconnecting,
//! auth-required, failed, stopped) and its server's notifications as [`ConnectionEvent`]s. Not the
//! context hub (`context_hub/`), which serves assistants.

mod backoff;
mod connection_task;
mod credential_source;
mod eras;
mod event_gate;
mod live_roots;

use std::collections::HashMap;
use std::sync::Arc;

use lode_core::{
    Connection, ConnectionEvent, ConnectionEventKind, ConnectionId, ConnectionStatus, ErrorCode,
    ListingLimits, LodeError, LodeResult,
};
use lode_mcp::{McpClient, ProtocolHistory};
use tokio::sync::{broadcast, watch, Mutex};
use tokio::task::JoinHandle;

pub use backoff::Backoff;
use connection_task::{ConnectionTask, Control, Snapshot};
pub use credential_source::CredentialSource;
pub use eras::{EraMemory, Eras};

/// How the supervisor supervises; each connection's request timeout is its own setting.
#[derive(Debug, Clone, Default)]
pub struct SupervisorOptions {
    pub backoff: Backoff,
    /// The caps on a listing, for connections started from now on.
    pub listing_limits: ListingLimits,
    /// Where the connections' elicitation and sampling requests wait for the person.
    pub asks: Arc<crate::asks::AskDesk>,
    /// Where each connection's protocol era is remembered between connects.
    pub eras: Eras,
    /// Where the icon URLs servers list are remembered (the only icons Lode fetches).
    pub listed_icons: lode_mcp::ListedIcons,
}

struct Link {
    status: watch::Receiver<Snapshot>,
    control: Arc<Control>,
    task: JoinHandle<()>,
    /// The roots its sessions offer, shared with them: changed live (`live_roots.rs`).
    roots: lode_mcp::Roots,
}

pub struct Supervisor {
    links: Mutex<HashMap<ConnectionId, Link>>,
    events: broadcast::Sender<ConnectionEvent>,
    options: SupervisorOptions,
    /// `options.listing_limits` as changed since (the settings were edited).
    listing_limits: std::sync::Mutex<ListingLimits>,
    /// Each connection's protocol history, kept across its sessions and restarts.
    histories: std::sync::Mutex<HashMap<ConnectionId, ProtocolHistory>>,
}

impl Supervisor {
    pub fn new(options: SupervisorOptions) -> Self {
        let (events, _) = broadcast::channel(4096);
        Self {
            links: Mutex::new(HashMap::new()),
            events,
            listing_limits: std::sync::Mutex::new(options.listing_limits),
            options,
            histories: Default::default(),
        }
    }

    /// The protocol history of `id` (empty until it first connects).
    pub fn history(&self, id: ConnectionId) -> ProtocolHistory {
        self.histories
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .entry(id)
            .or_default()
            .clone()
    }

    /// The caps on a listing for connections started (or reconnecting) from now on.
    pub fn set_listing_limits(&self, limits: ListingLimits) {
        *self
            .listing_limits
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = limits;
    }

    fn listing_limits(&self) -> ListingLimits {
        *self
            .listing_limits
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Every status change and server event from now on. A receiver that falls far behind
    /// loses the oldest events (and is told so by `broadcast`), it never blocks the supervisor.
    pub fn subscribe(&self) -> broadcast::Receiver<ConnectionEvent> {
        self.events.subscribe()
    }

    /// Where the connections' asks wait for the person.
    pub fn asks(&self) -> &Arc<crate::asks::AskDesk> {
        &self.options.asks
    }

    /// The icon URLs the supervised servers listed.
    pub fn listed_icons(&self) -> &lode_mcp::ListedIcons {
        &self.options.listed_icons
    }

    /// Starts supervising `connection` unless it already is.
    pub async fn start(&self, connection: Connection, credentials: impl Into<CredentialSource>) {
        let mut links = self.links.lock().await;
        if links.contains_key(&connection.id) {
            return;
        }
        let (status, receiver) = watch::channel(Snapshot {
            status: ConnectionStatus::Connecting,
            client: None,
        });
        let control = Arc::new(Control::default());
        let id = connection.id;
        let roots = lode_mcp::Roots::live(crate::roots::root_uris(
            connection.settings.roots.as_deref(),
        ));
        let task = ConnectionTask {
            roots: roots.clone(),
            request_timeout: connection.request_timeout(),
            listing_limits: self.listing_limits(),
            connection,
            credentials: credentials.into(),
            backoff: self.options.backoff,
            eras: self.options.eras.clone(),
            history: self.history(id),
            status,
            events: self.events.clone(),
            control: control.clone(),
            asks: self.options.asks.clone(),
            scrubber: Default::default(),
            listed_icons: self.options.listed_icons.clone(),
        };
        let task = tokio::spawn(task.run());
        links.insert(
            id,
            Link {
                status: receiver,
                control,
                task,
                roots,
            },
        );
    }

    /// Records that `connection` cannot start (its secrets could not be read, say): it shows
    /// as failed with `error`, and starting it again (a restart from the person, an edit)
    /// tries anew. There is no session and no retry in the background.
    pub async fn start_failed(&self, connection: &Connection, error: LodeError) {
        let mut links = self.links.lock().await;
        if links.contains_key(&connection.id) {
            return;
        }
        let status = ConnectionStatus::Failed { error };
        let (_sender, receiver) = watch::channel(Snapshot {
            status: status.clone(),
            client: None,
        });
        let _ = self.events.send(ConnectionEvent {
            connection: connection.id,
            kind: ConnectionEventKind::Status(status),
        });
        links.insert(
            connection.id,
            Link {
                status: receiver,
                control: Arc::new(Control::default()),
                task: tokio::spawn(async {}),
                roots: lode_mcp::Roots::default(),
            },
        );
    }

    /// Whether `id` is supervised (or recorded as unable to start).
    pub async fn is_started(&self, id: ConnectionId) -> bool {
        self.links.lock().await.contains_key(&id)
    }

    /// The current status of every supervised connection.
    pub async fn statuses(&self) -> Vec<(ConnectionId, ConnectionStatus)> {
        let links = self.links.lock().await;
        links
            .iter()
            .map(|(id, link)| (*id, link.status.borrow().status.clone()))
            .collect()
    }

    /// The ready client of `connection`, once its session has settled: a connection that is
    /// failing answers at once with its latest error (the supervisor keeps retrying in the
    /// background). `None` when it has no session, or its session was stopped while this
    /// waited. It never starts one: a start is the caller's, from the connection as saved
    /// (`Lode::start`), not from this copy, which may predate an edit.
    pub async fn client(&self, connection: &Connection) -> Option<LodeResult<Arc<McpClient>>> {
        let mut status = {
            let links = self.links.lock().await;
            links.get(&connection.id).map(|l| l.status.clone())
        }?;
        let settled = status
            .wait_for(|s| !matches!(s.status, ConnectionStatus::Connecting))
            .await
            .ok()?;
        let snapshot = settled.clone();
        drop(settled);
        match (snapshot.status, snapshot.client) {
            (ConnectionStatus::Ready, Some(client)) => Some(Ok(client)),
            (ConnectionStatus::Reconnecting { error, .. }, _)
            | (ConnectionStatus::Failed { error }, _) => Some(Err(error)),
            (ConnectionStatus::AuthRequired { challenge, .. }, _) => {
                let error = LodeError::new(
                    ErrorCode::AuthRequired,
                    format!("{} requires authorization", connection.name),
                );
                Some(Err(match challenge {
                    Some(challenge) => error.with_detail(challenge),
                    None => error,
                }))
            }
            _ => None,
        }
    }

    /// The error of a request to `connection` while it has no session.
    pub(crate) fn stopped(connection: &Connection) -> LodeError {
        LodeError::new(
            ErrorCode::TransportClosed,
            format!("the connection to {} is stopped", connection.name),
        )
    }

    /// Drops the session of `id` and connects again: after a timeout the session may be stuck.
    pub async fn restart(&self, id: ConnectionId) {
        if let Some(link) = self.links.lock().await.get(&id) {
            link.control.restart.notify_one();
        }
    }

    /// Ends the session of `id`, whose request `refused` was refused with a scope challenge,
    /// and has it wait as auth-required with that challenge until the person signs in again.
    pub async fn require_sign_in(&self, id: ConnectionId, refused: LodeError) {
        if let Some(link) = self.links.lock().await.get(&id) {
            *link
                .control
                .challenged
                .lock()
                .unwrap_or_else(|p| p.into_inner()) = Some(refused);
            link.control.restart.notify_one();
        }
    }

    /// Stops supervising `id`, closing its session and ending its server process.
    pub async fn stop(&self, id: ConnectionId) {
        let link = self.links.lock().await.remove(&id);
        if let Some(link) = link {
            link.control.stop.notify_one();
            let _ = link.task.await;
        }
    }

    /// Stops every connection; at exit, so every server process ends with Lode.
    pub async fn shutdown(&self) {
        let links: Vec<Link> = self.links.lock().await.drain().map(|(_, l)| l).collect();
        for link in &links {
            link.control.stop.notify_one();
        }
        for link in links {
            let _ = link.task.await;
        }
    }
}
