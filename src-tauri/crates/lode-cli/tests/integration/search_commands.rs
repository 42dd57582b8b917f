//! `lode search` and `lode ls --tree` with the real binary against the real demo server: two
//! saved connections searched at once (the seeded Demo, and the demo again with 500 synthetic
//! resources over 12 pages), ranking, filters, the JSON shapes, a broken server reported while
//! the others answer, the URI tree, and a hostile server whose strings must reach the terminal
//! harmless.

use crate::support;

use std::io::{Read, Write};
use std::net::TcpListener;
use std::process::Output;
use std::time::{Duration, Instant};

use serde_json::Value;
use support::{assert_failed, demo_stdio, stderr, Cli};

/// 60 fixed demo resources, and `--n 500` synthetic ones beside them.
const DEMO_RESOURCES: u64 = 60;
const SYNTHETIC: u64 = 500;

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A data folder with Demo (seeded on first run) and Synthetic, both enabled.
fn two_demos() -> Cli {
    let cli = Cli::new();
    let synthetic = format!("{} --n {SYNTHETIC} --page 50", demo_stdio());
    let added = cli.run(&["connections", "add", "Synthetic", "--stdio", &synthetic]);
    assert!(added.status.success(), "{}", stderr(&added));
    cli
}

fn rows(result: &Value) -> &Vec<Value> {
    result["rows"].as_array().expect("rows")
}

fn servers_of(result: &Value) -> Vec<&str> {
    rows(result)
        .iter()
        .filter_map(|row| row["item"]["server"].as_str())
        .collect()
}

#[test]
fn searches_every_enabled_connection_at_once() {
    let cli = two_demos();
    let result = cli.json(&["search", "README", "--json", "--limit", "500"]);
    assert_eq!(result["indexed"], DEMO_RESOURCES * 2 + SYNTHETIC);
    let servers = servers_of(&result);
    assert!(
        servers.contains(&"Demo") && servers.contains(&"Synthetic"),
        "{servers:?}"
    );
    let readmes = rows(&result)
        .iter()
        .filter(|row| row["item"]["uri"] == "file:///project/README.md")
        .count();
    assert_eq!(readmes, 2, "one README from each server");

    // Synthetic resources come from every page of the second server only.
    let revenue = cli.json(&["search", "'revenue", "--json", "--limit", "500"]);
    let synthetic: Vec<&Value> = rows(&revenue)
        .iter()
        .filter(|row| {
            row["item"]["uri"]
                .as_str()
                .is_some_and(|uri| uri.starts_with("demo://synthetic/"))
        })
        .collect();
    // Topics cycle through 12 words: indices 0, 12, …, 492.
    assert_eq!(synthetic.len(), 42, "{revenue}");
    assert!(synthetic
        .iter()
        .all(|row| row["item"]["server"] == "Synthetic"));

    // Named servers narrow the search; names are case-insensitive.
    let demo_only = cli.json(&["search", "README", "demo", "--json"]);
    assert_eq!(demo_only["indexed"], DEMO_RESOURCES);
    assert!(servers_of(&demo_only).iter().all(|s| *s == "Demo"));
}

#[test]
fn sort_priority_puts_the_highest_priority_first() {
    let cli = Cli::new();
    let result = cli.json(&[
        "search", "", "Demo", "--sort", "priority", "--limit", "100", "--json",
    ]);
    let priorities: Vec<Option<f64>> = rows(&result)
        .iter()
        .map(|row| row["item"]["annotations"]["priority"].as_f64())
        .collect();
    assert_eq!(priorities.len() as u64, DEMO_RESOURCES);
    assert_eq!(priorities[0], Some(1.0));
    let known: Vec<f64> = priorities.iter().map_while(|p| *p).collect();
    assert!(known.windows(2).all(|w| w[0] >= w[1]), "{known:?}");
    // Resources without a priority come after every one with one.
    assert!(priorities[known.len()..].iter().all(Option::is_none));
    assert!(known.len() < priorities.len());

    let by_name = cli.json(&["search", "", "Demo", "--sort", "name", "--json"]);
    let names: Vec<String> = rows(&by_name)
        .iter()
        .map(|row| {
            let item = &row["item"];
            item["title"]
                .as_str()
                .or(item["name"].as_str())
                .unwrap_or_default()
                .to_lowercase()
        })
        .collect();
    assert!(names.windows(2).all(|w| w[0] <= w[1]), "{names:?}");
}

#[test]
fn json_prints_the_query_result_with_match_positions() {
    let cli = Cli::new();
    let result = cli.json(&["search", "atlas", "--json", "--limit", "1"]);
    assert!(result["total"].as_u64().is_some_and(|total| total >= 1));
    assert_eq!(result["indexed"], DEMO_RESOURCES);
    assert_eq!(result["offset"], 0);
    let rows = rows(&result);
    assert_eq!(rows.len(), 1, "--limit 1");
    let best = &rows[0];
    assert_eq!(best["item"]["uri"], "file:///project/README.md");
    assert_eq!(best["item"]["title"], "Atlas README");
    assert!(best["score"].as_u64().is_some_and(|score| score > 0));
    assert_eq!(best["nameMatches"], serde_json::json!([0, 1, 2, 3, 4]));
    assert!(best["uriMatches"].is_array());

    // Without search text there is no score, and no match anywhere.
    let all = cli.json(&["search", "", "--json", "--limit", "1"]);
    assert!(all["rows"][0].get("score").is_none());
    assert_eq!(all["rows"][0]["nameMatches"], serde_json::json!([]));
}

#[test]
fn filters_by_audience_mime_type_and_scheme() {
    let cli = Cli::new();
    let audience = |row: &Value| {
        let roles = row["item"]["annotations"]["audience"].as_array().cloned();
        roles.unwrap_or_default()
    };
    let for_assistant = cli.json(&[
        "search",
        "",
        "--audience",
        "assistant",
        "--json",
        "--limit",
        "100",
    ]);
    assert!(!rows(&for_assistant).is_empty());
    assert!(rows(&for_assistant)
        .iter()
        .all(|row| audience(row).contains(&Value::from("assistant"))));
    let both = cli.json(&[
        "search",
        "",
        "--audience",
        "both",
        "--json",
        "--limit",
        "100",
    ]);
    assert!(!rows(&both).is_empty());
    assert!(rows(&both).iter().all(|row| audience(row).len() == 2));
    assert!(rows(&both).len() < rows(&for_assistant).len());
    let unspecified = cli.json(&[
        "search",
        "",
        "--audience",
        "unspecified",
        "--json",
        "--limit",
        "100",
    ]);
    assert!(!rows(&unspecified).is_empty());
    assert!(rows(&unspecified)
        .iter()
        .all(|row| audience(row).is_empty()));

    let markdown = cli.json(&["search", "", "--mime", "TEXT/markdown", "--json"]);
    assert!(!rows(&markdown).is_empty());
    assert!(rows(&markdown)
        .iter()
        .all(|row| row["item"]["mimeType"] == "text/markdown"));
    let tables = cli.json(&["search", "", "--scheme", "table", "--json"]);
    assert_eq!(tables["total"], 2, "table://user and table://item");

    let bad = cli.run(&["search", "x", "--audience", "everyone"]);
    assert_eq!(
        bad.status.code(),
        Some(1),
        "an unknown audience is a usage error"
    );
    assert!(stderr(&bad).contains("unspecified"), "{}", stderr(&bad));
}

#[test]
fn text_rows_are_aligned_and_plain_without_a_terminal() {
    let cli = Cli::new();
    let output = cli.run(&["search", "guide", "Demo", "--sort", "name"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        !text.contains('\x1b'),
        "no emphasis when stdout is not a terminal: {text:?}"
    );
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() >= 2, "{text}");
    let getting_started = lines
        .iter()
        .find(|line| line.starts_with("Getting started "))
        .expect("a row for Getting started");
    for column in [
        "Demo",
        "file:///project/docs/guides/getting-started.md",
        "0.90",
        "user",
    ] {
        assert!(
            getting_started.contains(column),
            "{column} missing: {getting_started}"
        );
    }
    // Every row's server column starts at the same place on screen.
    let starts: Vec<Option<usize>> = lines
        .iter()
        .map(|line| line.find("  Demo  ").map(|at| columns(&line[..at])))
        .collect();
    assert!(starts.windows(2).all(|w| w[0] == w[1]), "{text}");
    assert!(
        stderr(&output).contains(&format!(
            "{} of {} matching resources",
            lines.len(),
            lines.len()
        )),
        "{}",
        stderr(&output)
    );
}

/// The terminal columns of `text`: the demo's wide characters (CJK) take two.
fn columns(text: &str) -> usize {
    text.chars()
        .map(|c| {
            if ('\u{2e80}'..='\u{9fff}').contains(&c) {
                2
            } else {
                1
            }
        })
        .sum()
}

#[test]
fn a_failing_server_is_reported_and_the_others_still_answer() {
    let cli = Cli::new();
    let added = cli.run(&[
        "connections",
        "add",
        "Broken",
        "--stdio",
        "/nonexistent/lode-test-mcp-server",
    ]);
    assert!(added.status.success(), "{}", stderr(&added));
    // A server that starts but never answers, bounded by --timeout while Demo answers at once.
    let added = cli.run(&["connections", "add", "Silent", "--stdio", "sleep 30"]);
    assert!(added.status.success(), "{}", stderr(&added));

    let started = Instant::now();
    let output = cli.run(&["search", "atlas", "--json", "--timeout", "3"]);
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "servers are asked in parallel, each under its own timeout"
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let errors = stderr(&output);
    assert!(errors.contains("lode: Broken: spawn-failed: "), "{errors}");
    assert!(errors.contains("lode: Silent: timeout: "), "{errors}");
    let result: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(result["indexed"], DEMO_RESOURCES);
    assert_eq!(result["rows"][0]["item"]["server"], "Demo");

    // When no server answers, the status is the failures' (2 for a server that cannot start).
    let none = cli.run(&["search", "atlas", "Broken"]);
    assert_failed(&none, 2, "every server failed");
    assert!(
        stderr(&none).contains("lode: no server answered"),
        "{}",
        stderr(&none)
    );
    let timed_out = cli.run(&["search", "atlas", "Silent", "--timeout", "1"]);
    assert_failed(&timed_out, 4, "every server timed out");
}

#[test]
fn servers_come_from_names_flags_or_the_enabled_connections() {
    let cli = Cli::new();
    let inline = cli.json(&["search", "atlas", "--stdio", &demo_stdio(), "--json"]);
    assert_eq!(inline["indexed"], DEMO_RESOURCES);
    assert_eq!(inline["rows"][0]["item"]["server"], demo_stdio());

    let both = cli.run(&["search", "atlas", "Demo", "--stdio", &demo_stdio()]);
    assert_failed(&both, 1, "a server name beside an inline server");
    let unknown = cli.run(&["search", "atlas", "Nope"]);
    assert_failed(&unknown, 1, "an unknown saved connection");
    assert!(
        stderr(&unknown).contains("unknown-connection"),
        "{}",
        stderr(&unknown)
    );

    let disabled = cli.run(&["connections", "edit", "Demo", "--disable"]);
    assert!(disabled.status.success(), "{}", stderr(&disabled));
    let nothing = cli.run(&["search", "atlas"]);
    assert_failed(&nothing, 1, "no enabled connection to search");
    // A disabled connection is still searched when named.
    let named = cli.json(&["search", "atlas", "Demo", "--json"]);
    assert_eq!(named["indexed"], DEMO_RESOURCES);
}

#[test]
fn ls_tree_prints_folders_with_counts_and_the_templates() {
    let cli = Cli::new();
    let listing = cli.json(&["ls", "Demo", "--json"]);
    let file_count = listing
        .as_array()
        .expect("array")
        .iter()
        .filter(|r| r["uri"].as_str().is_some_and(|u| u.starts_with("file:")))
        .count();

    let output = cli.run(&["ls", "Demo", "--tree"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("Demo ({DEMO_RESOURCES})"));
    for expected in [
        format!("├─ file ({file_count})"),
        "│  └─ project (".to_owned(),
        "│     ├─ docs (15)".to_owned(),
        "│     │  │  ├─ advanced (2)".to_owned(),
        "├─ table (2)".to_owned(),
        "│  ├─ Items  table://item".to_owned(),
        "└─ templates (4)".to_owned(),
        "   ├─ Table row  table://{name}/{id}".to_owned(),
        "   └─ Slow read  demo://slow/{steps}".to_owned(),
    ] {
        assert!(
            lines.iter().any(|line| line.starts_with(&expected)),
            "{expected:?} in\n{text}"
        );
    }
    assert!(
        text.contains("Atlas README  file:///project/README.md\n"),
        "{text}"
    );
    // Every resource once, plus folders and templates.
    let resources = lines.iter().filter(|line| line.contains("://")).count();
    assert_eq!(resources as u64, DEMO_RESOURCES + 4, "{text}");

    let rows = cli.json(&["ls", "--stdio", &demo_stdio(), "--tree", "--json"]);
    let rows = rows.as_array().expect("--tree --json prints the tree rows");
    let root = &rows[0];
    assert_eq!(root["depth"], 0);
    assert_eq!(root["node"]["type"], "folder");
    assert_eq!(root["node"]["kind"], "server");
    assert_eq!(root["node"]["count"], DEMO_RESOURCES);
    assert_eq!(root["node"]["expanded"], true);
    let scheme = rows
        .iter()
        .find(|row| row["node"]["kind"] == "scheme" && row["node"]["label"] == "file")
        .expect("a file scheme folder");
    assert_eq!(scheme["node"]["count"], file_count);
    let kinds = |kind: &str| {
        rows.iter()
            .filter(|row| row["node"]["type"] == kind)
            .count()
    };
    assert_eq!(kinds("resource") as u64, DEMO_RESOURCES);
    assert_eq!(kinds("template"), 4);
}

/// A REST server (one HTTP GET per listing) whose resources carry escape sequences, a bell,
/// a right-to-left override, a line break and a name of 100,000 characters.
struct HostileServer {
    url: String,
}

impl HostileServer {
    fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let url = format!("http://{}", listener.local_addr().expect("address"));
        let body = serde_json::json!({
            "resources": [
                {
                    "uri": "file:///x/evil\u{202e}txt.exe",
                    "name": "\u{1b}[2J\u{1b}]0;pwned\u{7}Evil\u{1b}[31m name\nsecond line",
                    "annotations": { "priority": 1.0 }
                },
                {
                    "uri": format!("file:///x/{}", "long".repeat(2_000)),
                    "name": "N".repeat(100_000),
                    "annotations": { "priority": 0.5 }
                }
            ]
        })
        .to_string();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                let mut request = [0u8; 8192];
                let _ = stream.read(&mut request);
                let _ = write!(
                    stream,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
                     Connection: close\r\n\r\n{body}",
                    body.len()
                );
            }
        });
        Self { url }
    }
}

fn assert_harmless(text: &str) {
    for forbidden in ['\u{1b}', '\u{7}', '\u{202e}', '\u{9b}'] {
        assert!(
            !text.contains(forbidden),
            "{forbidden:?} reached the terminal: {text:?}"
        );
    }
    assert!(
        text.lines().all(|line| line.chars().count() < 400),
        "an uncut line: {text}"
    );
}

#[test]
fn hostile_strings_reach_the_terminal_harmless_and_cut() {
    let cli = Cli::new();
    let server = HostileServer::start();
    let output = cli.run(&["search", "", "--rest", &server.url]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert_harmless(&text);
    assert_harmless(&stderr(&output));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        2,
        "a line break in a name does not split its row: {text}"
    );
    // Escape sequences, the line break and the override show as markers (lode_core::reveal).
    assert!(
        lines[0].starts_with("⟨U+001B⟩[2J⟨U+001B⟩]0;pwned⟨U+0007⟩Evil"),
        "{text}"
    );
    assert!(lines[0].contains("file:///x/evil⟨U+202E⟩txt.exe"), "{text}");
    assert_eq!(lines[1].matches('…').count(), 2, "name and URI cut: {text}");
    assert!(
        lines[1].contains("NNN…") && lines[1].contains("file:///x/longlong"),
        "{text}"
    );

    let tree = cli.run(&["ls", "--rest", &server.url, "--tree"]);
    assert!(tree.status.success(), "{}", stderr(&tree));
    assert_harmless(&stdout(&tree));

    // --json keeps the strings as they arrived (JSON escapes them): the 100,000-byte name was
    // cut on arrival to the listing's 2 KiB bound, with its mark.
    let json = cli.json(&["search", "", "--rest", &server.url, "--json"]);
    let name = json["rows"][1]["item"]["name"].as_str().unwrap_or_default();
    assert_eq!(name.len(), 2 * 1024 + '…'.len_utf8(), "{name}");
    assert!(name.starts_with("NNN") && name.ends_with('…'), "{name}");
}
