//! Streamable HTTP at `http://127.0.0.1:PORT/mcp`, loopback only.

use std::{future::Future, net::SocketAddr, sync::Arc};

use anyhow::Context;
use rmcp::transport::streamable_http_server::{
    session::local::LocalSessionManager, StreamableHttpServerConfig, StreamableHttpService,
};
use tokio::net::TcpListener;

use crate::{Demo, DemoServer};

/// Binds 127.0.0.1 only: a demo server must never be reachable from the network.
/// Port 0 picks a free port; the bound address is returned.
pub async fn bind(port: u16) -> anyhow::Result<(TcpListener, SocketAddr)> {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .await
        .with_context(|| format!("binding 127.0.0.1:{port}"))?;
    let address = listener.local_addr()?;
    Ok((listener, address))
}

/// The URL a client connects to.
pub fn endpoint(address: SocketAddr) -> String {
    format!("http://{address}/mcp")
}

/// Serves MCP on `/mcp` until `shutdown` completes.
pub async fn serve(
    demo: Arc<Demo>,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    // The default config accepts only loopback Host headers (DNS-rebinding guard)
    // and keeps sessions for clients on protocol versions before 2026-07-28.
    let config = StreamableHttpServerConfig::default();
    let sessions_end = config.cancellation_token.clone();
    let service: StreamableHttpService<DemoServer, LocalSessionManager> =
        StreamableHttpService::new(
            move || Ok(DemoServer::connect(demo.clone())),
            Default::default(),
            config,
        );
    let router = axum::Router::new().nest_service("/mcp", service);
    axum::serve(listener, router)
        .with_graceful_shutdown(async move {
            shutdown.await;
            // Open SSE streams would otherwise keep graceful shutdown waiting.
            sessions_end.cancel();
        })
        .await
        .context("serving HTTP")
}
