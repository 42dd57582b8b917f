//! The built binary over Streamable HTTP: it binds loopback, prints the line
//! scripts parse, and serves rmcp's HTTP client in both lifecycles.

use std::{process::Stdio, time::Duration};

use rmcp::{
    model::ReadResourceRequestParams, transport::StreamableHttpClientTransport,
    ClientLifecycleMode, ClientServiceExt, ServiceExt,
};
use tokio::{
    io::{AsyncBufReadExt, BufReader},
    process::{Child, Command},
};

/// Starts `lode-demo-server http --port 0 ...` and returns it with its MCP URL.
async fn spawn_http(extra: &[&str]) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lode-demo-server"))
        .args(["http", "--port", "0"])
        .args(extra)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("the binary starts");
    let stdout = child.stdout.take().expect("piped stdout");
    let mut lines = BufReader::new(stdout).lines();
    let line = tokio::time::timeout(Duration::from_secs(20), lines.next_line())
        .await
        .expect("a listening line within 20 s")
        .expect("stdout readable")
        .expect("one line");
    let url = line
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line: {line}"))
        .to_owned();
    (child, url)
}

#[tokio::test]
async fn binary_serves_streamable_http_on_loopback_only() {
    let (mut child, url) = spawn_http(&["--page", "20"]).await;
    let rest = url
        .strip_prefix("http://127.0.0.1:")
        .unwrap_or_else(|| panic!("bound to 127.0.0.1: {url}"));
    let (port, path) = rest.split_once('/').expect("a path");
    assert!(
        port.parse::<u16>().is_ok_and(|p| p != 0),
        "a real port: {port}"
    );
    assert_eq!(path, "mcp");

    // Session lifecycle (initialize), as clients up to 2025-11-25 use.
    let client =
        ().serve(StreamableHttpClientTransport::from_uri(url.as_str()))
            .await
            .expect("initialize over HTTP");
    let info = client.peer_info().expect("server info");
    assert_eq!(
        info.server_info.as_ref().map(|s| s.name.as_str()),
        Some("lode-demo-server")
    );
    let resources = client.list_all_resources().await.expect("paged listing");
    assert!(resources.len() >= 60);
    assert!(resources.iter().any(|r| r.uri == "table://item"));
    let read = client
        .read_resource(ReadResourceRequestParams::new("table://user"))
        .await
        .expect("read over HTTP");
    assert_eq!(read.contents.len(), 1);
    client.cancel().await.expect("client closes");

    // Stateless lifecycle (server/discover), as 2026-07-28 clients use.
    let modern = ()
        .serve_with_lifecycle(
            StreamableHttpClientTransport::from_uri(url.as_str()),
            ClientLifecycleMode::Discover {
                preferred_versions: vec![rmcp::model::ProtocolVersion::V_2026_07_28],
            },
        )
        .await
        .expect("discover over HTTP");
    let again = modern.list_all_resources().await.expect("listing");
    assert_eq!(again.len(), resources.len());
    modern.cancel().await.expect("client closes");

    child.kill().await.expect("the server stops");
}
