//! Watching resources and catalogs for changes, in each era's own way: `resources/subscribe`
//! per URI up to 2025-11-25, one `subscriptions/listen` stream carrying the whole filter from
//! 2026-07-28 on (reopened with the new filter whenever the set of URIs changes).

#![allow(deprecated)] // resources/subscribe is legacy-only in rmcp, and legacy servers need it.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use lode_core::{LodeResult, ServerEvent};
use rmcp::model::{
    ServerNotification, SubscribeRequestParams, SubscriptionFilter, UnsubscribeRequestParams,
};
use rmcp::service::{Peer, Subscription};
use rmcp::RoleClient;
use tokio::task::JoinHandle;

use crate::client::McpClient;
use crate::handler::EventSink;
use crate::listing_cache::ListChanges;

/// The URIs a connection watches, and for modern servers the task forwarding the listen stream.
#[derive(Debug, Default)]
pub(crate) struct Subscriptions {
    uris: BTreeSet<String>,
    listener: Option<JoinHandle<()>>,
}

impl Drop for Subscriptions {
    fn drop(&mut self) {
        if let Some(listener) = self.listener.take() {
            listener.abort();
        }
    }
}

impl McpClient {
    /// Starts delivering `ResourceUpdated` events for `uri` to the connection's event sink.
    pub async fn subscribe(&self, uri: &str) -> LodeResult<()> {
        let mut state = self.subscriptions.lock().await;
        if !state.uris.insert(uri.to_owned()) {
            return Ok(());
        }
        let result = if self.is_modern() {
            self.relisten(&mut state).await
        } else {
            let what = format!("subscribing to {uri}");
            self.call(
                &what,
                self.mcp(&what)?
                    .peer()
                    .subscribe(SubscribeRequestParams::new(uri)),
            )
            .await
        };
        if result.is_err() {
            state.uris.remove(uri);
        }
        result
    }

    pub async fn unsubscribe(&self, uri: &str) -> LodeResult<()> {
        let mut state = self.subscriptions.lock().await;
        if !state.uris.remove(uri) {
            return Ok(());
        }
        if self.is_modern() {
            self.relisten(&mut state).await
        } else {
            let what = format!("unsubscribing from {uri}");
            self.call(
                &what,
                self.mcp(&what)?
                    .peer()
                    .unsubscribe(UnsubscribeRequestParams::new(uri)),
            )
            .await
        }
    }

    /// Modern servers send list-changed notifications only inside a `subscriptions/listen`
    /// stream: open one for the catalogs (and any watched URIs) when events are wanted.
    pub async fn listen_for_changes(&self) -> LodeResult<()> {
        if !self.is_modern() || self.options.events.is_none() {
            return Ok(());
        }
        let mut state = self.subscriptions.lock().await;
        self.relisten(&mut state).await
    }

    async fn relisten(&self, state: &mut Subscriptions) -> LodeResult<()> {
        if let Some(old) = state.listener.take() {
            // Dropping the stream's handle cancels the old listen request on the server.
            old.abort();
        }
        let Some(sink) = self.options.events.clone() else {
            return Ok(());
        };
        let caps = &self.info().capabilities;
        let mut filter = SubscriptionFilter::default();
        filter.resources_list_changed = caps.resource_list_changed.then_some(true);
        filter.tools_list_changed = caps.tool_list_changed.then_some(true);
        filter.prompts_list_changed = caps.prompt_list_changed.then_some(true);
        if !state.uris.is_empty() {
            filter.resource_subscriptions = Some(state.uris.iter().cloned().collect());
        }
        let peer = self.mcp("opening the subscription stream")?.peer().clone();
        let subscription = self
            .call(
                "opening the subscription stream",
                peer.listen(filter.clone()),
            )
            .await?;
        let stream = ListenStream {
            peer,
            filter,
            sink,
            lost: self.stream_lost.clone(),
            list_changes: self.list_changes.clone(),
            timeout: self.options.request_timeout,
        };
        state.listener = Some(tokio::spawn(stream.run(subscription)));
        Ok(())
    }
}

/// Reopening a listen stream that ended: a few quick tries, then the connection counts as lost.
const RELISTEN_ATTEMPTS: u32 = 4;
const RELISTEN_FIRST_DELAY: Duration = Duration::from_millis(250);

/// The task that forwards one connection's `subscriptions/listen` stream to its event sink,
/// and reopens the stream when the server ends it (a restarted stateless server does).
struct ListenStream {
    peer: Peer<RoleClient>,
    filter: SubscriptionFilter,
    sink: EventSink,
    /// Set when the stream cannot be reopened: the server is gone, and `McpClient::closed`
    /// must say so, since a stateless HTTP session has no other sign of it.
    lost: Arc<AtomicBool>,
    list_changes: ListChanges,
    timeout: Duration,
}

impl ListenStream {
    async fn run(self, mut subscription: Subscription) {
        loop {
            if !forward(&mut subscription, &self.sink, &self.list_changes).await {
                return; // The app stopped listening.
            }
            match self.reopen().await {
                Some(reopened) => subscription = reopened,
                None => {
                    self.lost.store(true, Ordering::Release);
                    return;
                }
            }
        }
    }

    async fn reopen(&self) -> Option<Subscription> {
        let mut delay = RELISTEN_FIRST_DELAY;
        for _ in 0..RELISTEN_ATTEMPTS {
            tokio::time::sleep(delay).await;
            let listen = self.peer.listen(self.filter.clone());
            if let Ok(Ok(subscription)) = tokio::time::timeout(self.timeout, listen).await {
                return Some(subscription);
            }
            delay *= 2;
        }
        None
    }
}

/// Forwards notifications until the stream ends; false when the sink is gone.
async fn forward(
    subscription: &mut Subscription,
    sink: &EventSink,
    list_changes: &ListChanges,
) -> bool {
    while let Ok(Some(notification)) = subscription.next().await {
        let event = match notification {
            ServerNotification::ResourceUpdatedNotification(n) => {
                ServerEvent::ResourceUpdated { uri: n.params.uri }
            }
            ServerNotification::ResourceListChangedNotification(_) => {
                list_changes.bump();
                ServerEvent::ResourceListChanged
            }
            ServerNotification::ToolListChangedNotification(_) => ServerEvent::ToolListChanged,
            ServerNotification::PromptListChangedNotification(_) => ServerEvent::PromptListChanged,
            _ => continue,
        };
        if sink.send(event).await.is_err() {
            return false;
        }
    }
    true
}
