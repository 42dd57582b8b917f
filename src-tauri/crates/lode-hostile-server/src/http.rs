//! Streamable HTTP at `http://127.0.0.1:PORT/mcp`, loopback only, one handler per session.
//! `--discover` answers given on the wire (see `discover.rs`) come from a middleware in front.

use anyhow::Context;
use axum::body::Body;
use axum::extract::Request;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use rmcp::transport::streamable_http_server::{
    session::local::LocalSessionManager, StreamableHttpServerConfig, StreamableHttpService,
};
use tokio::net::TcpListener;

use crate::discover::{wire_answer, DiscoverAnswer, Wire};
use crate::modes::Attack;
use crate::server::HostileServer;

/// The largest request body the middleware reads to see whether it is `server/discover`.
const MAX_BODY: usize = 16 * 1024 * 1024;

/// Serves until the process is killed (tests end it).
pub async fn serve(
    attack: Attack,
    answer: DiscoverAnswer,
    listener: TcpListener,
) -> anyhow::Result<()> {
    let service: StreamableHttpService<HostileServer, LocalSessionManager> =
        StreamableHttpService::new(
            move || Ok(HostileServer::new(attack.clone(), answer)),
            Default::default(),
            StreamableHttpServerConfig::default(),
        );
    let router =
        axum::Router::new()
            .nest_service("/mcp", service)
            .layer(axum::middleware::from_fn(move |request, next| {
                on_the_wire(answer, request, next)
            }));
    axum::serve(listener, router).await.context("serving HTTP")
}

async fn on_the_wire(answer: DiscoverAnswer, request: Request, next: Next) -> Response {
    if request.method() != axum::http::Method::POST {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, MAX_BODY).await else {
        return (axum::http::StatusCode::PAYLOAD_TOO_LARGE, "too large").into_response();
    };
    match wire_answer(answer, &bytes) {
        Wire::Pass => {
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
        Wire::Answer(reply) => (
            [(axum::http::header::CONTENT_TYPE, "application/json")],
            reply.to_string(),
        )
            .into_response(),
        Wire::HttpError => (
            axum::http::StatusCode::BAD_REQUEST,
            [(axum::http::header::CONTENT_TYPE, "text/html")],
            "<html><body><h1>400 Bad Request</h1><p>unknown method</p></body></html>",
        )
            .into_response(),
        Wire::Swallow => std::future::pending().await,
    }
}
