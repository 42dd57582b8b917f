//! Streamable HTTP resumability (MCP 2025-11-25, SEP-1699): a server that drops a request's
//! event stream after a priming event (`id` and `retry`) must see Lode come back with a GET
//! carrying `Last-Event-ID`, no sooner than the `retry` it asked for, and get the answer there.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use lode_core::TransportSpec;
use lode_mcp::McpClient;
use serde_json::{json, Value};
use tokio::net::TcpListener;

use crate::support::fake_http::quick;

/// The `retry` the server asks for: well above rmcp's own first backoff step, so a client that
/// ignored it would come back too early.
const RETRY_MS: u64 = 600;
const SESSION: &str = "resumable-1";

#[derive(Default)]
struct Seen {
    /// The id of the `tools/call` whose stream was dropped.
    pending_call: Option<Value>,
    dropped_at: Option<Instant>,
    /// Each GET's `Last-Event-ID` and when it came.
    resumes: Vec<(Option<String>, Instant)>,
}

type Shared = Arc<Mutex<Seen>>;

fn seen(shared: &Shared) -> std::sync::MutexGuard<'_, Seen> {
    shared.lock().unwrap_or_else(|p| p.into_inner())
}

async fn server(
    State(shared): State<Shared>,
    method: Method,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let events = [
        ("content-type", "text/event-stream"),
        ("mcp-session-id", SESSION),
    ];
    if method == Method::GET {
        let last = headers
            .get("last-event-id")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let Some(call) = seen(&shared)
            .pending_call
            .clone()
            .filter(|_| last.is_some())
        else {
            // No standalone stream: only resumption is served here.
            return StatusCode::METHOD_NOT_ALLOWED.into_response();
        };
        seen(&shared).resumes.push((last, Instant::now()));
        let answer = json!({"jsonrpc": "2.0", "id": call,
            "result": {"content": [{"type": "text", "text": "resumed"}]}});
        return (
            events,
            format!("id: ev-2\nevent: message\ndata: {answer}\n\n"),
        )
            .into_response();
    }
    let message: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let id = message["id"].clone();
    let json = [
        ("content-type", "application/json"),
        ("mcp-session-id", SESSION),
    ];
    match message["method"].as_str().unwrap_or_default() {
        "initialize" => {
            let result = json!({"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
                "serverInfo": {"name": "resumable", "version": "1.0.0"}});
            (
                json,
                json!({"jsonrpc": "2.0", "id": id, "result": result}).to_string(),
            )
                .into_response()
        }
        "tools/call" => {
            // A priming event, then the stream ends before the answer.
            let priming = format!("id: ev-1\nretry: {RETRY_MS}\ndata: \n\n");
            let mut state = seen(&shared);
            state.pending_call = Some(id);
            state.dropped_at = Some(Instant::now());
            let stream = futures::stream::iter([Ok::<_, std::io::Error>(Bytes::from(priming))]);
            (events, Body::from_stream(stream)).into_response()
        }
        _ if id.is_null() => StatusCode::ACCEPTED.into_response(),
        _ => {
            let error = json!({"jsonrpc": "2.0", "id": id,
                "error": {"code": -32601, "message": "Method not found"}});
            (json, error.to_string()).into_response()
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_stream_is_resumed_with_last_event_id_after_the_servers_retry() {
    let shared: Shared = Arc::default();
    let app = axum::Router::new()
        .route("/mcp", axum::routing::any(server))
        .with_state(shared.clone());
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("http://{}/mcp", listener.local_addr().expect("address"));
    tokio::spawn(async move { axum::serve(listener, app).await });

    let client = McpClient::connect(&TransportSpec::http(&url), quick())
        .await
        .expect("connect");
    let result = tokio::time::timeout(Duration::from_secs(10), client.call_tool("slow", json!({})))
        .await
        .expect("the call is answered after the resumption")
        .expect("the tool's answer");
    assert_eq!(
        serde_json::to_value(&result.content).expect("JSON")[0]["text"],
        "resumed"
    );
    client.close().await;
    let (resumes, dropped_at) = {
        let state = seen(&shared);
        (state.resumes.clone(), state.dropped_at)
    };
    let [(last_event_id, resumed_at)] = resumes.as_slice() else {
        panic!("expected exactly one resumption, got {}", resumes.len());
    };
    assert_eq!(last_event_id.as_deref(), Some("ev-1"));
    let waited = resumed_at.duration_since(dropped_at.expect("the stream was dropped"));
    assert!(
        waited >= Duration::from_millis(RETRY_MS - 50)
            && waited < Duration::from_millis(RETRY_MS * 3),
        "resumed after {waited:?}; the server asked for {RETRY_MS} ms"
    );
}
