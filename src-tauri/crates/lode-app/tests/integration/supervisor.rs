//! The connection supervisor against real server processes: parallel start-up, a status for
//! every kind of outcome, restart of a crashed server with backoff, and every process ended at
//! exit.

use std::time::Duration;

use crate::support::demo as support;
use crate::support::events;

use events::wait_for_status;
use lode_app::{Backoff, Supervisor, SupervisorOptions};
use lode_core::{
    Connection, ConnectionId, ConnectionStatus, Credentials, ErrorCode, TransportSpec,
};
use support::demo_command;

fn connection(id: i64, name: &str, transport: TransportSpec) -> Connection {
    let mut connection = Connection::unsaved(ConnectionId(id), name, transport);
    connection.settings.timeout_secs = 10;
    connection
}

fn shell(script: &str) -> TransportSpec {
    TransportSpec::Stdio {
        command: "sh".into(),
        args: vec!["-c".into(), script.into()],
        env: Default::default(),
        cwd: None,
    }
}

fn fast_supervisor() -> Supervisor {
    Supervisor::new(SupervisorOptions {
        backoff: Backoff {
            first: Duration::from_millis(100),
            max: Duration::from_millis(400),
            max_attempts: 3,
        },
        ..SupervisorOptions::default()
    })
}

#[tokio::test]
async fn connects_in_parallel_and_reports_each_outcome() {
    let supervisor = fast_supervisor();
    let mut events = supervisor.subscribe();
    let demo = connection(
        1,
        "Demo",
        TransportSpec::stdio_from_command_line(&format!("{} stdio", demo_command())).expect("spec"),
    );
    let missing = connection(
        2,
        "Missing",
        TransportSpec::stdio_from_command_line("/nonexistent/lode-test-server").expect("spec"),
    );
    let refused = connection(3, "Refused", TransportSpec::http("http://127.0.0.1:9/mcp"));
    for c in [demo.clone(), missing, refused] {
        supervisor.start(c, Credentials::default()).await;
    }

    let limit = Duration::from_secs(20);
    wait_for_status(&mut events, ConnectionId(1), limit, |s| {
        *s == ConnectionStatus::Ready
    })
    .await;
    let client = supervisor
        .client(&demo)
        .await
        .expect("a session")
        .expect("demo ready");
    assert_eq!(client.list_resources().await.expect("list").len(), 60);

    let statuses = supervisor.statuses().await;
    let missing_status = statuses
        .iter()
        .find(|(id, _)| *id == ConnectionId(2))
        .map(|(_, s)| s.clone());
    // A missing command cannot fix itself: failed at once, no retries.
    match missing_status {
        Some(ConnectionStatus::Failed { error }) => {
            assert_eq!(error.code, ErrorCode::SpawnFailed);
            assert!(
                error.message.contains("/nonexistent/lode-test-server"),
                "{}",
                error.message
            );
        }
        other => panic!("expected Missing to have failed, got {other:?}"),
    }
    // An unreachable HTTP server may come back: retried with backoff, then failed.
    let failed = wait_for_status(&mut events, ConnectionId(3), limit, |s| {
        matches!(s, ConnectionStatus::Failed { .. })
    })
    .await;
    assert!(matches!(failed, ConnectionStatus::Failed { .. }));
    supervisor.shutdown().await;
}

#[tokio::test]
async fn restarts_a_server_that_crashes() {
    let supervisor = fast_supervisor();
    let mut events = supervisor.subscribe();
    // The server lives for a second and a half, then dies; the supervisor must bring it back.
    let script = format!("timeout 1.5 {} stdio", demo_command());
    let flaky = connection(7, "Flaky", shell(&script));
    supervisor
        .start(flaky.clone(), Credentials::default())
        .await;

    let limit = Duration::from_secs(20);
    wait_for_status(&mut events, flaky.id, limit, |s| {
        *s == ConnectionStatus::Ready
    })
    .await;
    let lost = wait_for_status(&mut events, flaky.id, limit, |s| {
        matches!(s, ConnectionStatus::Reconnecting { .. })
    })
    .await;
    match lost {
        ConnectionStatus::Reconnecting { attempt, error, .. } => {
            assert_eq!(attempt, 1);
            assert_eq!(error.code, ErrorCode::TransportClosed);
        }
        other => panic!("unexpected {other:?}"),
    }
    wait_for_status(&mut events, flaky.id, limit, |s| {
        *s == ConnectionStatus::Ready
    })
    .await;
    let client = supervisor
        .client(&flaky)
        .await
        .expect("a session")
        .expect("ready again");
    assert_eq!(client.list_resources().await.expect("list").len(), 60);
    supervisor.shutdown().await;
}

#[tokio::test]
async fn shutdown_ends_every_server_process() {
    let supervisor = fast_supervisor();
    let dir = tempfile::tempdir().expect("temp dir");
    let pid_file = dir.path().join("pid");
    // The server runs as a grandchild of the shell, as with npx or uvx. A background job gets
    // /dev/null as stdin unless told otherwise, hence the copy of stdin on descriptor 3.
    let script = format!(
        "exec 3<&0; {} stdio <&3 & echo $! > '{}'; wait",
        demo_command(),
        pid_file.display()
    );
    let server = connection(9, "Grandchild", shell(&script));
    supervisor
        .start(server.clone(), Credentials::default())
        .await;
    // The grandchild answers the handshake through the shell's inherited pipes.
    supervisor
        .client(&server)
        .await
        .expect("a session")
        .expect("ready");
    let pid = std::fs::read_to_string(&pid_file).expect("pid file");
    let pid = pid.trim().to_owned();
    assert!(alive(&pid), "server {pid} should be running");

    supervisor.shutdown().await;
    let gone = async {
        while alive(&pid) {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(5), gone)
        .await
        .unwrap_or_else(|_| panic!("server {pid} still running after shutdown"));
}

/// Running, as opposed to gone or a zombie nobody has reaped yet (a container's init may not).
fn alive(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state letter follows the parenthesised command name.
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| !rest.starts_with('Z')),
        Err(_) => false,
    }
}
