//! Serving one exposure as Lode's context hub: over stdio for an assistant that starts
//! `lode serve --profile NAME`, or over Streamable HTTP on loopback behind a token.
//!
//! The serving process starts the exposed connections itself (enabled ones only: a connection
//! the person turned off stays off, and the search says so), lists them into its own index as
//! the window's index is fed, and relays their changes. A saved profile is followed while it
//! is served ([`PROFILE_POLL`]): a connection the person unticks stops being answered at once,
//! one ticked is started and listed, a pause refuses every request, and a revoked token is
//! refused over HTTP.

use std::net::SocketAddr;
use std::sync::{Arc, PoisonError, RwLock, Weak};
use std::time::Duration;

use lode_core::{ConnectionEventKind, ConnectionStatus, LodeResult, ServerEvent};
use lode_serve::context_hub::{serve_context_hub_http, serve_context_hub_stdio, HubChange};
use lode_serve::{HttpLimits, HttpServing, TokenHandle};
use tokio::sync::broadcast;

use super::source::HubOfLode;
use super::Exposure;
use crate::Lode;

impl Lode {
    /// Serves `exposure` on stdin/stdout until the assistant closes stdin.
    pub async fn serve_context_hub_stdio(self: &Arc<Self>, exposure: Exposure) -> LodeResult<()> {
        let source = self.hub_of(exposure).await;
        serve_context_hub_stdio(source).await
    }

    /// Serves `exposure` as Streamable HTTP at `addr` (loopback only): behind the saved
    /// profile's own token (followed: a revoked one is refused within [`PROFILE_POLL`]), or,
    /// for connections exposed without a profile, behind `lode serve`'s token.
    pub async fn serve_context_hub_http(
        self: &Arc<Self>,
        exposure: Exposure,
        addr: SocketAddr,
    ) -> LodeResult<HttpServing> {
        if !exposure.saved {
            let token = self.serve_token().await?;
            let source = self.hub_of(exposure).await;
            return serve_context_hub_http(
                source,
                addr,
                token.expose().to_owned(),
                HttpLimits::default(),
            )
            .await;
        }
        let profile = exposure.profile.clone();
        // Read before the token, so a revocation between the two is still followed.
        let generation = self.hub_token_generation(&profile)?;
        let token = self.hub_profile_token(&profile).await?;
        let source = self.hub_of(exposure).await;
        let serving = serve_context_hub_http(
            source,
            addr,
            token.expose().to_owned(),
            HttpLimits::default(),
        )
        .await?;
        follow_profile_token(self, serving.token_handle(), profile, generation);
        Ok(serving)
    }

    /// Starts what `exposure` exposes and the index's feeder, relays their changes, and
    /// follows a saved profile's edits.
    async fn hub_of(self: &Arc<Self>, exposure: Exposure) -> Arc<HubOfLode> {
        let (changes, _) = broadcast::channel(1024);
        relay_events(self, changes.clone());
        relay_index_changes(self, changes.clone());
        crate::browser::follow(self);
        for connection in &exposure.connections {
            if connection.settings.enabled {
                self.start(&self.session_changes.begin().await, connection.id)
                    .await;
            }
        }
        let saved = exposure.saved;
        let source = Arc::new(HubOfLode {
            lode: self.clone(),
            exposure: RwLock::new(exposure),
            changes,
        });
        if saved {
            follow_profile(Arc::downgrade(&source));
        }
        source
    }
}

/// How often a served profile (its connections, pause, token generation) is read again.
pub const PROFILE_POLL: Duration = Duration::from_millis(500);

/// Keeps `source`'s exposure in step with its saved profile while it is served. A profile
/// removed meanwhile answers nothing, as a paused one.
fn follow_profile(source: Weak<HubOfLode>) {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(PROFILE_POLL);
        loop {
            ticks.tick().await;
            let Some(source) = source.upgrade() else {
                return;
            };
            let before = source.now();
            let lode = source.lode.clone();
            let name = before.profile.clone();
            let read =
                tokio::task::spawn_blocking(move || Exposure::of_profile(&lode, &name)).await;
            let now = match read {
                Ok(Ok(now)) => now,
                Ok(Err(error)) if error.code == lode_core::ErrorCode::NotFound => Exposure {
                    paused: true,
                    ..before.clone()
                },
                // The store is busy or failing: keep what was read last.
                _ => continue,
            };
            for connection in &now.connections {
                let new = before.by_id(connection.id.0).is_none();
                if new && connection.settings.enabled {
                    let lode = &source.lode;
                    lode.start(&lode.session_changes.begin().await, connection.id)
                        .await;
                }
            }
            let seen_differently = before.names() != now.names()
                || before.paused != now.paused
                || before.audience != now.audience;
            *source
                .exposure
                .write()
                .unwrap_or_else(PoisonError::into_inner) = now;
            if seen_differently {
                // What the assistant may list changed: it should list again.
                let _ = source
                    .changes
                    .send(HubChange::ListChanged { connection: -1 });
            }
        }
    });
}

/// While the server behind `handle` runs, takes the profile's token again whenever its
/// generation changes (revoked in the window or by `lode hub revoke`, in any process).
fn follow_profile_token(
    lode: &Arc<Lode>,
    handle: TokenHandle,
    profile: String,
    mut generation: Option<String>,
) {
    let lode = Arc::downgrade(lode);
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(PROFILE_POLL);
        while handle.is_live() {
            ticks.tick().await;
            let Some(lode) = lode.upgrade() else {
                return;
            };
            let Ok(now) = lode.hub_token_generation(&profile) else {
                continue;
            };
            if now == generation {
                continue;
            }
            match lode.hub_profile_token(&profile).await {
                Ok(token) => {
                    if !handle.replace(token.expose()) {
                        return;
                    }
                    generation = now;
                }
                // The profile is gone: no token is admitted any more.
                Err(error) if error.code == lode_core::ErrorCode::NotFound => {
                    let _ = handle.replace(&new_unguessable());
                    return;
                }
                Err(_) => {}
            }
        }
    });
}

/// A token nobody holds, to shut a removed profile's door.
fn new_unguessable() -> String {
    crate::basket::new_token()
        .map(|token| token.expose().to_owned())
        .unwrap_or_else(|_| "removed".repeat(8))
}

/// The connections' resource changes (and new sessions), as the hub's changes. This process
/// runs only exposed connections; the relay checks each change against the exposure as it
/// is when the change arrives.
fn relay_events(lode: &Arc<Lode>, changes: broadcast::Sender<HubChange>) {
    lode.follow_events(move |_, event| {
        let change = {
            match event.kind {
                ConnectionEventKind::Server(ServerEvent::ResourceUpdated { uri }) => {
                    Some(HubChange::Updated {
                        connection: event.connection.0,
                        uri,
                    })
                }
                // Not the origin's `list_changed` itself: the hub's list is the index, which
                // lists the server again on it, and `relay_index_changes` tells the clients
                // once the index has changed (and only if it did).
                ConnectionEventKind::Status(ConnectionStatus::Ready) => {
                    Some(HubChange::Reconnected {
                        connection: event.connection.0,
                    })
                }
                _ => None,
            }
        };
        if let Some(change) = change {
            // Nobody listening yet is not an error.
            let _ = changes.send(change);
        }
        async {}
    });
}

/// The hub lists what the index holds, so its `list_changed` follows the index: a listing that
/// finished (the first one, after a client connected early; one after a server's own notice;
/// one after a lost server started again with other resources) changes the hub's list. This
/// process's index holds only the exposed connections. The relay folds a listing's many pages
/// into one `list_changed` per quiet spell.
fn relay_index_changes(lode: &Arc<Lode>, changes: broadcast::Sender<HubChange>) {
    let mut ticks = lode.browse_changes();
    let mut seen = lode.browse_status().generation;
    let lode = Arc::downgrade(lode);
    tokio::spawn(async move {
        while ticks.changed().await.is_ok() {
            let Some(lode) = lode.upgrade() else {
                return;
            };
            let generation = lode.browse_status().generation;
            if generation != seen {
                seen = generation;
                // Nobody listening yet is not an error.
                let _ = changes.send(HubChange::ListChanged { connection: -1 });
            }
        }
    });
}
