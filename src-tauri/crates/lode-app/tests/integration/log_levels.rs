//! The log level chosen for a connection against the real demo server over stdio: kept with
//! the connection, sent with `logging/setLevel` to the running server at once and on the next
//! connect, and the server's `notifications/message` reach the app at that level.

use crate::support::demo as support;

use std::sync::Arc;
use std::time::Duration;

use lode_app::Lode;
use lode_core::{ConnectionDraft, ConnectionEvent, ConnectionEventKind, ConnectionId, ServerEvent};
use lode_secrets::MemoryStore;
use serde_json::json;
use tokio::sync::broadcast;

/// The log messages of `id` (level, text) up to and including the one whose text has `last`.
async fn logs_until(
    events: &mut broadcast::Receiver<ConnectionEvent>,
    id: ConnectionId,
    last: &str,
) -> Vec<(String, String)> {
    let mut seen = Vec::new();
    let waiting = async {
        loop {
            match events.recv().await {
                Ok(ConnectionEvent {
                    connection,
                    kind: ConnectionEventKind::Server(ServerEvent::Log { level, data, .. }),
                }) if connection == id => {
                    let text = data.as_str().unwrap_or_default().to_owned();
                    let done = text.contains(last);
                    seen.push((level, text));
                    if done {
                        return;
                    }
                }
                Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(error) => panic!("the supervisor's events ended: {error}"),
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10), waiting)
        .await
        .unwrap_or_else(|_| panic!("no log {last:?}; saw {seen:?}"));
    seen
}

#[tokio::test(flavor = "multi_thread")]
async fn the_chosen_level_reaches_the_server_now_and_on_the_next_connect() {
    let dir = tempfile::tempdir().expect("temp dir");
    let secrets = Arc::new(MemoryStore::default());
    let lode = Arc::new(Lode::open_with_secrets(dir.path(), None, secrets).expect("open Lode"));
    let mut draft = ConnectionDraft::new("Demo", support::demo());
    draft.timeout_secs = 30;
    let demo = lode.add_connection(&draft).await.expect("added").id;
    let count = json!({"steps": 2, "delay_ms": 0});

    // The server's default (info): the per-step debug lines are held back.
    let mut events = lode.events();
    lode.call_tool(demo, "slow_count", count.clone())
        .await
        .expect("call");
    let logs = logs_until(&mut events, demo, "counted to 2").await;
    assert!(logs.iter().all(|(level, _)| level == "info"), "{logs:?}");

    // Debug, asked of the running server: the step lines come.
    assert!(lode.set_log_level(demo, Some("debug")).await.expect("set"));
    let mut events = lode.events();
    lode.call_tool(demo, "slow_count", count.clone())
        .await
        .expect("call");
    let logs = logs_until(&mut events, demo, "counted to 2").await;
    assert!(
        logs.contains(&("debug".to_owned(), "step 1 of 2".to_owned())),
        "{logs:?}"
    );

    // Kept with the connection, and asked again of a new server process.
    let saved = lode.list_connections().expect("list");
    assert_eq!(saved[0].settings.log_level.as_deref(), Some("debug"));
    lode.shutdown().await;
    let lode = Arc::new(
        Lode::open_with_secrets(dir.path(), None, Arc::new(MemoryStore::default()))
            .expect("reopen"),
    );
    let mut events = lode.events();
    lode.call_tool(demo, "slow_count", count)
        .await
        .expect("call");
    let logs = logs_until(&mut events, demo, "counted to 2").await;
    assert!(logs.iter().any(|(level, _)| level == "debug"), "{logs:?}");

    let refused = lode.set_log_level(demo, Some("verbose")).await;
    assert!(refused.is_err(), "not a level");
    lode.shutdown().await;
}
