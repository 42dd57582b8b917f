//! Streamable HTTP at `http://127.0.0.1:PORT/mcp`, loopback only, one handler per session.

use anyhow::Context;
use rmcp::transport::streamable_http_server::{
    session::local::LocalSessionManager, StreamableHttpServerConfig, StreamableHttpService,
};
use tokio::net::TcpListener;

use crate::modes::Attack;
use crate::server::HostileServer;

/// Serves until the process is killed (tests end it).
pub async fn serve(attack: Attack, listener: TcpListener) -> anyhow::Result<()> {
    let service: StreamableHttpService<HostileServer, LocalSessionManager> =
        StreamableHttpService::new(
            move || Ok(HostileServer::new(attack.clone())),
            Default::default(),
            StreamableHttpServerConfig::default(),
        );
    let router = axum::Router::new().nest_service("/mcp", service);
    axum::serve(listener, router).await.context("serving HTTP")
}
