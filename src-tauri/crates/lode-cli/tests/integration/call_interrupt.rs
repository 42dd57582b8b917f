//! Ctrl-C during `lode call`, `lode prompt` and `lode read`: the request is cancelled on the
//! server (`notifications/cancelled` arrives before `lode` exits, which the demo server records
//! on its stderr) and `lode` ends with status 130.

use std::time::{Duration, Instant};

use crate::support::{demo_server, Cli};

#[cfg(unix)]
#[test]
fn ctrl_c_cancels_a_running_tool_call_on_the_server() {
    let args = [
        "call",
        "slow_count",
        "--args",
        r#"{"steps":1000,"delay_ms":50}"#,
    ];
    ctrl_c_cancels_on_the_server(&args, "slow_count: started");
}

#[cfg(unix)]
#[test]
fn ctrl_c_cancels_a_running_prompt_get_on_the_server() {
    let args = [
        "prompt",
        "slow_prompt",
        "--arg",
        "steps=1000",
        "--arg",
        "delay_ms=50",
    ];
    ctrl_c_cancels_on_the_server(&args, "slow_prompt: started");
}

#[cfg(unix)]
#[test]
fn ctrl_c_cancels_a_running_read_on_the_server() {
    let args = ["read", "demo://slow/1000?delay_ms=50"];
    ctrl_c_cancels_on_the_server(&args, "slow_read: started");
}

/// Runs `lode ARGS` against the demo server, presses Ctrl-C once the server logged `started`,
/// and checks the exit status and that the server was told.
#[cfg(unix)]
fn ctrl_c_cancels_on_the_server(args: &[&str], started_marker: &str) {
    use std::os::unix::fs::PermissionsExt;

    let cli = Cli::new();
    let dir = tempfile::tempdir().expect("temp dir");
    let server_log = dir.path().join("server.log");
    // The demo server with its stderr kept in a file, where it says what it was told.
    let wrapper = dir.path().join("demo.sh");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\nexec \"{}\" stdio 2>>\"{}\"\n",
            demo_server().display(),
            server_log.display()
        ),
    )
    .expect("write wrapper");
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).expect("chmod");

    let stdio = format!("\"{}\"", wrapper.display());
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--stdio", &stdio]);
    let mut child = cli
        .command(&all)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run lode");
    // Until the call is under way: the server logs its start at info.
    let started = Instant::now();
    while !std::fs::read_to_string(&server_log).is_ok_and(|log| log.contains(started_marker)) {
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "the call never started"
        );
        assert!(
            child.try_wait().expect("wait").is_none(),
            "lode ended early"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(300));
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill -INT");
    assert!(sent.success());
    let interrupted = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        assert!(
            interrupted.elapsed() < Duration::from_secs(5),
            "lode did not end on Ctrl-C"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(130), "{status:?}");
    let log = std::fs::read_to_string(&server_log).expect("server log");
    assert!(
        log.contains("notifications/cancelled received"),
        "the server was not told: {log}"
    );
    eprintln!(
        "Ctrl-C cancelled lode {} in {:?}",
        args[0],
        interrupted.elapsed()
    );
}
