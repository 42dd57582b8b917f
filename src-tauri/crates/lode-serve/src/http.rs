//! Streamable HTTP at `http://ADDR/mcp`, on loopback only, behind a bearer token.
//!
//! This is how an assistant that cannot launch Lode (one already running elsewhere on the
//! machine, or several at once) reaches a basket. rmcp's service does the protocol (sessions for
//! clients before 2026-07-28, stateless requests after, SSE streams for notifications, and a
//! loopback-only `Host` check); [`super::guard`] adds the token and the `Origin` check in front,
//! and [`super::connections`] the timeouts and the connection cap. The token can be replaced
//! while the server runs ([`HttpServing::replace_token`]): the old one stops working at once.

use std::net::SocketAddr;
use std::sync::{Arc, Weak};

use lode_core::{ErrorCode, LodeError, LodeResult};
use rmcp::transport::streamable_http_server::{
    session::local::LocalSessionManager, StreamableHttpServerConfig, StreamableHttpService,
};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::changes;
use crate::connections::{self, HttpLimits};
use crate::guard::{self, Guard};
use crate::handler::BasketServer;
use crate::shelf::Shelf;
use crate::BasketFeed;

/// A basket being served over HTTP. Dropping it stops the server too (without waiting);
/// [`HttpServing::stop`] stops it and waits until it has.
pub struct HttpServing {
    local_addr: SocketAddr,
    /// Dropped (or set) to begin the graceful shutdown.
    shutdown: watch::Sender<bool>,
    server: JoinHandle<std::io::Result<()>>,
    guard: Arc<Guard>,
    /// What must live as long as the server: the task that follows what it serves.
    _following: Box<dyn std::any::Any + Send + Sync>,
}

/// Replaces the token of a running server from elsewhere (a task that follows the keychain)
/// without keeping the server alive.
#[derive(Clone)]
pub struct TokenHandle(Weak<Guard>);

impl TokenHandle {
    /// Makes `token` the only one admitted from now on; `false` once the server has stopped
    /// (or when `token` is empty, which is never admitted).
    pub fn replace(&self, token: &str) -> bool {
        match self.0.upgrade() {
            Some(guard) if !token.trim().is_empty() => {
                guard.replace(token);
                true
            }
            _ => false,
        }
    }

    /// Whether the server still runs.
    pub fn is_live(&self) -> bool {
        self.0.strong_count() > 0
    }
}

impl HttpServing {
    /// The address actually bound (the real port when 0 was asked for).
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// What a client connects to: `http://127.0.0.1:PORT/mcp`.
    pub fn url(&self) -> String {
        format!("http://{}/mcp", self.local_addr)
    }

    /// Makes `token` the only bearer token admitted from now on: a request with the old one
    /// is answered 401, even on a connection opened before.
    pub fn replace_token(&self, token: &str) -> LodeResult<()> {
        if token.trim().is_empty() {
            return Err(empty_token());
        }
        self.guard.replace(token);
        Ok(())
    }

    /// A handle that replaces the token without keeping the server alive.
    pub fn token_handle(&self) -> TokenHandle {
        TokenHandle(Arc::downgrade(&self.guard))
    }

    /// Ends every session and open stream, stops accepting connections, and waits until the
    /// server is gone.
    pub async fn stop(self) -> LodeResult<()> {
        let Self {
            shutdown, server, ..
        } = self;
        // The receiver may already be gone if the server failed; its result says why.
        let _ = shutdown.send(true);
        match server.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(error)) => Err(LodeError::new(
                ErrorCode::Internal,
                format!("serving the basket over HTTP failed: {error}"),
            )),
            Err(error) => Err(LodeError::new(
                ErrorCode::Internal,
                format!("the basket's HTTP server ended abnormally: {error}"),
            )),
        }
    }
}

/// Serves the basket as Streamable HTTP at `http://ADDR/mcp` until the returned handle is
/// stopped or dropped.
///
/// `addr` must be a loopback address (port 0 picks a free port) and `token` not empty:
/// otherwise [`ErrorCode::InvalidInput`]. Every request must carry `Authorization: Bearer
/// <token>` (else 401 with `WWW-Authenticate: Bearer`); a request whose `Origin` is not a local
/// page gets 403.
pub async fn serve_http(
    feed: Arc<dyn BasketFeed>,
    revisions: watch::Receiver<i64>,
    addr: SocketAddr,
    token: String,
) -> LodeResult<HttpServing> {
    serve_http_limited(feed, revisions, addr, token, HttpLimits::default()).await
}

/// [`serve_http`] with other connection limits than the defaults (tests shorten them).
pub async fn serve_http_limited(
    feed: Arc<dyn BasketFeed>,
    mut revisions: watch::Receiver<i64>,
    addr: SocketAddr,
    token: String,
    limits: HttpLimits,
) -> LodeResult<HttpServing> {
    // Seen before the first read, so a change made while it runs is followed, not lost.
    revisions.borrow_and_update();
    let shelf = Shelf::open(feed).await?;
    let following = changes::follow(shelf.clone(), revisions);
    serve_service(
        move || BasketServer::connect(shelf.clone()),
        addr,
        token,
        limits,
        Box::new(following),
    )
    .await
}

/// Serves the handlers `connect` makes (one per session) as Streamable HTTP at
/// `http://ADDR/mcp`, on loopback only, behind `token`; `following` lives as long as the server.
pub(crate) async fn serve_service<H, C>(
    connect: C,
    addr: SocketAddr,
    token: String,
    limits: HttpLimits,
    following: Box<dyn std::any::Any + Send + Sync>,
) -> LodeResult<HttpServing>
where
    H: rmcp::ServerHandler,
    C: Fn() -> H + Send + Sync + 'static,
{
    if !addr.ip().is_loopback() {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            format!(
                "Lode serves on loopback only (127.0.0.1 or [::1]), not on {}",
                addr.ip()
            ),
        ));
    }
    if token.trim().is_empty() {
        return Err(empty_token());
    }
    let listener = TcpListener::bind(addr).await.map_err(|error| {
        LodeError::new(
            ErrorCode::InvalidInput,
            format!("could not listen on {addr}: {error}"),
        )
    })?;
    let local_addr = listener.local_addr().map_err(|error| {
        LodeError::new(
            ErrorCode::Internal,
            format!("the bound address is unknown: {error}"),
        )
    })?;

    // The default config accepts only loopback Host headers (DNS-rebinding guard, with the
    // Origin check of the guard) and keeps sessions for clients before 2026-07-28.
    let config = StreamableHttpServerConfig::default();
    let sessions_end = config.cancellation_token.clone();
    let service: StreamableHttpService<H, LocalSessionManager> =
        StreamableHttpService::new(move || Ok(connect()), Default::default(), config);
    let guard = Guard::new(&token);
    let router = axum::Router::new().nest_service("/mcp", service).layer(
        axum::middleware::from_fn_with_state(guard.clone(), guard::check),
    );
    let (shutdown, stop) = watch::channel(false);
    let mut stopping = stop.clone();
    tokio::spawn(async move {
        // A send or a drop of the handle: either way, stop. Open SSE streams would otherwise
        // keep the connections (and so the graceful shutdown) waiting.
        let _ = stopping.wait_for(|stop| *stop).await;
        sessions_end.cancel();
    });
    let server = tokio::spawn(connections::serve(listener, router, limits, stop));
    Ok(HttpServing {
        local_addr,
        shutdown,
        server,
        guard,
        _following: following,
    })
}

fn empty_token() -> LodeError {
    LodeError::new(ErrorCode::InvalidInput, "serving over HTTP needs a token")
}
