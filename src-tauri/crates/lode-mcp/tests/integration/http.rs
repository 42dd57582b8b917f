//! Streamable HTTP against real servers: the repo's demo server (built binary) and small
//! in-test servers that misbehave on purpose (expired sessions, auth, errors, huge answers).

use crate::support::fake_http::{quick, serve_fake, Script, Stale};
use crate::support::pages;

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;
use std::process::Stdio;
use std::time::{Duration, Instant};

use axum::http::Method;
use lode_core::{ApiKey, Credentials, ErrorCode, ProtocolEra, ResourceContent, TransportSpec};
use lode_mcp::{ConnectOptions, McpClient};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::process::{Child, Command};

// ---------------------------------------------------------------------------------------------
// The demo server binary

/// `target/<profile>/lode-demo-server`, beside this test's `deps/` folder.
fn demo_server_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>");
    let path = profile_dir.join(if cfg!(windows) {
        "lode-demo-server.exe"
    } else {
        "lode-demo-server"
    });
    assert!(
        path.is_file(),
        "the demo server binary is missing; build it first: cargo build -p lode-demo-server ({})",
        path.display()
    );
    path
}

/// A running demo server; killed when dropped.
struct Demo {
    _child: Child,
    url: String,
}

async fn start_demo(args: &[&str]) -> Demo {
    let mut child = Command::new(demo_server_binary())
        .arg("http")
        .args(["--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("start lode-demo-server");
    let stdout = child.stdout.take().expect("stdout");
    let mut line = String::new();
    tokio::time::timeout(
        Duration::from_secs(60),
        BufReader::new(stdout).read_line(&mut line),
    )
    .await
    .expect("the demo server printed its address in time")
    .expect("read stdout");
    let url = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
        .to_owned();
    Demo { _child: child, url }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn demo_server_lists_and_reads_over_streamable_http() {
    let demo = start_demo(&[]).await;
    let client = McpClient::connect(&TransportSpec::http(&demo.url), ConnectOptions::new("demo"))
        .await
        .expect("connect to the demo server");
    assert_eq!(client.info().era, ProtocolEra::Modern);
    let resources = client.list_resources().await.expect("list resources");
    assert!(resources.len() > 50, "expected several pages of resources");
    let readme = resources
        .iter()
        .find(|r| {
            r.mime_type
                .as_deref()
                .is_some_and(|m| m.starts_with("text/"))
        })
        .expect("a text resource");
    let contents = client.read_resource(&readme.uri).await.expect("read");
    assert!(matches!(&contents[0], ResourceContent::Text { text, .. } if !text.is_empty()));
    client.close().await;
}

/// One listing page of ~26 MB arrives as one SSE event: rmcp's default limit is 16 MiB.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn demo_server_sends_one_page_larger_than_16_mib() {
    let demo = start_demo(&["--n", "100000", "--page", "0"]).await;
    let mut options = ConnectOptions::new("demo-100k");
    options.request_timeout = Duration::from_secs(120);
    let client = McpClient::connect(&TransportSpec::http(&demo.url), options)
        .await
        .expect("connect");
    let listing = client.list_resources_with(|_| {}).await.expect("list");
    assert_eq!(listing.pages, 1);
    assert!(listing.resources.len() >= 100_000);
    client.close().await;
}

// ---------------------------------------------------------------------------------------------

async fn survives_an_expired_session(stale: Stale) {
    let (fake, url) = serve_fake(Script {
        stale,
        ..Script::default()
    })
    .await;
    let client = McpClient::connect(&TransportSpec::http(&url), quick())
        .await
        .expect("connect");
    assert_eq!(client.info().era, ProtocolEra::Legacy);
    assert_eq!(client.list_resources().await.expect("first list").len(), 1);
    // The server restarts: it forgets every session.
    fake.seen().sessions.clear();
    let started = Instant::now();
    let again = client.list_resources().await.expect("list after expiry");
    assert_eq!(again.len(), 1);
    assert!(started.elapsed() < Duration::from_secs(10));
    let seen = fake.seen();
    assert_eq!(seen.initializes, 2, "the client re-initialized once");
    // Every request after a handshake carried the session that handshake opened.
    for (method, headers, rpc) in &seen.requests {
        if *method == Method::POST
            && !matches!(rpc.as_deref(), Some("initialize" | "server/discover"))
        {
            assert!(
                headers.contains_key("mcp-session-id"),
                "{rpc:?} without a session"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_session_answered_404_is_reopened() {
    survives_an_expired_session(Stale::NotFound).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_session_answered_400_with_an_id_less_error_is_reopened() {
    survives_an_expired_session(Stale::BadRequest).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn credentials_and_headers_go_on_every_post_and_on_the_get_stream() {
    let (fake, url) = serve_fake(Script {
        get_stream: true,
        ..Script::default()
    })
    .await;
    let spec = TransportSpec::Http {
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
    client.list_resources().await.expect("list");
    // The GET stream opens in the background after the handshake.
    let deadline = Instant::now() + Duration::from_secs(10);
    while !fake.seen().requests.iter().any(|(m, ..)| *m == Method::GET) {
        assert!(Instant::now() < deadline, "no GET stream was opened");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let seen = fake.seen();
    let mut methods = HashSet::new();
    for (method, headers, rpc) in &seen.requests {
        methods.insert(method.clone());
        let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        assert_eq!(
            header("authorization"),
            Some("Bearer t0k"),
            "{method} {rpc:?}"
        );
        assert_eq!(header("x-agent-api-key"), Some("k3y"), "{method} {rpc:?}");
        assert_eq!(header("x-custom"), Some("c1"), "{method} {rpc:?}");
        assert_eq!(headers.get_all("authorization").iter().count(), 1);
    }
    assert!(methods.contains(&Method::POST) && methods.contains(&Method::GET));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_401_is_auth_required_with_the_challenge() {
    let (_fake, url) = serve_fake(Script {
        unauthorized: true,
        ..Script::default()
    })
    .await;
    let error = McpClient::connect(&TransportSpec::http(&url), quick())
        .await
        .err()
        .expect("a 401 fails the connection");
    assert_eq!(error.code, ErrorCode::AuthRequired, "{error:?}");
    let detail = error.detail.unwrap_or_default();
    assert!(
        detail.contains(
            r#"resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource""#
        ),
        "{detail}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_500_is_an_http_error_with_an_excerpt_of_the_body() {
    let body = format!("database on fire {}", "and more ".repeat(100));
    let (_fake, url) = serve_fake(Script {
        fail: Some(("resources/list", 500, body)),
        ..Script::default()
    })
    .await;
    let client = McpClient::connect(&TransportSpec::http(&url), quick())
        .await
        .expect("connect");
    let error = client.list_resources().await.expect_err("a 500");
    assert_eq!(error.code, ErrorCode::Http, "{error:?}");
    assert!(error.message.contains("HTTP 500"), "{}", error.message);
    assert!(
        error.message.contains("database on fire"),
        "{}",
        error.message
    );
    assert!(
        error.message.len() < 600,
        "the body is cut: {}",
        error.message
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_handshake_reports_status_and_body() {
    // `initialize`, the handshake's last resort: an error page answering `server/discover`
    // only sends Lode on to `initialize` (lode-app's `handshakes` tests).
    let (_fake, url) = serve_fake(Script {
        fail: Some(("initialize", 503, "maintenance until noon".to_owned())),
        ..Script::default()
    })
    .await;
    let error = McpClient::connect(&TransportSpec::http(&url), quick())
        .await
        .err()
        .expect("a 503");
    assert_eq!(error.code, ErrorCode::Http, "{error:?}");
    assert!(
        error.message.contains("HTTP 503") && error.message.contains("maintenance until noon"),
        "{}",
        error.message
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_connection_fails_quickly_and_clearly() {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = listener.local_addr().expect("address");
    drop(listener);
    let url = format!("http://{address}/mcp");
    let started = Instant::now();
    let error = McpClient::connect(&TransportSpec::http(&url), quick())
        .await
        .err()
        .expect("nothing listens there");
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(error.code, ErrorCode::TransportClosed, "{error:?}");
    assert!(
        error.message.contains(&format!("could not reach {url}")),
        "{}",
        error.message
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn https_to_a_plain_server_is_a_tls_error() {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = listener.local_addr().expect("address");
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let _ = socket
                .write_all(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n")
                .await;
        }
    });
    let error = McpClient::connect(
        &TransportSpec::http(format!("https://{address}/mcp")),
        quick(),
    )
    .await
    .err()
    .expect("no TLS there");
    assert_eq!(error.code, ErrorCode::Tls, "{error:?}");
}

async fn reads_a_body_larger_than_16_mib(sse: bool) {
    let size = 20 * 1024 * 1024;
    let (_fake, url) = serve_fake(Script {
        sse,
        read_size: size,
        ..Script::default()
    })
    .await;
    let client = McpClient::connect(&TransportSpec::http(&url), quick())
        .await
        .expect("connect");
    let contents = client.read_resource("fake://one").await.expect("read");
    match &contents[0] {
        ResourceContent::Text { text, .. } => assert_eq!(text.len(), size),
        other => panic!("expected text, got {other:?}"),
    }
}

/// A page of megabytes is decoded while it arrives, from a JSON body or an SSE event alike.
async fn lists_a_page_of_megabytes(sse: bool) {
    let count = 30_000;
    let (_fake, url) = serve_fake(Script {
        sse,
        list_size: count,
        ..Script::default()
    })
    .await;
    let client = McpClient::connect(&TransportSpec::http(&url), quick())
        .await
        .expect("connect");
    let listing = client.list_resources_with(|_| {}).await.expect("list");
    pages::assert_big_listing(&listing, count);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_of_megabytes_in_a_json_body_is_listed() {
    lists_a_page_of_megabytes(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_of_megabytes_in_an_sse_event_is_listed() {
    lists_a_page_of_megabytes(true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_json_deep_in_a_big_page_fails_that_request_only() {
    for sse in [false, true] {
        let (_fake, url) = serve_fake(Script {
            sse,
            list_size: 30_000,
            list_broken: true,
            ..Script::default()
        })
        .await;
        let client = McpClient::connect(&TransportSpec::http(&url), quick())
            .await
            .expect("connect");
        let error = client
            .list_resources_with(|_| {})
            .await
            .expect_err("the page is not JSON");
        assert_eq!(error.code, ErrorCode::Protocol, "sse {sse}: {error:?}");
        // Said by the streaming decoder, which had taken most of the page already.
        assert!(
            error
                .message
                .contains("malformed JSON in the resources array after item"),
            "sse {sse}: {error:?}"
        );
        client
            .read_resource("fake://one")
            .await
            .expect("the connection still works");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_json_body_larger_than_16_mib_is_read() {
    reads_a_body_larger_than_16_mib(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_sse_event_larger_than_16_mib_is_read() {
    reads_a_body_larger_than_16_mib(true).await;
}
