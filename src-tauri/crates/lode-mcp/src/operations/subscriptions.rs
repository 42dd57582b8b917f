//! Watching resources and catalogs for changes, in each era's own way: `resources/subscribe`
//! per URI up to 2025-11-25, one `subscriptions/listen` stream carrying the whole filter from
//! 2026-07-28 on (reopened with the new filter whenever the set of URIs changes).

#![allow(deprecated)] // resources/subscribe is legacy-only in rmcp, and legacy servers need it.

use std::collections::BTreeSet;

use lode_core::{LodeResult, ServerEvent};
use rmcp::model::{ServerNotification, SubscribeRequestParams, SubscriptionFilter, UnsubscribeRequestParams};
use rmcp::service::Subscription;
use tokio::task::JoinHandle;

use crate::client::McpClient;
use crate::handler::EventSink;

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
        let subscription = self
            .call(
                "opening the subscription stream",
                self.mcp("opening the subscription stream")?.peer().listen(filter),
            )
            .await?;
        state.listener = Some(tokio::spawn(forward(subscription, sink)));
        Ok(())
    }
}

async fn forward(mut subscription: Subscription, sink: EventSink) {
    while let Ok(Some(notification)) = subscription.next().await {
        let event = match notification {
            ServerNotification::ResourceUpdatedNotification(n) => {
                ServerEvent::ResourceUpdated { uri: n.params.uri }
            }
            ServerNotification::ResourceListChangedNotification(_) => {
                ServerEvent::ResourceListChanged
            }
            ServerNotification::ToolListChangedNotification(_) => ServerEvent::ToolListChanged,
            ServerNotification::PromptListChangedNotification(_) => ServerEvent::PromptListChanged,
            _ => continue,
        };
        if sink.send(event).await.is_err() {
            return;
        }
    }
}
