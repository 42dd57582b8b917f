//! The legacy HTTP+SSE transport (protocol 2024-11-05) against the official server-everything in
//! `sse` mode, and against a small in-test server that checks headers and misbehaves on purpose.

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use lode_core::{ApiKey, Credentials, ErrorCode, ProtocolEra, ResourceContent, TransportSpec};
use lode_mcp::{ConnectOptions, McpClient};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::net::TcpListener;
use tokio::process::{Child, Command};
use tokio::sync::mpsc;

// ---------------------------------------------------------------------------------------------
// server-everything in `sse` mode

/// Forces `app.listen(PORT)` onto 127.0.0.1: server-everything binds every interface otherwise.
const LOOPBACK_PRELOAD: &str = r#"
const net = require("net");
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === "number" || (typeof args[0] === "string" && /^\d+$/.test(args[0]))) {
    const rest = args.slice(1).filter((a) => typeof a === "function");
    return listen.call(this, { port: Number(args[0]), host: "127.0.0.1" }, ...rest);
  }
  if (args[0] && typeof args[0] === "object" && !args[0].path) {
    args[0] = { ...args[0], host: "127.0.0.1" };
  }
  return listen.apply(this, args);
};
"#;

fn server_everything() -> PathBuf {
    let node = std::process::Command::new("node").arg("--version").output();
    assert!(
        node.is_ok_and(|o| o.status.success()),
        "Node.js is needed for this test: install Node.js 20 (e.g. apt-get install nodejs)"
    );
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../tests/servers");
    let index = root.join("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    assert!(
        index.is_file(),
        "server-everything is not installed: run `npm ci --prefix {}`",
        root.display()
    );
    index
}

struct Everything {
    _child: Child,
    sse_url: String,
}

async fn start_everything() -> Everything {
    let index = server_everything();
    let preload = std::env::temp_dir().join(format!("lode-loopback-{}.cjs", std::process::id()));
    std::fs::write(&preload, LOOPBACK_PRELOAD).expect("write the loopback preload");
    // A free port, released just before node takes it.
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.local_addr().expect("address").port()
    };
    let mut child = Command::new("node")
        .arg("-r")
        .arg(&preload)
        .arg(&index)
        .arg("sse")
        .env("PORT", port.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("start server-everything");
    let mut lines = BufReader::new(child.stderr.take().expect("stderr")).lines();
    let ready = tokio::time::timeout(Duration::from_secs(30), async {
        while let Ok(Some(line)) = lines.next_line().await {
            if line.contains("Server is running on port") {
                return true;
            }
        }
        false
    })
    .await;
    assert_eq!(ready, Ok(true), "server-everything did not start");
    // Keep draining stderr so the server never blocks on a full pipe.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    Everything {
        _child: child,
        sse_url: format!("http://127.0.0.1:{port}/sse"),
    }
}

fn sse(url: &str) -> TransportSpec {
    TransportSpec::Sse {
        url: url.to_owned(),
        headers: BTreeMap::new(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_everything_lists_and_reads_resources_over_legacy_sse() {
    let server = start_everything().await;
    let client = McpClient::connect(&sse(&server.sse_url), ConnectOptions::new("everything"))
        .await
        .expect("connect to server-everything over SSE");
    // server/discover was refused, so the session fell back to `initialize`.
    assert_eq!(client.info().era, ProtocolEra::Legacy);
    let resources = client.list_resources().await.expect("list resources");
    assert!(!resources.is_empty(), "server-everything lists resources");
    let first = &resources[0];
    let contents = client.read_resource(&first.uri).await.expect("read");
    assert!(!contents.is_empty());
    assert_eq!(contents[0].uri(), first.uri);
    client.close().await;
}

// ---------------------------------------------------------------------------------------------
// An in-test legacy server

#[derive(Default)]
struct Script {
    /// The `endpoint` event's data; `/messages?session=1` when empty.
    endpoint: &'static str,
    /// Answer the GET with 401 and a challenge.
    unauthorized: bool,
    /// (method, status, body): answer the POST of that method so.
    fail: Option<(&'static str, u16, &'static str)>,
    /// End the event stream when this method arrives, without answering it.
    end_stream_on: Option<&'static str>,
    /// Size of the text `resources/read` returns.
    read_size: usize,
}

/// Each request the server received: method, headers and (for POSTs) the JSON-RPC method.
type Request = (Method, HeaderMap, Option<String>);

#[derive(Clone)]
struct Legacy {
    script: Arc<Script>,
    stream: Arc<Mutex<Option<mpsc::Sender<String>>>>,
    requests: Arc<Mutex<Vec<Request>>>,
}

impl Legacy {
    fn requests(&self) -> Vec<Request> {
        self.requests
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    fn stream(&self) -> std::sync::MutexGuard<'_, Option<mpsc::Sender<String>>> {
        self.stream.lock().unwrap_or_else(|p| p.into_inner())
    }
}

async fn serve_legacy(script: Script) -> (Legacy, String) {
    let legacy = Legacy {
        script: Arc::new(script),
        stream: Arc::default(),
        requests: Arc::default(),
    };
    let app = axum::Router::new()
        .route("/sse", axum::routing::get(open_stream))
        .route("/messages", axum::routing::post(post_message))
        .with_state(legacy.clone());
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address: SocketAddr = listener.local_addr().expect("address");
    tokio::spawn(async move { axum::serve(listener, app).await });
    (legacy, format!("http://{address}/sse"))
}

async fn open_stream(State(legacy): State<Legacy>, headers: HeaderMap) -> Response {
    legacy
        .requests
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .push((Method::GET, headers, None));
    if legacy.script.unauthorized {
        return (
            StatusCode::UNAUTHORIZED,
            [(
                "www-authenticate",
                r#"Bearer resource_metadata="http://127.0.0.1/prm""#,
            )],
            "no token",
        )
            .into_response();
    }
    let (sender, receiver) = mpsc::channel::<String>(16);
    *legacy.stream() = Some(sender);
    let endpoint = match legacy.script.endpoint {
        "" => "/messages?session=1",
        other => other,
    };
    let first = format!("event: endpoint\ndata: {endpoint}\n\n");
    let events = futures::stream::unfold(receiver, |mut receiver| async move {
        let data = receiver.recv().await?;
        Some((format!("event: message\ndata: {data}\n\n"), receiver))
    });
    let body = futures::StreamExt::map(
        futures::StreamExt::chain(futures::stream::once(async move { first }), events),
        |event| Ok::<_, Infallible>(Bytes::from(event)),
    );
    (
        [("content-type", "text/event-stream")],
        Body::from_stream(body),
    )
        .into_response()
}

async fn post_message(State(legacy): State<Legacy>, headers: HeaderMap, body: Bytes) -> Response {
    let message: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let method = message["method"].as_str().unwrap_or_default().to_owned();
    legacy
        .requests
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .push((Method::POST, headers, Some(method.clone())));
    let script = &legacy.script;
    if let Some((failing, status, body)) = script.fail {
        if failing == method {
            let status = StatusCode::from_u16(status).expect("status");
            return (status, body).into_response();
        }
    }
    if script.end_stream_on == Some(method.as_str()) {
        legacy.stream().take();
        return (StatusCode::ACCEPTED, "Accepted").into_response();
    }
    let id = message["id"].clone();
    let answer = match method.as_str() {
        _ if id.is_null() => None,
        "initialize" => Some(json!({"result": {
            "protocolVersion": "2024-11-05",
            "capabilities": {"resources": {}},
            "serverInfo": {"name": "legacy", "version": "0.1.0"}
        }})),
        "resources/list" => Some(json!({"result": {"resources": [
            {"uri": "legacy://one", "name": "one", "mimeType": "text/plain"}
        ]}})),
        "resources/read" => Some(json!({"result": {"contents": [
            {"uri": "legacy://one", "mimeType": "text/plain",
             "text": "y".repeat(script.read_size.max(1))}
        ]}})),
        _ => Some(json!({"error": {"code": -32601, "message": "Method not found"}})),
    };
    if let Some(mut answer) = answer {
        answer["jsonrpc"] = json!("2.0");
        answer["id"] = id;
        let sender = legacy.stream().clone();
        if let Some(sender) = sender {
            let _ = sender.send(answer.to_string()).await;
        }
    }
    (StatusCode::ACCEPTED, "Accepted").into_response()
}

fn quick() -> ConnectOptions {
    let mut options = ConnectOptions::new("legacy");
    options.request_timeout = Duration::from_secs(20);
    options
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn credentials_and_headers_go_on_the_stream_and_on_every_post() {
    let (legacy, url) = serve_legacy(Script::default()).await;
    let spec = TransportSpec::Sse {
        url,
        headers: BTreeMap::from([("X-Custom".to_owned(), "c1".to_owned())]),
    };
    let mut options = quick();
    options.credentials = Credentials {
        bearer_token: Some("t0k".into()),
        secret_headers: vec![ApiKey {
            header: "X-Agent-API-Key".into(),
            value: "k3y".into(),
        }],
        ..Credentials::default()
    };
    let client = McpClient::connect(&spec, options).await.expect("connect");
    assert_eq!(client.list_resources().await.expect("list").len(), 1);
    let requests = legacy.requests();
    let posts = requests.iter().filter(|(m, ..)| *m == Method::POST).count();
    assert!(
        posts >= 4,
        "discover, initialize, initialized, list: {posts} POSTs"
    );
    assert_eq!(requests[0].0, Method::GET);
    for (method, headers, rpc) in &requests {
        let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        assert_eq!(
            header("authorization"),
            Some("Bearer t0k"),
            "{method} {rpc:?}"
        );
        assert_eq!(header("x-agent-api-key"), Some("k3y"), "{method} {rpc:?}");
        assert_eq!(header("x-custom"), Some("c1"), "{method} {rpc:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_endpoint_on_another_origin_is_refused() {
    let (legacy, url) = serve_legacy(Script {
        endpoint: "http://203.0.113.9/messages",
        ..Script::default()
    })
    .await;
    let error = McpClient::connect(&sse(&url), quick())
        .await
        .err()
        .expect("the endpoint is elsewhere");
    assert_eq!(error.code, ErrorCode::Protocol, "{error:?}");
    assert!(
        error.message.contains("another origin"),
        "{}",
        error.message
    );
    assert!(legacy
        .requests()
        .iter()
        .all(|(method, ..)| *method == Method::GET));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_401_on_the_stream_is_auth_required_with_the_challenge() {
    let (_legacy, url) = serve_legacy(Script {
        unauthorized: true,
        ..Script::default()
    })
    .await;
    let error = McpClient::connect(&sse(&url), quick())
        .await
        .err()
        .expect("401");
    assert_eq!(error.code, ErrorCode::AuthRequired, "{error:?}");
    assert_eq!(
        error.detail.as_deref(),
        Some(r#"WWW-Authenticate: Bearer resource_metadata="http://127.0.0.1/prm""#)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_post_reports_status_and_body() {
    let (_legacy, url) = serve_legacy(Script {
        fail: Some(("resources/list", 500, "list exploded")),
        ..Script::default()
    })
    .await;
    let client = McpClient::connect(&sse(&url), quick())
        .await
        .expect("connect");
    let error = client.list_resources().await.expect_err("a 500");
    assert_eq!(error.code, ErrorCode::Http, "{error:?}");
    assert!(
        error.message.contains("HTTP 500") && error.message.contains("list exploded"),
        "{}",
        error.message
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_that_ends_fails_the_pending_call_at_once() {
    let (_legacy, url) = serve_legacy(Script {
        end_stream_on: Some("resources/list"),
        ..Script::default()
    })
    .await;
    let client = McpClient::connect(&sse(&url), quick())
        .await
        .expect("connect");
    let started = Instant::now();
    let error = client.list_resources().await.expect_err("no answer");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "waited for the timeout"
    );
    assert_eq!(error.code, ErrorCode::TransportClosed, "{error:?}");
    tokio::time::timeout(Duration::from_secs(2), client.closed())
        .await
        .expect("the session ends with its stream");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_larger_than_16_mib_is_delivered() {
    let size = 20 * 1024 * 1024;
    let (_legacy, url) = serve_legacy(Script {
        read_size: size,
        ..Script::default()
    })
    .await;
    let client = McpClient::connect(&sse(&url), quick())
        .await
        .expect("connect");
    let contents = client.read_resource("legacy://one").await.expect("read");
    match &contents[0] {
        ResourceContent::Text { text, .. } => assert_eq!(text.len(), size),
        other => panic!("expected text, got {other:?}"),
    }
}
