//! A 2025-era Streamable HTTP server with sessions, scripted per test: expired sessions (404 or
//! a TypeScript-SDK-style 400), SSE or JSON answers, a GET stream, 401s, failures, and pages or
//! reads of megabytes.

use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use lode_mcp::ConnectOptions;
use serde_json::{json, Value};
use tokio::net::TcpListener;

use super::pages;

#[derive(Clone, Copy, PartialEq)]
pub enum Stale {
    /// What the spec says: 404 for a session the server no longer knows.
    NotFound,
    /// What a restarted TypeScript-SDK server does: 400 and an id-less JSON-RPC error.
    BadRequest,
}

pub struct Script {
    pub stale: Stale,
    /// Answer requests as SSE events instead of JSON bodies.
    pub sse: bool,
    /// Keep a GET event stream open (otherwise 405).
    pub get_stream: bool,
    /// Answer everything with 401 and a challenge.
    pub unauthorized: bool,
    /// (method, status, body): fail that method with that answer.
    pub fail: Option<(&'static str, u16, String)>,
    /// Size of the text `resources/read` returns.
    pub read_size: usize,
    /// `resources/list` answers `pages::big_page` with this many items (0: one item).
    pub list_size: usize,
    /// ... and breaks its JSON three quarters in.
    pub list_broken: bool,
}

impl Default for Script {
    fn default() -> Self {
        Self {
            stale: Stale::NotFound,
            sse: false,
            get_stream: false,
            unauthorized: false,
            fail: None,
            read_size: 5,
            list_size: 0,
            list_broken: false,
        }
    }
}

#[derive(Default)]
pub struct Seen {
    pub sessions: HashSet<String>,
    pub next_session: u32,
    pub initializes: u32,
    pub requests: Vec<(Method, HeaderMap, Option<String>)>,
}

#[derive(Clone)]
pub struct Fake {
    pub script: Arc<Script>,
    pub seen: Arc<Mutex<Seen>>,
}

impl Fake {
    pub fn seen(&self) -> std::sync::MutexGuard<'_, Seen> {
        self.seen.lock().unwrap_or_else(|p| p.into_inner())
    }
}

pub async fn serve_fake(script: Script) -> (Fake, String) {
    let fake = Fake {
        script: Arc::new(script),
        seen: Arc::default(),
    };
    let app = axum::Router::new()
        .route("/mcp", axum::routing::any(fake_mcp))
        .with_state(fake.clone());
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address: SocketAddr = listener.local_addr().expect("address");
    tokio::spawn(async move { axum::serve(listener, app).await });
    (fake, format!("http://{address}/mcp"))
}

pub const STALE_BODY: &str = r#"{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: No valid session ID provided"},"id":null}"#;

pub async fn fake_mcp(
    State(fake): State<Fake>,
    method: Method,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let script = fake.script.clone();
    let message: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let rpc_method = message["method"].as_str().map(str::to_owned);
    fake.seen()
        .requests
        .push((method.clone(), headers.clone(), rpc_method.clone()));
    if script.unauthorized {
        return (
            StatusCode::UNAUTHORIZED,
            [(
                "www-authenticate",
                r#"Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource""#,
            )],
            "unauthorized",
        )
            .into_response();
    }
    let session = headers
        .get("mcp-session-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let known = session
        .as_ref()
        .is_some_and(|s| fake.seen().sessions.contains(s));
    let stale = || match script.stale {
        Stale::NotFound => (StatusCode::NOT_FOUND, "session not found").into_response(),
        Stale::BadRequest => (
            StatusCode::BAD_REQUEST,
            [("content-type", "application/json")],
            STALE_BODY,
        )
            .into_response(),
    };
    if method == Method::GET {
        if !script.get_stream {
            return StatusCode::METHOD_NOT_ALLOWED.into_response();
        }
        if !known {
            return stale();
        }
        let pending = futures::stream::pending::<Result<Bytes, std::io::Error>>();
        return (
            [("content-type", "text/event-stream")],
            Body::from_stream(pending),
        )
            .into_response();
    }
    if method == Method::DELETE {
        return StatusCode::OK.into_response();
    }
    let rpc_method = rpc_method.unwrap_or_default();
    if let Some((failing, status, body)) = &script.fail {
        if *failing == rpc_method {
            let status = StatusCode::from_u16(*status).expect("status");
            return (status, body.clone()).into_response();
        }
    }
    let id = message["id"].clone();
    if rpc_method == "initialize" {
        let mut seen = fake.seen();
        seen.initializes += 1;
        seen.next_session += 1;
        let session = format!("session-{}", seen.next_session);
        seen.sessions.insert(session.clone());
        drop(seen);
        let result = json!({
            "protocolVersion": "2025-06-18",
            "capabilities": {"resources": {}},
            "serverInfo": {"name": "fake", "version": "1.0.0"}
        });
        let mut response = answer(&script, &id, result);
        response
            .headers_mut()
            .insert("mcp-session-id", session.parse().expect("header value"));
        return response;
    }
    if !known {
        return stale();
    }
    if id.is_null() {
        return StatusCode::ACCEPTED.into_response();
    }
    let result = match rpc_method.as_str() {
        "resources/list" if script.list_broken => {
            let message =
                json!({"jsonrpc": "2.0", "id": id, "result": pages::big_page(script.list_size)})
                    .to_string();
            let from = message.len() * 3 / 4;
            let cut = message[from..].find("},{").map_or(from, |at| from + at + 2);
            let broken = format!("{}oops {}", &message[..cut], &message[cut..]);
            return raw_answer(&script, broken);
        }
        "resources/list" if script.list_size > 0 => pages::big_page(script.list_size),
        "resources/list" => json!({"resources": [
            {"uri": "fake://one", "name": "one", "mimeType": "text/plain"}
        ]}),
        "resources/read" => json!({"contents": [
            {"uri": "fake://one", "mimeType": "text/plain", "text": "x".repeat(script.read_size)}
        ]}),
        "ping" => json!({}),
        _ => {
            let error = json!({"jsonrpc": "2.0", "id": id,
                "error": {"code": -32601, "message": "Method not found"}});
            return ([("content-type", "application/json")], error.to_string()).into_response();
        }
    };
    answer(&script, &id, result)
}

pub fn answer(script: &Script, id: &Value, result: Value) -> Response {
    let message = json!({"jsonrpc": "2.0", "id": id, "result": result}).to_string();
    raw_answer(script, message)
}

pub fn raw_answer(script: &Script, message: String) -> Response {
    if script.sse {
        let event = format!("event: message\ndata: {message}\n\n");
        ([("content-type", "text/event-stream")], event).into_response()
    } else {
        ([("content-type", "application/json")], message).into_response()
    }
}

pub fn quick() -> ConnectOptions {
    let mut options = ConnectOptions::new("fake");
    options.request_timeout = Duration::from_secs(20);
    options
}
