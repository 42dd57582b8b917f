//! A close during a flood of notifications nobody takes: rmcp's own close waits forever here
//! (its worker is blocked handing the session a message); ours ends the session and returns.
//! The server is a few lines of axum: a 2025-era session whose GET stream never stops sending.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{header, StatusCode};
use axum::response::Response;
use rmcp::model::ClientJsonRpcMessage;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::Transport;
use serde_json::{json, Value};

use super::StreamableSession;
use crate::transport::http_client::LodeHttpClient;
use crate::transport::tap::Tap;

const SESSION: &str = "flooded";

fn response(status: StatusCode, content_type: &str, body: Body) -> Response {
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, content_type)
        .header("mcp-session-id", SESSION)
        .body(body)
        .unwrap_or_default()
}

/// `initialize` is answered; anything else posted is a notification, accepted.
async fn post(body: Bytes) -> Response {
    let message: Value = serde_json::from_slice(&body).unwrap_or_default();
    if message["method"] != "initialize" {
        return response(StatusCode::ACCEPTED, "text/plain", Body::empty());
    }
    let answer = json!({
        "jsonrpc": "2.0",
        "id": message["id"],
        "result": {
            "protocolVersion": "2025-06-18",
            "capabilities": {"resources": {"listChanged": true}},
            "serverInfo": {"name": "flood", "version": "1"}
        }
    });
    response(
        StatusCode::OK,
        "application/json",
        Body::from(answer.to_string()),
    )
}

/// The GET stream: `list_changed` for as long as the client reads.
async fn get() -> Response {
    let event = Bytes::from_static(
        b"data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/list_changed\"}\n\n",
    );
    let flood = futures::stream::repeat_with(move || Ok::<_, std::io::Error>(event.clone()));
    response(
        StatusCode::OK,
        "text/event-stream",
        Body::from_stream(flood),
    )
}

/// Serves the flooding server; the flag turns true when its session is deleted.
async fn flooding_server() -> (String, Arc<AtomicBool>) {
    let deleted = Arc::new(AtomicBool::new(false));
    let on_delete = deleted.clone();
    let router = axum::Router::new().route(
        "/mcp",
        axum::routing::post(post)
            .get(get)
            .delete(move || async move {
                on_delete.store(true, Ordering::Release);
                StatusCode::OK
            }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let address = listener.local_addr().expect("address");
    tokio::spawn(async move { axum::serve(listener, router).await });
    (format!("http://{address}/mcp"), deleted)
}

fn message(value: Value) -> ClientJsonRpcMessage {
    serde_json::from_value(value).expect("a client message")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_close_during_a_flood_nobody_takes_ends_the_session_and_returns() {
    let (url, deleted) = flooding_server().await;
    let client = LodeHttpClient::new(reqwest::Client::new(), Tap::default());
    let mut session =
        StreamableSession::start(client, StreamableHttpClientTransportConfig::with_uri(url));
    let initialize = message(json!({
        "jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "lode-test", "version": "1"}
        }
    }));
    session.send(initialize).await.expect("initialize sent");
    let answer = tokio::time::timeout(Duration::from_secs(10), session.receive()).await;
    assert!(
        matches!(answer, Ok(Some(rmcp::model::JsonRpcMessage::Response(_)))),
        "initialize answered"
    );
    let initialized = message(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    session.send(initialized).await.expect("initialized sent");
    // Nobody takes the flood: within this the worker's channel to the session is full and
    // the worker waits on it, as when a session stops reading to close.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let closed = tokio::time::timeout(Duration::from_secs(10), session.close()).await;
    assert!(closed.is_ok(), "the close returned");
    assert!(deleted.load(Ordering::Acquire), "the session was deleted");
}
