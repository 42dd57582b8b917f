//! How Lode answers what a server asks of it, and how server notifications become domain
//! events (their strings cut to a few KiB: `notification_bounds`). Every server-initiated request gets an answer, never silence: some servers block a
//! `resources/subscribe` until the client has answered their `sampling/createMessage`.

// Sampling, roots and logging are deprecated by SEP-2577, but servers of every era still send
// them, and Lode must answer or record them all the same.
#![allow(deprecated)]

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use lode_core::{SecretScrubber, ServerEvent};
use rmcp::model::{
    ClientCapabilities, ClientConfig, CreateMessageRequestParams, CreateMessageResult,
    ElicitRequestParams, ElicitResult, ErrorCode as JsonRpcCode, ErrorData, Implementation,
    ListRootsResult, LoggingMessageNotificationParam, NumberOrString, ProgressNotificationParam,
    ProtocolVersion, ResourceUpdatedNotificationParam, Root, RootsCapabilities,
};
use rmcp::service::{NotificationContext, RequestContext};
use rmcp::{ClientHandler, RoleClient};
use tokio::sync::mpsc;

use crate::asks::ServerAsks;
use crate::handler_asks::DECLINED;
use crate::listing_cache::ListChanges;
use crate::notification_bounds::{
    bound_log_data, bound_text, MAX_MESSAGE_BYTES, MAX_NAME_BYTES, MAX_URI_BYTES,
};
use crate::open_asks::OpenAsks;
use crate::progress_routes::ProgressRoutes;
use crate::roots::Roots;

/// Where a connection's domain events go. Bounded: a server flooding notifications loses the
/// overflow (logged), it never grows Lode's memory.
pub type EventSink = mpsc::Sender<ServerEvent>;

#[derive(Debug, Clone, Default)]
pub(crate) struct LodeClientHandler {
    events: Option<EventSink>,
    /// `file://` URIs offered to servers that ask for roots; none by default. Shared: a live
    /// list changes while connected (`roots.rs`).
    roots: Roots,
    list_changes: ListChanges,
    /// Events dropped because the app did not keep up: logged at powers of two, not each.
    dropped: Arc<AtomicU64>,
    /// Who answers elicitation and sampling; `None` declines them (`handler_asks.rs`).
    asks: Option<Arc<dyn ServerAsks>>,
    /// Progress of requests a caller follows is reported under the caller's tag.
    progress_routes: ProgressRoutes,
    /// The asks open with the person; the client's time limits wait for them.
    open_asks: OpenAsks,
    /// The connection's secrets, taken out of every event before it leaves (a server may echo
    /// its token in a log message or a progress message).
    scrubber: SecretScrubber,
}

impl LodeClientHandler {
    pub(crate) fn new(events: Option<EventSink>, roots: Roots, list_changes: ListChanges) -> Self {
        Self {
            events,
            roots,
            list_changes,
            dropped: Arc::default(),
            asks: None,
            progress_routes: ProgressRoutes::default(),
            open_asks: OpenAsks::default(),
            scrubber: SecretScrubber::default(),
        }
    }

    pub(crate) fn with_scrubber(mut self, scrubber: SecretScrubber) -> Self {
        self.scrubber = scrubber;
        self
    }

    pub(crate) fn with_asks(mut self, asks: Option<Arc<dyn ServerAsks>>) -> Self {
        self.asks = asks;
        self
    }

    pub(crate) fn with_open_asks(mut self, open_asks: OpenAsks) -> Self {
        self.open_asks = open_asks;
        self
    }

    pub(crate) fn with_progress_routes(mut self, routes: ProgressRoutes) -> Self {
        self.progress_routes = routes;
        self
    }

    fn emit(&self, event: ServerEvent) {
        if let Some(sink) = &self.events {
            if sink.try_send(self.scrubber.scrub_event(event)).is_err() {
                // A flood would otherwise write one log line per notification.
                let dropped = self.dropped.fetch_add(1, Ordering::Relaxed) + 1;
                if dropped.is_power_of_two() {
                    tracing::warn!(
                        dropped,
                        "dropped server events: the app is not keeping up or has gone"
                    );
                }
            }
        }
    }
}

/// Without an asker (`ConnectOptions::asks`), Lode declines every sampling or elicitation
/// request at once, never leaving a server waiting (some block a `resources/subscribe` on
/// the answer).
fn declined(what: &str) -> ErrorData {
    ErrorData::new(
        JsonRpcCode(DECLINED),
        format!("Lode declined the {what} request: nobody on this connection can answer it"),
        None,
    )
}

impl ClientHandler for LodeClientHandler {
    fn get_info(&self) -> ClientConfig {
        let mut capabilities = ClientCapabilities::default();
        if let Some(list_changed) = self.roots.declared() {
            let mut roots = RootsCapabilities::default();
            roots.list_changed = list_changed.then_some(true);
            capabilities.roots = Some(roots);
        }
        if self.asks.is_some() {
            crate::handler_asks::offer(&mut capabilities);
        }
        // MCP Apps: Lode lists and shows a server's apps, so a server that offers its app tools
        // only to hosts that can show them offers them to Lode.
        let mut apps = serde_json::Map::new();
        apps.insert(
            "mimeTypes".to_owned(),
            serde_json::json!([lode_core::apps::APP_MIME_TYPE]),
        );
        capabilities.extensions = Some(
            [(lode_core::apps::APPS_EXTENSION.to_owned(), apps)]
                .into_iter()
                .collect(),
        );
        // The version an `initialize` asks for (a `server/discover` names its own): the newest
        // of the `initialize` era. rmcp's default is 2026-07-28, which a 2025 server is free
        // to refuse, and the conformance suite's `initialize` scenario does.
        ClientConfig::new(
            capabilities,
            Implementation::new("lode", env!("CARGO_PKG_VERSION")),
        )
        .with_protocol_version(ProtocolVersion::V_2025_11_25)
    }

    async fn create_message(
        &self,
        params: CreateMessageRequestParams,
        context: RequestContext<RoleClient>,
    ) -> Result<CreateMessageResult, ErrorData> {
        match &self.asks {
            Some(asks) => {
                crate::handler_asks::sample(asks.as_ref(), &params, &context, &self.open_asks).await
            }
            None => Err(declined("sampling")),
        }
    }

    async fn create_elicitation(
        &self,
        params: ElicitRequestParams,
        context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        match &self.asks {
            Some(asks) => {
                crate::handler_asks::elicit(asks.as_ref(), params, &context, &self.open_asks).await
            }
            None => Err(declined("elicitation")),
        }
    }

    async fn list_roots(
        &self,
        _context: RequestContext<RoleClient>,
    ) -> Result<ListRootsResult, ErrorData> {
        Ok(ListRootsResult::new(
            self.roots.uris().into_iter().map(Root::new).collect(),
        ))
    }

    async fn on_resource_updated(
        &self,
        params: ResourceUpdatedNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        // A URI too long to list names nothing Lode shows; it would only weigh on the events.
        if params.uri.len() <= MAX_URI_BYTES {
            self.emit(ServerEvent::ResourceUpdated { uri: params.uri });
        }
    }

    async fn on_resource_list_changed(&self, _context: NotificationContext<RoleClient>) {
        self.list_changes.bump();
        self.emit(ServerEvent::ResourceListChanged);
    }

    async fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) {
        self.emit(ServerEvent::ToolListChanged);
    }

    async fn on_prompt_list_changed(&self, _context: NotificationContext<RoleClient>) {
        self.emit(ServerEvent::PromptListChanged);
    }

    async fn on_logging_message(
        &self,
        params: LoggingMessageNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        let level = serde_json::to_value(params.level)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_else(|| "info".to_owned());
        self.emit(ServerEvent::Log {
            level: bound_text(level, MAX_NAME_BYTES),
            logger: params.logger.map(|name| bound_text(name, MAX_NAME_BYTES)),
            data: bound_log_data(params.data),
        });
    }

    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        let token = match params.progress_token.0 {
            NumberOrString::Number(n) => n.to_string(),
            NumberOrString::String(s) => s.to_string(),
        };
        let token = self.progress_routes.tag_for(&token).unwrap_or(token);
        self.emit(ServerEvent::Progress {
            token: bound_text(token, MAX_NAME_BYTES),
            progress: params.progress,
            total: params.total,
            message: params
                .message
                .map(|text| bound_text(text, MAX_MESSAGE_BYTES)),
        });
    }
}
