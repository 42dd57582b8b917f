//! Handshakes that never strand an older server. Lode asks `server/discover` first; the
//! hostile server answers it the way servers of earlier eras do (`--discover`): a JSON-RPC
//! `-32601`, a `-32022` listing only 2025 versions (an rmcp server pinned to 2025), an empty
//! result, an HTTP error page, or nothing at all. Each must still connect through
//! `initialize` within about a second, over stdio and Streamable HTTP; and once Lode has
//! found the era it remembers it, so the next connect (a fresh Lode on the same data) sends no
//! `server/discover` at all. The server notes every discover it saw in a file
//! (`--discover-log`): a stdio server is started again after a failed probe, so its own count
//! would not see them all.

use std::sync::Arc;
use std::time::{Duration, Instant};

use lode_app::secrets::MemoryStore;
use lode_app::Lode;
use lode_core::{ConnectionDraft, ConnectionId, ConnectionStatus, ContentBlock, TransportSpec};

use crate::support::demo::demo_command;
use crate::support::events::wait_for_status;
use crate::support::http_server::HttpServer;

/// Well inside "a second or two": the probe gives up after one second of silence.
const PROMPT: Duration = Duration::from_secs(2);

fn hostile_server() -> std::path::PathBuf {
    let path = std::path::Path::new(&demo_command()).with_file_name(if cfg!(windows) {
        "lode-hostile-server.exe"
    } else {
        "lode-hostile-server"
    });
    assert!(
        path.is_file(),
        "build the hostile server first ({})",
        path.display()
    );
    path
}

fn stdio(answer: &str, log: &std::path::Path) -> TransportSpec {
    TransportSpec::Stdio {
        command: hostile_server().display().to_string(),
        args: vec![
            "--discover".to_owned(),
            answer.to_owned(),
            "--discover-log".to_owned(),
            log.display().to_string(),
        ],
        env: Default::default(),
        cwd: None,
    }
}

fn http_server(answer: &str, log: &std::path::Path) -> HttpServer {
    let log = log.display().to_string();
    HttpServer::start(
        &hostile_server(),
        &["--discover", answer, "--discover-log", &log],
    )
}

/// The discovers the server noted in `log`.
fn discovers(log: &std::path::Path) -> usize {
    std::fs::read_to_string(log)
        .map(|text| text.lines().count())
        .unwrap_or(0)
}

fn http(server: &HttpServer) -> TransportSpec {
    TransportSpec::Http {
        url: server.url.clone(),
        headers: Default::default(),
    }
}

/// Starts Lode on `data`, connects `id` (adding it as "Old" first when `id` is `None`), checks
/// that the connection answers, and returns it with how long connecting took.
async fn connect_once(
    data: &std::path::Path,
    transport: &TransportSpec,
    id: Option<ConnectionId>,
) -> (ConnectionId, Duration) {
    let lode = Arc::new(
        Lode::open_with_secrets(data, None, Arc::new(MemoryStore::default())).expect("open"),
    );
    let id = match id {
        Some(id) => id,
        None => {
            lode.add_connection(&ConnectionDraft::new("Old", transport.clone()))
                .await
                .expect("added")
                .id
        }
    };
    let mut events = lode.events();
    let started = Instant::now();
    lode.start_all().await.expect("started");
    let status = wait_for_status(&mut events, id, Duration::from_secs(20), |status| {
        !matches!(status, ConnectionStatus::Connecting)
    })
    .await;
    let took = started.elapsed();
    assert_eq!(status, ConnectionStatus::Ready, "connected");
    let stats = lode
        .call_tool(id, "stats", serde_json::json!({}))
        .await
        .expect("stats");
    assert!(
        matches!(stats.content.first(), Some(ContentBlock::Text { text, .. }) if text.contains("lists")),
        "the connection answers: {stats:?}"
    );
    lode.shutdown().await;
    (id, took)
}

/// Connects twice to the server behind `transport`, which notes its discovers in `log`.
async fn connects_promptly_then_remembers(
    what: &str,
    transport: TransportSpec,
    log: &std::path::Path,
) {
    let data = tempfile::tempdir().expect("temp dir");
    let (id, first) = connect_once(data.path(), &transport, None).await;
    let seen = discovers(log);
    eprintln!("{what}: first connect {first:?}, {seen} discover(s)");
    assert!(first < PROMPT, "{what}: the first connect took {first:?}");
    assert!(seen >= 1, "{what}: Lode asked server/discover first");
    let (_, second) = connect_once(data.path(), &transport, Some(id)).await;
    let seen_after = discovers(log);
    eprintln!("{what}: second connect {second:?}, {seen_after} discover(s) in all");
    assert!(
        second < PROMPT,
        "{what}: the second connect took {second:?}"
    );
    assert_eq!(
        seen_after, seen,
        "{what}: the remembered era goes straight to initialize"
    );
}

/// The case over stdio (unless `http_only`) and over Streamable HTTP.
async fn both(answer: &str, http_only: bool) {
    let dir = tempfile::tempdir().expect("temp dir");
    if !http_only {
        let log = dir.path().join("stdio.log");
        let what = format!("stdio {answer}");
        connects_promptly_then_remembers(&what, stdio(answer, &log), &log).await;
    }
    let log = dir.path().join("http.log");
    let server = http_server(answer, &log);
    connects_promptly_then_remembers(&format!("http {answer}"), http(&server), &log).await;
}

#[tokio::test]
async fn a_server_refusing_discover_as_an_unknown_method() {
    both("refuse", false).await;
}

/// The known failure: an rmcp server pinned to 2025 answers `-32022` with its versions, and
/// Lode used to stop with "speaks no MCP version Lode knows".
#[tokio::test]
async fn a_server_listing_only_2025_versions() {
    both("only2025", false).await;
}

#[tokio::test]
async fn a_server_answering_discover_with_an_empty_result() {
    both("empty", false).await;
}

#[tokio::test]
async fn a_server_answering_discover_with_an_http_error_page() {
    both("http-error", true).await;
}

#[tokio::test]
async fn a_server_never_answering_discover() {
    both("silent", false).await;
}
