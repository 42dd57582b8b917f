//! One live connection to one server, every request under a timeout. The requests it makes
//! of the server are its methods in `operations/`.

mod backend;
mod operations;

use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use lode_core::{ErrorCode, LodeError, LodeResult, SecretScrubber, ServerInfo, TransportSpec};
use rmcp::{ClientCacheConfig, ServiceError};

use crate::connect_options::ConnectOptions;
use crate::convert::server_info;
use crate::error::{from_service, timed_out};
use crate::handler::LodeClientHandler;
use crate::listing_cache::{ListChanges, ListingCache};
use crate::open_asks::OpenAsks;
use crate::progress_routes::ProgressRoutes;
use crate::rest::RestClient;
use crate::server_log::ServerLog;
use crate::transport::{self, Opened, ServerProcess, Session};
use backend::Backend;
use operations::{CancelNotices, Subscriptions};

/// A connected server. Dropping it closes the connection and ends a local server's processes.
pub struct McpClient {
    pub(crate) backend: Backend,
    pub(crate) options: ConnectOptions,
    pub(crate) subscriptions: tokio::sync::Mutex<Subscriptions>,
    /// Set when a modern server's notification stream ended and could not be reopened.
    pub(crate) stream_lost: Arc<AtomicBool>,
    pub(crate) list_changes: ListChanges,
    /// The last whole listing, while its server's `ttlMs` says it is fresh.
    pub(crate) listing_cache: ListingCache,
    /// Progress tokens of followed requests -> their callers' tags (shared with the handler).
    pub(crate) progress_routes: ProgressRoutes,
    /// Cancellations of dropped requests still being sent; closing waits for them.
    pub(crate) cancel_notices: CancelNotices,
    /// The server's asks open with the person: time limits stand still while one is.
    open_asks: OpenAsks,
    /// The tools' `outputSchema`s from the last listing, to check their results against.
    pub(crate) output_schemas: operations::OutputSchemas,
    /// The tools' behaviour hints from the last listing, to decide which calls to confirm.
    pub(crate) listed_hints: operations::ListedHints,
    info: ServerInfo,
    /// The server's URL, remembered with the icons it lists (`None` for a local process).
    icon_lister: Option<url::Url>,
    log: ServerLog,
    /// The local server, if any: dropping it ends its whole process group.
    process: std::sync::Mutex<Option<ServerProcess>>,
}

impl McpClient {
    pub async fn connect(spec: &TransportSpec, options: ConnectOptions) -> LodeResult<Self> {
        let mut client = if let TransportSpec::Rest { url, headers } = spec {
            Self::connect_rest(url, headers, options).await?
        } else {
            Self::establish(options, async |handler, options, log| {
                transport::open(spec, options, handler, log).await
            })
            .await?
        };
        client.icon_lister = match spec {
            TransportSpec::Http { url, .. }
            | TransportSpec::Sse { url, .. }
            | TransportSpec::Rest { url, .. } => url::Url::parse(url).ok(),
            _ => None,
        };
        client.note_icons([&client.info.icons]);
        Ok(client)
    }

    /// Remembers the icon URLs this server listed (`ConnectOptions::listed_icons`): the only
    /// ones Lode fetches for the window.
    pub(crate) fn note_icons<'a>(
        &self,
        lists: impl IntoIterator<Item = &'a Option<Vec<lode_core::Icon>>>,
    ) {
        if let Some(listed) = &self.options.listed_icons {
            let icons = lists.into_iter().flatten().flatten();
            listed.note(self.icon_lister.as_ref(), icons);
        }
    }

    /// The icons of the resource links among `blocks` (a tool's or a prompt's), remembered.
    pub(crate) fn note_block_icons(&self, blocks: &[lode_core::ContentBlock]) {
        self.note_icons(blocks.iter().filter_map(link_icons));
    }

    /// `result`, its resource links' icons remembered.
    pub(crate) fn noted_prompt(&self, result: lode_core::PromptResult) -> lode_core::PromptResult {
        self.note_icons(
            result
                .messages
                .iter()
                .filter_map(|m| link_icons(&m.content)),
        );
        result
    }

    /// Opens a session with `open` (given the handler, the options and the server's log) under
    /// the connection timeout, and builds the client around it.
    pub(crate) async fn establish(
        options: ConnectOptions,
        open: impl AsyncFnOnce(LodeClientHandler, &ConnectOptions, &ServerLog) -> LodeResult<Opened>,
    ) -> LodeResult<Self> {
        // Worked out once for the connection: every path a server's words take passes them
        // through it (its stderr, its events, its history).
        let scrubber = SecretScrubber::of(&options.credentials);
        let log = ServerLog::scrubbing(scrubber.clone());
        let info_scrubber = scrubber.clone();
        let list_changes = ListChanges::default();
        let progress_routes = ProgressRoutes::default();
        let open_asks = OpenAsks::default();
        let handler = LodeClientHandler::new(
            options.events.clone(),
            options.roots.clone(),
            list_changes.clone(),
        )
        .with_asks(options.asks.clone())
        .with_progress_routes(progress_routes.clone())
        .with_open_asks(open_asks.clone())
        .with_scrubber(scrubber);
        let opening = open(handler, &options, &log);
        let what = format!("connecting to {}", options.server_name);
        let opened = match tokio::time::timeout(options.request_timeout, opening).await {
            Ok(Ok(opened)) => opened,
            Ok(Err(error)) => return Err(with_last_words(error, &log).await),
            Err(_) => {
                return Err(with_log_tail(
                    timed_out(&what, options.request_timeout),
                    &log,
                ))
            }
        };
        // rmcp's response cache serves stale data when a refresh fails; Lode keeps its own state.
        let peer = opened.session.peer();
        peer.set_response_cache_config(ClientCacheConfig::disabled())
            .await;
        let info = peer
            .peer_info()
            .map(|info| info_scrubber.scrub_server_info(server_info(&info)))
            .ok_or_else(|| {
                LodeError::new(
                    ErrorCode::Protocol,
                    format!(
                        "{} finished the handshake without describing itself",
                        options.server_name
                    ),
                )
            })?;
        let client = Self {
            backend: Backend::Mcp(opened.session),
            options,
            subscriptions: Default::default(),
            stream_lost: Default::default(),
            list_changes,
            listing_cache: Default::default(),
            progress_routes,
            cancel_notices: Default::default(),
            open_asks,
            output_schemas: Default::default(),
            listed_hints: Default::default(),
            info,
            icon_lister: None,
            log,
            process: std::sync::Mutex::new(opened.process),
        };
        // Without this, a modern server never tells Lode that its lists changed. A server that
        // refuses the stream is still usable, so this is a warning, not a failure.
        if let Err(error) = client.listen_for_changes().await {
            tracing::warn!(server = client.server_name(), %error, "no change notifications");
        }
        client.ask_log_level().await;
        Ok(client)
    }

    async fn connect_rest(
        url: &str,
        headers: &std::collections::BTreeMap<String, String>,
        options: ConnectOptions,
    ) -> LodeResult<Self> {
        // Credentials last: they win over a plain header of the same name.
        let headers = headers
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .chain(options.credentials.headers())
            .collect();
        let rest = RestClient::connect(url, headers, options.request_timeout).await?;
        Ok(Self {
            backend: Backend::Rest(rest),
            subscriptions: Default::default(),
            stream_lost: Default::default(),
            list_changes: Default::default(),
            listing_cache: Default::default(),
            progress_routes: Default::default(),
            cancel_notices: Default::default(),
            open_asks: Default::default(),
            output_schemas: Default::default(),
            listed_hints: Default::default(),
            info: rest_info(),
            icon_lister: None,
            log: ServerLog::default(),
            options,
            process: std::sync::Mutex::new(None),
        })
    }

    /// The MCP session, or a clear error on a REST connection, which only lists and reads.
    pub(crate) fn mcp(&self, what: &str) -> LodeResult<&Session> {
        match &self.backend {
            Backend::Mcp(session) => Ok(session),
            Backend::Rest(_) => Err(LodeError::new(
                ErrorCode::MethodNotFound,
                format!(
                    "{what}: {} is a REST resource API, which only lists and reads resources",
                    self.server_name()
                ),
            )),
        }
    }

    pub fn server_name(&self) -> &str {
        &self.options.server_name
    }

    /// The server's stderr, newest lines last (empty for remote servers).
    pub fn log(&self) -> &ServerLog {
        &self.log
    }

    /// The era, protocol version, identity, capabilities and instructions from the handshake.
    pub fn info(&self) -> &ServerInfo {
        &self.info
    }

    pub(crate) fn is_modern(&self) -> bool {
        self.info.era == lode_core::ProtocolEra::Modern
    }

    /// True once the session has ended: the server exited or closed the connection.
    pub fn is_closed(&self) -> bool {
        match &self.backend {
            Backend::Mcp(session) => {
                session.is_closed()
                    || session.peer().is_transport_closed()
                    || self.stream_lost.load(Ordering::Acquire)
            }
            // Every REST call is its own request: there is no session to lose.
            Backend::Rest(_) => false,
        }
    }

    /// Resolves when the session ends. rmcp offers no close notification, so this polls a
    /// cheap flag; a quarter second is well inside what a person notices.
    pub async fn closed(&self) {
        while !self.is_closed() {
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    }

    /// `error` with the last lines the server wrote to stderr, when it has any to tell.
    pub fn with_stderr_tail(&self, error: LodeError) -> LodeError {
        with_log_tail(error, &self.log)
    }

    /// Closes the connection and waits for the session task to end, then for a local server
    /// to exit: its stdin closed, then SIGTERM, then SIGKILL (`transport/server_process.rs`).
    pub async fn close(self) {
        self.cancel_notices.settle().await;
        if let Backend::Mcp(session) = self.backend {
            let _ = session.cancel().await;
        }
        let process = self
            .process
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(process) = process {
            process.end().await;
        }
    }

    /// Ends the session and the local server's processes, even while other holders of this
    /// client still have it (their requests fail as closed): for when Lode stops a
    /// connection. Returns once the server is gone, as [`McpClient::close`] does.
    pub async fn end_now(&self) {
        if let Backend::Mcp(session) = &self.backend {
            session.cancellation_token().cancel();
        }
        let process = self
            .process
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take();
        if let Some(process) = process {
            process.end().await;
        }
    }

    /// Runs one request under the connection's timeout. Dropping the request future on timeout
    /// makes rmcp send `notifications/cancelled`.
    pub(crate) async fn call<T>(
        &self,
        what: &str,
        request: impl Future<Output = Result<T, ServiceError>>,
    ) -> LodeResult<T> {
        self.call_within(self.options.request_timeout, what, request)
            .await
    }

    /// [`McpClient::call`] with its own time limit (tool calls wait longer). The limit
    /// stands still while the server has an ask open with the person (`open_asks`), for at
    /// most one ask's time limit in all: asks that never stop coming do not hold it for ever.
    pub(crate) async fn call_within<T>(
        &self,
        limit: Duration,
        what: &str,
        request: impl Future<Output = Result<T, ServiceError>>,
    ) -> LodeResult<T> {
        let max_pause = self
            .options
            .asks
            .as_ref()
            .map_or(Duration::ZERO, |asks| asks.time_limit());
        tokio::select! {
            result = request => result.map_err(|e| with_log_tail(from_service(e, what), &self.log)),
            () = self.open_asks.limit_passes(limit, max_pause) => Err(timed_out(what, limit)),
        }
    }
}

/// How long a failed opening waits for a server's stderr to close: a local server that exits at
/// once (a wrong token) often breaks the pipe before the reason it printed has been read.
const LAST_WORDS: Duration = Duration::from_millis(300);

/// `error` with the server's last stderr lines, read to the end (up to [`LAST_WORDS`]). No wait
/// when there is no stderr to read: a command that never started, a remote server.
async fn with_last_words(error: LodeError, log: &ServerLog) -> LodeError {
    let deadline = tokio::time::Instant::now() + LAST_WORDS;
    while log.may_grow() && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    with_log_tail(error, log)
}

/// A failure of a local server is easier to understand with the last thing it wrote to stderr.
fn with_log_tail(error: LodeError, log: &ServerLog) -> LodeError {
    let tail = log.tail(5);
    if tail.is_empty() || error.detail.is_some() || error.code == ErrorCode::NotFound {
        return error;
    }
    error.with_detail(format!("server stderr:\n{}", tail.join("\n")))
}

/// A REST API has no handshake: it is described by what it can do, which is list and read.
fn rest_info() -> ServerInfo {
    ServerInfo {
        era: lode_core::ProtocolEra::Rest,
        protocol_version: "rest".to_owned(),
        name: None,
        title: None,
        version: None,
        capabilities: lode_core::ServerCapabilities {
            resources: true,
            ..Default::default()
        },
        instructions: None,
        icons: None,
    }
}

/// The icons of a resource link.
fn link_icons(block: &lode_core::ContentBlock) -> Option<&Option<Vec<lode_core::Icon>>> {
    match block {
        lode_core::ContentBlock::ResourceLink { icons, .. } => Some(icons),
        _ => None,
    }
}
