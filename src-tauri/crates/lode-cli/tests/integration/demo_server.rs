//! `lode ls` and `lode read` against the real embedded demo server, over stdio and HTTP.

use crate::support;

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use serde_json::Value;
use support::{demo_server, demo_stdio, stderr, Cli};

fn rows(value: &Value) -> &Vec<Value> {
    value.as_array().expect("ls --json prints an array")
}

#[test]
fn ls_json_lists_every_demo_resource_with_its_annotations() {
    let cli = Cli::new();
    let listing = cli.json(&["ls", "--stdio", &demo_stdio(), "--json"]);
    let rows = rows(&listing);
    assert_eq!(rows.len(), 60, "the demo server has 60 fixed resources");

    let schemes: BTreeSet<&str> = rows
        .iter()
        .filter_map(|r| r["uri"].as_str()?.split(':').next())
        .collect();
    for scheme in ["file", "table", "beeos", "demo"] {
        assert!(
            schemes.contains(scheme),
            "scheme {scheme} missing: {schemes:?}"
        );
    }

    // Every audience combination, including absent, arrives intact.
    let audiences: BTreeSet<String> = rows
        .iter()
        .map(|r| {
            r["annotations"]
                .get("audience")
                .map_or("absent".into(), Value::to_string)
        })
        .collect();
    for expected in [
        "absent",
        r#"["user"]"#,
        r#"["assistant"]"#,
        r#"["user","assistant"]"#,
    ] {
        assert!(
            audiences.contains(expected),
            "audience {expected} missing: {audiences:?}"
        );
    }
    let priorities: Vec<f64> = rows
        .iter()
        .filter_map(|r| r["annotations"]["priority"].as_f64())
        .collect();
    assert!(priorities.contains(&0.0) && priorities.contains(&1.0));
    assert!(
        priorities.len() < rows.len(),
        "some resources have no priority"
    );
    let dated = rows
        .iter()
        .filter(|r| r["annotations"]["lastModified"].is_string())
        .count();
    assert!(
        dated > 0 && dated < rows.len(),
        "lastModified is set on some and absent on others"
    );

    let readme = rows
        .iter()
        .find(|r| r["uri"] == "file:///project/README.md")
        .expect("README listed");
    assert_eq!(readme["mimeType"], "text/markdown");
    assert!(readme["size"].as_u64().is_some_and(|s| s > 0));
    assert!(readme["icons"][0]["src"].is_string());
    // Absent fields are omitted, not null.
    assert!(rows.iter().all(|r| r
        .as_object()
        .is_some_and(|o| o.values().all(|v| !v.is_null()))));
}

#[test]
fn read_prints_text_and_json_contents() {
    let cli = Cli::new();
    let output = cli.run(&["read", "--stdio", &demo_stdio(), "table://user"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let table: Value = serde_json::from_slice(&output.stdout).expect("table text is JSON");
    assert_eq!(table["table"], "user");
    assert_eq!(
        table["count"].as_u64(),
        table["records"].as_array().map(|r| r.len() as u64)
    );

    let contents = cli.json(&[
        "read",
        "--stdio",
        &demo_stdio(),
        "file:///project/assets/logo.png",
        "--json",
    ]);
    let blob = &contents[0];
    assert_eq!(blob["mimeType"], "image/png");
    assert!(
        blob["blob"]
            .as_str()
            .is_some_and(|b| b.starts_with("iVBORw0KGgo")),
        "base64 of a PNG"
    );
}

#[test]
fn errors_go_to_stderr_with_a_specific_code_and_exit_status() {
    let cli = Cli::new();
    let missing = cli.run(&["read", "--stdio", &demo_stdio(), "file:///project/nope.md"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr(&missing).contains("not-found"),
        "{}",
        stderr(&missing)
    );
    assert!(missing.stdout.is_empty());

    let spawn = cli.run(&["ls", "--stdio", "/nonexistent/lode-server"]);
    assert_eq!(spawn.status.code(), Some(2));
    assert!(
        stderr(&spawn).contains("command not found"),
        "{}",
        stderr(&spawn)
    );

    let unknown = cli.run(&["ls", "NoSuchServer"]);
    assert_eq!(unknown.status.code(), Some(1));
    assert!(
        stderr(&unknown).contains("no saved connection named \"NoSuchServer\""),
        "{}",
        stderr(&unknown)
    );

    let usage = cli.run(&["ls"]);
    assert_eq!(usage.status.code(), Some(1));
}

#[test]
fn the_demo_connection_is_saved_on_first_run_and_usable_by_name() {
    let cli = Cli::new();
    let listing = cli.json(&["ls", "demo", "--json"]);
    assert_eq!(rows(&listing).len(), 60);
    assert!(rows(&listing).iter().all(|r| r["server"] == "Demo"));
}

struct HttpServer(Child);

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn ls_and_read_work_over_streamable_http() {
    let child = Command::new(demo_server())
        .args(["http", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the demo server over HTTP");
    let mut server = HttpServer(child);
    let stdout = server.0.stdout.take().expect("stdout");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("listening line");
    let url = line
        .trim()
        .strip_prefix("listening on ")
        .expect("listening on URL")
        .to_owned();
    assert!(
        url.starts_with("http://127.0.0.1:"),
        "binds loopback only: {url}"
    );

    let cli = Cli::new();
    assert_eq!(rows(&cli.json(&["ls", "--http", &url, "--json"])).len(), 60);
    let contents = cli.json(&["read", "--http", &url, "beeos://agent/config", "--json"]);
    let config: Value =
        serde_json::from_str(contents[0]["text"].as_str().expect("text")).expect("agent JSON");
    assert!(config.is_object());
}
