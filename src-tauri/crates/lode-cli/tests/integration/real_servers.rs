//! `lode ls` and `lode read` against real MCP servers nobody here wrote (README.md, "What the test
//! command runs"), one test per server and transport. The servers are pinned in tests/servers and
//! installed by `bash .ci/setup test`; support/servers.rs starts them. The newer commands
//! (templates, complete, info, prompts, tools, call, watch) are tested against the same servers in
//! real_servers_next.rs.

use crate::support;

use std::collections::BTreeSet;

use serde_json::Value;
use support::servers::{self, HttpServer};
use support::{stderr, Cli};

fn rows(value: &Value) -> &Vec<Value> {
    value.as_array().expect("ls --json prints an array")
}

fn uris(listing: &Value) -> Vec<&str> {
    rows(listing)
        .iter()
        .map(|r| r["uri"].as_str().expect("every row has a uri"))
        .collect()
}

/// `lode read … --json` and the one content it returns.
fn read_one(cli: &Cli, transport: &[&str], uri: &str) -> Value {
    let mut args = vec!["read"];
    args.extend_from_slice(transport);
    args.extend([uri, "--json"]);
    let contents = cli.json(&args);
    let contents = contents.as_array().expect("read --json prints an array");
    assert_eq!(contents.len(), 1, "one content for {uri}: {contents:?}");
    assert_eq!(contents[0]["uri"], uri);
    contents[0].clone()
}

fn ls(cli: &Cli, transport: &[&str]) -> Value {
    let mut args = vec!["ls"];
    args.extend_from_slice(transport);
    args.push("--json");
    cli.json(&args)
}

/// What server-everything 2026 shows on every transport: its seven docs, and the dynamic
/// resources its two templates describe (readable though never listed).
fn check_everything_2026(transport: &[&str]) {
    let cli = Cli::new();
    let listing = ls(&cli, transport);
    let uris = uris(&listing);
    assert_eq!(uris.len(), 7, "server-everything lists its docs: {listing}");
    assert!(uris
        .iter()
        .all(|u| u.starts_with("demo://resource/static/document/") && u.ends_with(".md")));
    assert!(rows(&listing)
        .iter()
        .all(|r| r["mimeType"] == "text/markdown" && r["description"].is_string()));

    let doc = read_one(
        &cli,
        transport,
        "demo://resource/static/document/features.md",
    );
    assert_eq!(doc["mimeType"], "text/markdown");
    assert!(doc["text"]
        .as_str()
        .is_some_and(|t| t.starts_with("# Everything Server - Features")));

    let text = read_one(&cli, transport, "demo://resource/dynamic/text/3");
    assert!(text["text"]
        .as_str()
        .is_some_and(|t| t.starts_with("Resource 3: ")));
    let blob = read_one(&cli, transport, "demo://resource/dynamic/blob/2");
    assert!(
        blob["blob"].is_string() && blob.get("text").is_none(),
        "{blob}"
    );

    // An unknown resource: exit 2, the server's message on stderr, nothing on stdout.
    let mut args = vec!["read"];
    args.extend_from_slice(transport);
    args.push("demo://resource/nope");
    let missing = cli.run(&args);
    assert_eq!(missing.status.code(), Some(2), "{}", stderr(&missing));
    assert!(
        stderr(&missing).starts_with("lode: "),
        "{}",
        stderr(&missing)
    );
    assert!(missing.stdout.is_empty());
}

#[test]
fn everything_2026_over_stdio() {
    check_everything_2026(&["--stdio", &servers::everything_stdio()]);
}

#[test]
fn everything_2026_over_streamable_http() {
    let server: HttpServer = servers::everything_http();
    check_everything_2026(&["--http", &server.url]);
}

// needs: --sse (the legacy HTTP+SSE transport)
#[test]
fn everything_2026_over_legacy_sse() {
    let server = servers::everything_sse();
    check_everything_2026(&["--sse", &server.url]);
}

#[test]
fn everything_2025_lists_all_ten_pages() {
    let cli = Cli::new();
    let cmd = servers::everything_2025_stdio();
    let listing = ls(&cli, &["--stdio", &cmd]);
    let uris = uris(&listing);
    assert_eq!(uris.len(), 100, "100 resources, 10 per page: {listing}");
    let expected: BTreeSet<String> = (1..=100)
        .map(|i| format!("test://static/resource/{i}"))
        .collect();
    let got: BTreeSet<String> = uris.iter().map(|u| u.to_string()).collect();
    assert_eq!(got, expected, "every page once, none twice");
    assert_eq!(uris[0], "test://static/resource/1", "server order kept");

    // Odd ids are text, even ids are blobs.
    let text = read_one(&cli, &["--stdio", &cmd], "test://static/resource/1");
    assert_eq!(text["text"], "Resource 1: This is a plaintext resource");
    let blob = read_one(&cli, &["--stdio", &cmd], "test://static/resource/2");
    assert_eq!(blob["mimeType"], "application/octet-stream");
    assert_eq!(
        blob["blob"], "UmVzb3VyY2UgMjogVGhpcyBpcyBhIGJhc2U2NCBibG9i",
        "base64 of \"Resource 2: This is a base64 blob\""
    );
}

#[test]
fn memory_lists_and_reads_its_knowledge_graph() {
    let cli = Cli::new();
    let memory = servers::memory_stdio();
    let listing = ls(&cli, &["--stdio", &memory.cmd]);
    assert_eq!(uris(&listing), ["memory://knowledge-graph"]);
    let row = &rows(&listing)[0];
    assert_eq!(row["title"], "Knowledge Graph");
    assert_eq!(row["mimeType"], "application/json");

    let graph = read_one(&cli, &["--stdio", &memory.cmd], "memory://knowledge-graph");
    let graph: Value = serde_json::from_str(graph["text"].as_str().expect("text")).expect("JSON");
    assert_eq!(graph, serde_json::json!({"entities": [], "relations": []}));
}

#[test]
fn hello_world_resource_without_mime_type() {
    let cli = Cli::new();
    let cmd = servers::hello_world_stdio();
    let listing = ls(&cli, &["--stdio", &cmd]);
    assert_eq!(uris(&listing), ["hello://world"]);
    let row = &rows(&listing)[0];
    assert_eq!(row["name"], "hello");
    assert!(row.get("mimeType").is_none(), "absent, not null: {row}");

    let hello = read_one(&cli, &["--stdio", &cmd], "hello://world");
    assert_eq!(hello["text"], "Hello, World from the resource!");
    assert!(hello.get("mimeType").is_none(), "{hello}");
    // A URI of its template greeting://{name}, never listed.
    let greeting = read_one(&cli, &["--stdio", &cmd], "greeting://alice");
    assert_eq!(greeting["text"], "Hello, alice from the resource!");
}

/// The Python SDK 2.x server (2026-07-28): six resources, annotations in every combination.
fn check_python_modern(transport: &[&str]) {
    let cli = Cli::new();
    let listing = ls(&cli, transport);
    assert_eq!(
        uris(&listing),
        [
            "notes://welcome",
            "notes://todo",
            "notes://changelog",
            "data://config.json",
            "counter://touches",
            "counter://ticks",
        ]
    );
    let row = |uri: &str| {
        rows(&listing)
            .iter()
            .find(|r| r["uri"] == uri)
            .expect("listed")
            .clone()
    };
    let welcome = row("notes://welcome");
    assert_eq!(welcome["title"], "Welcome");
    assert_eq!(welcome["mimeType"], "text/markdown");
    assert_eq!(
        welcome["annotations"]["audience"],
        serde_json::json!(["user"])
    );
    assert_eq!(welcome["annotations"]["priority"], 1.0);
    assert_eq!(
        welcome["annotations"]["lastModified"],
        "2026-07-28T12:00:00Z"
    );
    let todo = row("notes://todo");
    assert_eq!(
        todo["annotations"]["audience"],
        serde_json::json!(["assistant"])
    );
    let priority = todo["annotations"]["priority"].as_f64().expect("priority");
    assert!((priority - 0.2).abs() < 1e-6, "{priority}");
    assert!(todo["annotations"].get("lastModified").is_none());
    let changelog = row("notes://changelog");
    assert_eq!(
        changelog["annotations"]["audience"],
        serde_json::json!(["user", "assistant"])
    );
    assert!(changelog["annotations"].get("priority").is_none());
    assert_eq!(
        row("data://config.json")["annotations"],
        serde_json::json!({})
    );

    let config = read_one(&cli, transport, "data://config.json");
    assert_eq!(config["mimeType"], "application/json");
    let config: Value = serde_json::from_str(config["text"].as_str().expect("text")).expect("JSON");
    assert_eq!(config["name"], "lode-python-modern");
    let weather = read_one(&cli, transport, "weather://japan/kyoto");
    let weather: Value =
        serde_json::from_str(weather["text"].as_str().expect("text")).expect("JSON");
    assert_eq!(weather["city"], "kyoto");
    assert_eq!(
        read_one(&cli, transport, "counter://touches")["text"],
        "touches: 0\n"
    );
}

#[test]
fn python_sdk_2_over_stdio() {
    check_python_modern(&["--stdio", &servers::python_modern_stdio()]);
}

#[test]
fn python_sdk_2_over_streamable_http() {
    let server = servers::python_modern_http();
    check_python_modern(&["--http", &server.url]);
}

#[test]
fn sqlite_lists_and_reads_its_memo() {
    let cli = Cli::new();
    let sqlite = servers::sqlite_stdio();
    let listing = ls(&cli, &["--stdio", &sqlite.cmd]);
    assert_eq!(uris(&listing), ["memo://insights"]);
    assert_eq!(rows(&listing)[0]["name"], "Business Insights Memo");
    assert_eq!(rows(&listing)[0]["mimeType"], "text/plain");
    let memo = read_one(&cli, &["--stdio", &sqlite.cmd], "memo://insights");
    assert_eq!(
        memo["text"],
        "No business insights have been discovered yet."
    );
    assert!(sqlite.dir.path().join("test.db").exists(), "--db-path used");
}
