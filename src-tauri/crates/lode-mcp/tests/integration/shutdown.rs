//! Ending a local server as MCP's lifecycle says for stdio: close its stdin and wait, then
//! SIGTERM and wait, then SIGKILL — its whole process group. Real processes: a small Python
//! server (`tests/servers/python/shutdown_server.py`) that notes what happened to it.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use lode_core::TransportSpec;
use lode_mcp::{ConnectOptions, McpClient};

/// Lode waits one second after closing stdin and one after SIGTERM; the rest is slack for a
/// busy machine.
const WORST_CASE: Duration = Duration::from_secs(4);

fn server(mode: &str, events: &Path) -> TransportSpec {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../tests/servers/python/shutdown_server.py");
    TransportSpec::Stdio {
        command: "python3".to_owned(),
        args: vec![
            script.display().to_string(),
            mode.to_owned(),
            events.display().to_string(),
        ],
        env: Default::default(),
        cwd: None,
    }
}

async fn connect(mode: &str, events: &Path) -> McpClient {
    let mut options = ConnectOptions::new(format!("shutdown-{mode}"));
    options.request_timeout = Duration::from_secs(20);
    McpClient::connect(&server(mode, events), options)
        .await
        .expect("handshake")
}

/// A fresh file for one server's notes (the tests run in parallel).
fn events_file() -> PathBuf {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("lode-shutdown-{}-{n}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn events(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Running, as opposed to gone or a zombie nobody has reaped yet.
fn alive(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| !rest.starts_with('Z')),
        Err(_) => false,
    }
}

#[tokio::test]
async fn a_server_that_exits_on_end_of_input_finishes_saving_and_gets_no_signal() {
    let log = events_file();
    let client = connect("eof", &log).await;

    let started = Instant::now();
    client.close().await;
    let took = started.elapsed();

    assert_eq!(
        events(&log),
        ["eof", "saved"],
        "it saved, and was never signalled"
    );
    // Its 200 ms of saving, not the second of grace: Lode went on as soon as it exited.
    assert!(took < Duration::from_millis(900), "close took {took:?}");
}

#[tokio::test]
async fn a_server_that_ignores_end_of_input_is_sent_sigterm_and_saves() {
    let log = events_file();
    let client = connect("term", &log).await;

    let started = Instant::now();
    client.close().await;
    let took = started.elapsed();

    assert_eq!(events(&log), ["eof", "term", "saved"]);
    // SIGTERM came after the grace for end of input, and it exited on it at once.
    assert!(
        took >= Duration::from_millis(900),
        "SIGTERM came early: {took:?}"
    );
    assert!(took < WORST_CASE, "close took {took:?}");
}

#[tokio::test]
async fn a_server_that_ignores_sigterm_is_killed_with_its_child_within_the_bound() {
    let log = events_file();
    let client = connect("stubborn", &log).await;
    let child = events(&log)
        .iter()
        .find_map(|line| line.strip_prefix("child ").map(str::to_owned))
        .expect("the server started its child");
    assert!(alive(&child), "child {child} should be running");

    let started = Instant::now();
    client.close().await;
    let took = started.elapsed();

    // Each step was given in turn: stdin closed, then SIGTERM to the whole group.
    let seen = events(&log);
    for step in ["eof", "term", "child term"] {
        assert!(
            seen.iter().any(|line| line == step),
            "no {step:?} in {seen:?}"
        );
    }
    assert!(
        took >= Duration::from_millis(1_800),
        "SIGKILL came early: {took:?}"
    );
    assert!(took < WORST_CASE, "close took {took:?}");
    // SIGKILL went to the group: the child is gone too (reaped by init a moment later).
    let gone = Instant::now();
    while alive(&child) {
        assert!(
            gone.elapsed() < Duration::from_secs(2),
            "child {child} survived the shutdown"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
