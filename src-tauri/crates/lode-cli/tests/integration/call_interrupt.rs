//! Ctrl-C during `lode call`: the call is cancelled on the server (`notifications/cancelled`
//! arrives before `lode` exits, which the demo server records on its stderr) and `lode` ends
//! with status 130.

use std::time::{Duration, Instant};

use crate::support::{demo_server, Cli};

#[cfg(unix)]
#[test]
fn ctrl_c_cancels_a_running_tool_call_on_the_server() {
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

    let mut child = cli
        .command(&[
            "call",
            "slow_count",
            "--args",
            r#"{"steps":1000,"delay_ms":50}"#,
            "--stdio",
            &format!("\"{}\"", wrapper.display()),
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run lode");
    // Until the call is under way: the server logs its start at info.
    let started = Instant::now();
    while !std::fs::read_to_string(&server_log).is_ok_and(|log| log.contains("slow_count")) {
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
    eprintln!("Ctrl-C cancelled lode call in {:?}", interrupted.elapsed());
}
