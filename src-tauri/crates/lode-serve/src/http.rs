//! Streamable HTTP at `http://ADDR/mcp`, on loopback only, behind a bearer token.
//!
//! This is how an assistant that cannot launch Lode (one already running elsewhere on the
//! machine, or several at once) reaches a basket. rmcp's service does the protocol (sessions for
//! clients before 2026-07-28, stateless requests after, SSE streams for notifications, and a
//! loopback-only `Host` check); [`super::guard`] adds the token and the `Origin` check in front.

use std::net::SocketAddr;
use std::sync::Arc;

use lode_core::{ErrorCode, LodeError, LodeResult};
use rmcp::transport::streamable_http_server::{
    session::local::LocalSessionManager, StreamableHttpServerConfig, StreamableHttpService,
};
use tokio::net::TcpListener;
use tokio::sync::{oneshot, watch};
use tokio::task::JoinHandle;

use crate::changes::{self, Following};
use crate::guard::{self, Guard};
use crate::handler::BasketServer;
use crate::shelf::Shelf;
use crate::BasketFeed;

/// A basket being served over HTTP. Dropping it stops the server too (without waiting);
/// [`HttpServing::stop`] stops it and waits until it has.
pub struct HttpServing {
    local_addr: SocketAddr,
    /// Dropped (or sent on) to begin the graceful shutdown.
    shutdown: oneshot::Sender<()>,
    server: JoinHandle<std::io::Result<()>>,
    _following: Following,
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

    /// Ends every session and open stream, stops accepting connections, and waits until the
    /// server is gone.
    pub async fn stop(self) -> LodeResult<()> {
        let Self {
            shutdown, server, ..
        } = self;
        // The receiver may already be gone if the server failed; its result says why.
        let _ = shutdown.send(());
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
    mut revisions: watch::Receiver<i64>,
    addr: SocketAddr,
    token: String,
) -> LodeResult<HttpServing> {
    if !addr.ip().is_loopback() {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            format!(
                "a basket is served on loopback only (127.0.0.1 or [::1]), not on {}",
                addr.ip()
            ),
        ));
    }
    if token.trim().is_empty() {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            "serving a basket over HTTP needs a token",
        ));
    }
    // Seen before the first read, so a change made while it runs is followed, not lost.
    revisions.borrow_and_update();
    let shelf = Shelf::open(feed).await?;
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
    let following = changes::follow(shelf.clone(), revisions);

    // The default config accepts only loopback Host headers (DNS-rebinding guard, with the
    // Origin check of the guard) and keeps sessions for clients before 2026-07-28.
    let config = StreamableHttpServerConfig::default();
    let sessions_end = config.cancellation_token.clone();
    let service: StreamableHttpService<BasketServer, LocalSessionManager> =
        StreamableHttpService::new(
            move || Ok(BasketServer::connect(shelf.clone())),
            Default::default(),
            config,
        );
    let router = axum::Router::new().nest_service("/mcp", service).layer(
        axum::middleware::from_fn_with_state(Guard::new(&token), guard::check),
    );
    let (shutdown, shutdown_requested) = oneshot::channel::<()>();
    let server = tokio::spawn(async move {
        axum::serve(listener, router)
            .with_graceful_shutdown(async move {
                // A send or a drop of the handle: either way, stop.
                let _ = shutdown_requested.await;
                // Open SSE streams would otherwise keep graceful shutdown waiting.
                sessions_end.cancel();
            })
            .await
    });
    Ok(HttpServing {
        local_addr,
        shutdown,
        server,
        _following: following,
    })
}
