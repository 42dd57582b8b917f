//! `lode watch` against the real third-party servers of support/servers.rs: updates over both
//! protocol eras, caused by the server itself, by another client, or through the same session.

use crate::support;

use std::io::Read;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use support::servers;
use support::{assert_failed, stderr, Cli};

/// `lode ARGS` started in the background with its own data folder.
struct Background {
    child: Child,
    _data: tempfile::TempDir,
}

impl Background {
    fn start(args: &[&str]) -> Self {
        let data = tempfile::tempdir().expect("data dir");
        let child = Command::new(env!("CARGO_BIN_EXE_lode"))
            .args(args)
            .env("LODE_DATA_DIR", data.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start lode");
        Self { child, _data: data }
    }

    /// Waits for it to exit, running `meanwhile` every half second; None if still running.
    fn wait(&mut self, limit: Duration, mut meanwhile: impl FnMut()) -> Option<Output> {
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                let mut stdout = Vec::new();
                let mut err = Vec::new();
                self.child
                    .stdout
                    .take()
                    .expect("stdout")
                    .read_to_end(&mut stdout)
                    .ok();
                self.child
                    .stderr
                    .take()
                    .expect("stderr")
                    .read_to_end(&mut err)
                    .ok();
                return Some(Output {
                    status,
                    stdout,
                    stderr: err,
                });
            }
            meanwhile();
            std::thread::sleep(Duration::from_millis(500));
        }
        None
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn update_lines(output: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

#[test]
fn watch_sees_a_periodic_update_over_stdio() {
    let cmd = servers::python_modern_stdio_ticking(0.3);
    let mut watch = Background::start(&[
        "watch",
        "--stdio",
        &cmd,
        "counter://ticks",
        "--count",
        "2",
        "--json",
    ]);
    let output = watch
        .wait(Duration::from_secs(30), || {})
        .expect("watch exits after 2 updates");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        update_lines(&output),
        [
            json!({"kind": "resourceUpdated", "uri": "counter://ticks"}),
            json!({"kind": "resourceUpdated", "uri": "counter://ticks"}),
        ]
    );
}

#[test]
fn watch_sees_an_update_caused_by_another_client_over_http() {
    let server = servers::python_modern_http();
    let mut watch = Background::start(&[
        "watch",
        "--http",
        &server.url,
        "counter://touches",
        "--count",
        "1",
        "--json",
    ]);
    let toucher = Cli::new();
    // The watcher may not be listening yet: touch until it has seen one.
    let output = watch
        .wait(Duration::from_secs(30), || {
            toucher.json(&["call", "--http", &server.url, "touch", "--json"]);
        })
        .unwrap_or_else(|| panic!("no update within 30 s; server log:\n{}", server.log()));
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        update_lines(&output),
        [json!({"kind": "resourceUpdated", "uri": "counter://touches"})]
    );
}

/// Watches `uri` until one update, calling `tool` on the same connection once subscribed:
/// these servers only send updates for changes made through the watching session.
fn watch_one_update_caused_by(cmd: &str, uri: &str, tool: &str, arguments: &str) -> Output {
    let mut watch = Background::start(&[
        "watch", "--stdio", cmd, uri, "--count", "1", "--json", "--call", tool, "--args", arguments,
    ]);
    watch
        .wait(Duration::from_secs(30), || {})
        .unwrap_or_else(|| panic!("no update of {uri} within 30 s after calling {tool}"))
}

#[test]
fn watch_sees_updates_caused_through_the_same_session() {
    let memory = servers::memory_stdio();
    let sqlite = servers::sqlite_stdio();
    let cases = [
        // server-everything 2026: subscribed resources update once the session toggles updates.
        (
            servers::everything_stdio(),
            "demo://resource/static/document/features.md",
            "toggle-subscriber-updates",
            "{}",
        ),
        // server-memory: the graph resource updates after a mutating tool call.
        (
            memory.cmd.clone(),
            "memory://knowledge-graph",
            "create_entities",
            r#"{"entities":[{"name":"lode","entityType":"app","observations":["watched"]}]}"#,
        ),
        // mcp-server-sqlite offers no subscriptions (-32601) yet sends `updated` after an
        // insight is added: watch warns and keeps listening.
        (
            sqlite.cmd.clone(),
            "memo://insights",
            "append_insight",
            r#"{"insight":"watched by lode"}"#,
        ),
    ];
    for (cmd, uri, tool, arguments) in cases {
        let output = watch_one_update_caused_by(&cmd, uri, tool, arguments);
        assert!(output.status.success(), "{uri}: {}", stderr(&output));
        assert_eq!(
            update_lines(&output),
            [json!({"kind": "resourceUpdated", "uri": uri})],
            "{uri}"
        );
    }
}

#[test]
fn watch_keeps_watching_when_a_subscribe_fails_on_the_servers_side() {
    // server-everything 2025 registers the subscription, then asks Lode for sampling before
    // answering; Lode declines (-1), so the subscribe fails, yet updates follow every 10 s.
    let mut watch = Background::start(&[
        "watch",
        "--stdio",
        &servers::everything_2025_stdio(),
        "test://static/resource/1",
        "--count",
        "1",
        "--json",
    ]);
    let output = watch
        .wait(Duration::from_secs(40), || {})
        .expect("an update within 40 s");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("declined the sampling request"),
        "{}",
        stderr(&output)
    );
    assert_eq!(
        update_lines(&output),
        [json!({"kind": "resourceUpdated", "uri": "test://static/resource/1"})]
    );
}

#[test]
fn watch_fails_where_subscribing_is_refused_and_nothing_will_change() {
    let cli = Cli::new();
    // -32601 from hello-world, which offers no subscriptions, and nothing to trigger an update.
    let output = cli.run(&[
        "watch",
        "--stdio",
        &servers::hello_world_stdio(),
        "hello://world",
        "--count",
        "1",
        "--json",
    ]);
    assert_failed(&output, 2, "hello://world");
    assert!(
        stderr(&output).contains("method-not-found"),
        "{}",
        stderr(&output)
    );
}
