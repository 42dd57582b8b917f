//! Who wants to hear about which change of what a server serves (a basket, the demo's catalog).
//!
//! Two protocol generations are served side by side:
//! - up to 2025-11-25, a client calls `resources/subscribe` per URI and gets
//!   `notifications/resources/updated` on its session; `list_changed` goes to every initialised
//!   session;
//! - from 2026-07-28, a client holds a `subscriptions/listen` request open and the notifications
//!   travel on that request's stream, filtered by what the server acknowledged.
//!
//! Sessions are identified by an id their handler got at connect time, because rmcp peers have
//! no identity of their own. A peer whose transport is gone is dropped the first time a send to
//! it fails.

use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use rmcp::model::{ResourceUpdatedNotificationParam, ServerCapabilities, SubscriptionFilter};
use rmcp::service::{Peer, RoleServer, SubscriptionContext, SubscriptionSink};

/// One client connection of a server, as its handler was given at connect time.
pub type SessionId = u64;

/// A list whose changes a server announces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum List {
    Resources,
    Prompts,
}

#[derive(Default)]
pub struct Subscriptions {
    /// Initialised legacy sessions, for `list_changed`.
    sessions: Mutex<HashMap<SessionId, Peer<RoleServer>>>,
    /// Legacy `resources/subscribe`: URI -> sessions.
    resources: Mutex<HashMap<String, HashMap<SessionId, Peer<RoleServer>>>>,
    /// Open 2026-07-28 `subscriptions/listen` requests.
    listeners: Mutex<HashMap<u64, SubscriptionSink>>,
    next_listener: AtomicU64,
    next_session: AtomicU64,
}

/// Removes a listener when its `subscriptions/listen` request ends.
struct Listening<'a> {
    subscriptions: &'a Subscriptions,
    id: u64,
}

impl Drop for Listening<'_> {
    fn drop(&mut self) {
        lock(&self.subscriptions.listeners).remove(&self.id);
    }
}

// The maps stay consistent under a panic (single inserts and removes), so a poisoned lock is
// recovered rather than turned into an error.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Subscriptions {
    /// An id for a new connection's handler.
    pub fn new_session(&self) -> SessionId {
        self.next_session.fetch_add(1, Ordering::Relaxed)
    }

    /// A handler's `on_initialized`: only sessions that went through `initialize` get
    /// unsolicited `list_changed`; 2026-07-28 clients ask for it through `subscriptions/listen`.
    pub fn join(&self, session: SessionId, peer: Peer<RoleServer>) {
        lock(&self.sessions).insert(session, peer);
    }

    pub fn subscribe(&self, uri: &str, session: SessionId, peer: Peer<RoleServer>) {
        lock(&self.resources)
            .entry(uri.to_owned())
            .or_default()
            .insert(session, peer);
    }

    pub fn unsubscribe(&self, uri: &str, session: SessionId) {
        let mut resources = lock(&self.resources);
        if let Some(sessions) = resources.get_mut(uri) {
            sessions.remove(&session);
            if sessions.is_empty() {
                resources.remove(uri);
            }
        }
    }

    /// A handler's `listen`: the request's stream hears the changes it was acknowledged for,
    /// until the client cancels it.
    pub async fn listen(&self, context: SubscriptionContext) {
        let id = self.next_listener.fetch_add(1, Ordering::Relaxed);
        lock(&self.listeners).insert(id, context.sink().clone());
        let _listening = Listening {
            subscriptions: self,
            id,
        };
        context.cancelled().await;
    }

    /// A handler's `accepted_subscription_filter`: what the server's `capabilities` support of
    /// `requested`, acknowledging only URIs that `exists`, so the client learns about typos.
    pub fn accept(
        requested: &SubscriptionFilter,
        capabilities: &ServerCapabilities,
        exists: impl Fn(&str) -> bool,
    ) -> SubscriptionFilter {
        let mut accepted = requested.supported_by(capabilities);
        if let Some(uris) = accepted.resource_subscriptions.as_mut() {
            uris.retain(|uri| exists(uri));
        }
        accepted
    }

    /// Every URI somebody watches, in either era.
    pub fn watched_uris(&self) -> BTreeSet<String> {
        let mut uris: BTreeSet<String> = lock(&self.resources).keys().cloned().collect();
        for sink in lock(&self.listeners).values() {
            if let Some(watched) = &sink.accepted().resource_subscriptions {
                uris.extend(watched.iter().cloned());
            }
        }
        uris
    }

    /// Sends `notifications/resources/updated` for `uri` to everyone watching it.
    pub async fn resource_updated(&self, uri: &str) {
        // Snapshot under the lock, send without it: sends await on transports.
        let peers: Vec<_> = lock(&self.resources)
            .get(uri)
            .map(|sessions| {
                sessions
                    .iter()
                    .map(|(id, peer)| (*id, peer.clone()))
                    .collect()
            })
            .unwrap_or_default();
        for (session, peer) in peers {
            let params = ResourceUpdatedNotificationParam::new(uri);
            if let Err(error) = peer.notify_resource_updated(params).await {
                tracing::debug!(session, %error, "dropping a closed subscriber");
                self.unsubscribe(uri, session);
            }
        }

        let sinks = self.sinks(|sink| {
            sink.accepted()
                .resource_subscriptions
                .as_ref()
                .is_some_and(|uris| uris.iter().any(|u| u == uri))
        });
        for (id, sink) in sinks {
            if let Err(error) = sink.notify_resource_updated(uri).await {
                tracing::debug!(listener = id, %error, "dropping a closed listener");
                lock(&self.listeners).remove(&id);
            }
        }
    }

    /// Sends `notifications/<list>/list_changed` for each of `lists` to every session, and to
    /// every listener that asked for it.
    pub async fn lists_changed(&self, lists: &[List]) {
        let peers: Vec<_> = lock(&self.sessions)
            .iter()
            .map(|(id, peer)| (*id, peer.clone()))
            .collect();
        for (session, peer) in peers {
            let mut sent = Ok(());
            for list in lists {
                if sent.is_ok() {
                    sent = match list {
                        List::Resources => peer.notify_resource_list_changed().await,
                        List::Prompts => peer.notify_prompt_list_changed().await,
                    };
                }
            }
            if let Err(error) = sent {
                tracing::debug!(session, %error, "dropping a closed session");
                lock(&self.sessions).remove(&session);
            }
        }

        let wants = |sink: &SubscriptionSink, list: &List| {
            let accepted = sink.accepted();
            match list {
                List::Resources => accepted.resources_list_changed == Some(true),
                List::Prompts => accepted.prompts_list_changed == Some(true),
            }
        };
        let sinks = self.sinks(|sink| lists.iter().any(|list| wants(sink, list)));
        for (id, sink) in sinks {
            let mut sent = Ok(());
            for list in lists.iter().filter(|list| wants(&sink, list)) {
                if sent.is_ok() {
                    sent = match list {
                        List::Resources => sink.notify_resource_list_changed().await,
                        List::Prompts => sink.notify_prompt_list_changed().await,
                    };
                }
            }
            if let Err(error) = sent {
                tracing::debug!(listener = id, %error, "dropping a closed listener");
                lock(&self.listeners).remove(&id);
            }
        }
    }

    fn sinks(&self, wanted: impl Fn(&SubscriptionSink) -> bool) -> Vec<(u64, SubscriptionSink)> {
        lock(&self.listeners)
            .iter()
            .filter(|(_, sink)| wanted(sink))
            .map(|(id, sink)| (*id, sink.clone()))
            .collect()
    }
}
