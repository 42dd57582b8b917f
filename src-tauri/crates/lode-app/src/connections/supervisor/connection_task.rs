//! One task per connection (a [`ConnectionTask`]): connects, watches the session, and
//! reconnects with backoff when it is lost, publishing every status change. The live client is
//! published with the status so callers always see a consistent pair.

use std::sync::Arc;

use lode_core::{
    Connection, ConnectionEvent, ConnectionEventKind, ConnectionId, ConnectionStatus, ErrorCode,
    LodeError, SecretScrubber, ServerEvent,
};
use lode_mcp::{ConnectOptions, McpClient, ProtocolHistory};
use tokio::sync::{broadcast, mpsc, watch, Notify};

use super::backoff::Backoff;
use super::credential_source::CredentialSource;
use super::eras::Eras;
use super::event_gate::{EventGate, WINDOW};

/// The status of one connection and, when ready, its client.
#[derive(Clone)]
pub(crate) struct Snapshot {
    pub status: ConnectionStatus,
    pub client: Option<Arc<McpClient>>,
}

/// What the supervisor can ask of a connection's running task.
#[derive(Default)]
pub(crate) struct Control {
    /// Drop the current session and connect again now (after a timeout, or on request).
    pub restart: Notify,
    /// End the task: close the session and stop.
    pub stop: Notify,
    /// A request of the live session was refused with a scope challenge: on the next
    /// restart, wait as auth-required with it instead of connecting again.
    pub challenged: std::sync::Mutex<Option<LodeError>>,
}

impl Control {
    fn take_challenge(&self) -> Option<LodeError> {
        self.challenged
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
    }
}

pub(crate) struct ConnectionTask {
    pub connection: Connection,
    pub credentials: CredentialSource,
    pub request_timeout: std::time::Duration,
    pub listing_limits: lode_core::ListingLimits,
    pub backoff: Backoff,
    pub eras: Eras,
    pub history: ProtocolHistory,
    pub status: watch::Sender<Snapshot>,
    pub events: broadcast::Sender<ConnectionEvent>,
    pub control: Arc<Control>,
    pub asks: Arc<crate::asks::AskDesk>,
    /// Shared with every session and with the supervisor, which replaces them live.
    pub roots: lode_mcp::Roots,
    /// The last attempt's secrets: a status's error may quote the server (its stderr, its
    /// error message), and goes to the window. The session scrubs its own events.
    pub scrubber: std::sync::Mutex<SecretScrubber>,
    /// Where the icon URLs the server lists are remembered.
    pub listed_icons: lode_mcp::ListedIcons,
}

/// How waiting on a live or failed connection ended.
enum Wake {
    Lost(LodeError),
    Restart,
    /// A request was refused with a scope challenge (`Control::challenged`).
    Challenged(LodeError),
    Stop,
}

impl ConnectionTask {
    pub(crate) async fn run(self) {
        let mut attempt: u32 = 0;
        loop {
            if attempt == 0 {
                self.publish(ConnectionStatus::Connecting, None);
            }
            let lost = match self.connect().await {
                Ok(client) => {
                    attempt = 0;
                    self.publish(ConnectionStatus::Ready, Some(client.clone()));
                    let wake = self.watch(&client).await;
                    self.publish_quietly_without_client();
                    close(client).await;
                    self.asks.end_connection(self.connection.id);
                    match wake {
                        Wake::Stop => return self.stopped(),
                        Wake::Restart => {
                            self.publish(ConnectionStatus::Connecting, None);
                            continue;
                        }
                        Wake::Challenged(refused) => {
                            self.auth_required(&refused);
                            match self.park().await {
                                Wake::Stop => return self.stopped(),
                                _ => {
                                    attempt = 0;
                                    continue;
                                }
                            }
                        }
                        Wake::Lost(error) => error,
                    }
                }
                Err(error) if error.code == ErrorCode::AuthRequired => {
                    self.auth_required(&error);
                    match self.park().await {
                        Wake::Stop => return self.stopped(),
                        _ => {
                            attempt = 0;
                            continue;
                        }
                    }
                }
                Err(error) if !is_transient(&error) => {
                    self.publish(ConnectionStatus::Failed { error }, None);
                    match self.park().await {
                        Wake::Stop => return self.stopped(),
                        _ => {
                            attempt = 0;
                            continue;
                        }
                    }
                }
                Err(error) => error,
            };
            attempt += 1;
            let Some(delay) = self.backoff.delay(attempt) else {
                self.publish(ConnectionStatus::Failed { error: lost }, None);
                match self.park().await {
                    Wake::Stop => return self.stopped(),
                    _ => {
                        attempt = 0;
                        continue;
                    }
                }
            };
            self.publish(
                ConnectionStatus::Reconnecting {
                    attempt,
                    retry_in_ms: u64::try_from(delay.as_millis()).unwrap_or(u64::MAX),
                    error: lost,
                },
                None,
            );
            tokio::select! {
                _ = tokio::time::sleep(delay) => {}
                _ = self.control.restart.notified() => {}
                _ = self.control.stop.notified() => return self.stopped(),
            }
        }
    }

    async fn connect(&self) -> Result<Arc<McpClient>, LodeError> {
        let (sink, events) = mpsc::channel(1024);
        tokio::spawn(forward_events(
            self.connection.id,
            events,
            self.events.clone(),
        ));
        let credentials = self.credentials.current().await?;
        *self.scrubber.lock().unwrap_or_else(|p| p.into_inner()) = SecretScrubber::of(&credentials);
        let era = self.eras.recall(self.connection.id);
        let options = ConnectOptions {
            era,
            history: Some(self.history.clone()),
            request_timeout: self.request_timeout,
            credentials,
            events: Some(sink),
            inherit_env: self.connection.settings.inherit_env,
            listing_limits: self.listing_limits,
            asks: self.asks.asker(self.connection.id, &self.connection.name),
            log_level: self.connection.settings.log_level.clone(),
            roots: self.roots.clone(),
            listed_icons: Some(self.listed_icons.clone()),
            ..ConnectOptions::new(self.connection.name.clone())
        };
        let client = McpClient::connect(&self.connection.transport, options).await?;
        self.eras.update(self.connection.id, era, client.info().era);
        Ok(Arc::new(client))
    }

    /// Waits until the session ends, or the supervisor asks to restart or stop.
    async fn watch(&self, client: &McpClient) -> Wake {
        tokio::select! {
            _ = client.closed() => {
                Wake::Lost(client.with_stderr_tail(LodeError::new(
                    ErrorCode::TransportClosed,
                    format!("the connection to {} was lost", self.connection.name),
                )))
            }
            _ = self.control.restart.notified() => match self.control.take_challenge() {
                Some(refused) => Wake::Challenged(refused),
                None => Wake::Restart,
            },
            _ = self.control.stop.notified() => Wake::Stop,
        }
    }

    /// Waits in a final state (failed, auth required) for the supervisor to restart or stop it.
    async fn park(&self) -> Wake {
        tokio::select! {
            _ = self.control.restart.notified() => {
                // A challenge from a session already gone says nothing of the next one.
                self.control.take_challenge();
                Wake::Restart
            }
            _ = self.control.stop.notified() => Wake::Stop,
        }
    }

    fn publish(&self, status: ConnectionStatus, client: Option<Arc<McpClient>>) {
        let status = self
            .scrubber
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .scrub_status(status);
        self.status.send_replace(Snapshot {
            status: status.clone(),
            client,
        });
        // No receivers is fine: nobody is listening yet.
        let _ = self.events.send(ConnectionEvent {
            connection: self.connection.id,
            kind: ConnectionEventKind::Status(status),
        });
    }

    /// Waits for a sign-in: the status keeps the server's challenge (no secret in it) and,
    /// for a scope challenge, the scopes it wants.
    fn auth_required(&self, error: &LodeError) {
        let challenge = error.detail.clone();
        let scope = crate::connections::step_up::challenged_scope(error);
        self.publish(ConnectionStatus::AuthRequired { challenge, scope }, None);
    }

    /// Withdraws the client before it is closed, keeping the status until the next one.
    fn publish_quietly_without_client(&self) {
        self.status.send_modify(|snapshot| snapshot.client = None);
    }

    fn stopped(&self) {
        self.publish(ConnectionStatus::Stopped, None);
    }
}

/// Failures worth retrying: the server may come back. A missing command or a bad URL will not.
fn is_transient(error: &LodeError) -> bool {
    !matches!(
        error.code,
        ErrorCode::SpawnFailed | ErrorCode::InvalidInput | ErrorCode::Tls | ErrorCode::Protocol
    )
}

async fn close(client: Arc<McpClient>) {
    match Arc::try_unwrap(client) {
        Ok(client) => client.close().await,
        // A request still holds the client: end the session and the server process anyway;
        // that request fails as closed.
        Err(shared) => shared.end_now().await,
    }
}

/// Passes a connection's server events to the supervisor's followers, gathered a window at a
/// time and coalesced (`event_gate`): a flood of notifications costs the followers and the
/// window a bounded number of events.
async fn forward_events(
    connection: ConnectionId,
    mut events: mpsc::Receiver<ServerEvent>,
    followers: broadcast::Sender<ConnectionEvent>,
) {
    let mut gate = EventGate::default();
    let send_all = |gate: &mut EventGate| {
        for event in gate.drain() {
            let _ = followers.send(ConnectionEvent {
                connection,
                kind: ConnectionEventKind::Server(event),
            });
        }
    };
    while let Some(event) = events.recv().await {
        gate.push(event);
        let window = tokio::time::sleep(WINDOW);
        tokio::pin!(window);
        loop {
            tokio::select! {
                () = &mut window => break,
                event = events.recv() => match event {
                    Some(event) => gate.push(event),
                    None => {
                        send_all(&mut gate);
                        return;
                    }
                },
            }
        }
        send_all(&mut gate);
    }
}
