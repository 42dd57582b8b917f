//! A followed tool call against the real demo server over stdio: its progress reaches the app
//! under the caller's tag, its log messages arrive, and Cancel ends it at once and tells the
//! server (`notifications/cancelled`), which the server's next answer confirms.

use crate::support::demo as support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use lode_app::Lode;
use lode_core::{
    ConnectionDraft, ConnectionEvent, ConnectionEventKind, ConnectionId, ContentBlock, ErrorCode,
    ServerEvent, ToolResult,
};
use lode_secrets::MemoryStore;
use serde_json::json;
use tokio::sync::broadcast;

pub(crate) async fn demo_lode(dir: &tempfile::TempDir) -> (Arc<Lode>, ConnectionId) {
    let secrets = Arc::new(MemoryStore::default());
    let lode = Arc::new(Lode::open_with_secrets(dir.path(), None, secrets).expect("open Lode"));
    let mut draft = ConnectionDraft::new("Demo", support::demo());
    draft.timeout_secs = 30;
    let id = lode.add_connection(&draft).await.expect("added").id;
    (lode, id)
}

pub(crate) fn text(result: &ToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|block| match block {
            ContentBlock::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

/// The next server event of `id` that `wanted` picks, within 10 s.
pub(crate) async fn next_event(
    events: &mut broadcast::Receiver<ConnectionEvent>,
    id: ConnectionId,
    wanted: impl Fn(&ServerEvent) -> bool,
) -> ServerEvent {
    let waiting = async {
        loop {
            match events.recv().await {
                Ok(ConnectionEvent {
                    connection,
                    kind: ConnectionEventKind::Server(event),
                }) if connection == id && wanted(&event) => return event,
                Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(error) => panic!("the supervisor's events ended: {error}"),
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10), waiting)
        .await
        .expect("the event came")
}

#[tokio::test(flavor = "multi_thread")]
async fn progress_comes_under_the_tag_and_cancel_reaches_the_server() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (lode, demo) = demo_lode(&dir).await;
    let mut events = lode.events();

    // A short call: its progress comes under the window's tag, with the total.
    let call = lode.call_tool_followed(
        demo,
        "slow_count",
        json!({"steps": 4, "delay_ms": 30}),
        "tag-a",
    );
    let (result, progress) = tokio::join!(call, async {
        next_event(
            &mut events,
            demo,
            |e| matches!(e, ServerEvent::Progress { token, .. } if token == "tag-a"),
        )
        .await
    });
    let result = result.expect("the call answered");
    assert!(
        text(&result).contains("counted to 4; cancelled calls seen: 0"),
        "{result:?}"
    );
    let ServerEvent::Progress { total, message, .. } = progress else {
        unreachable!()
    };
    assert_eq!(total, Some(4.0));
    assert!(message.is_some_and(|m| m.contains("of 4")));

    // A long call, cancelled once it is under way: it ends at once, and the server saw it.
    let mut events = lode.events();
    let long = {
        let lode = lode.clone();
        tokio::spawn(async move {
            lode.call_tool_followed(
                demo,
                "slow_count",
                json!({"steps": 1000, "delay_ms": 50}),
                "tag-b",
            )
            .await
        })
    };
    next_event(
        &mut events,
        demo,
        |e| matches!(e, ServerEvent::Progress { token, .. } if token == "tag-b"),
    )
    .await;
    let asked = Instant::now();
    assert!(lode.cancel_request(demo, "tag-b"), "the call was running");
    let ended = tokio::time::timeout(Duration::from_secs(2), long)
        .await
        .expect("the cancelled call ended at once")
        .expect("joined");
    assert_eq!(ended.map_err(|e| e.code), Err(ErrorCode::Cancelled));
    assert!(
        asked.elapsed() < Duration::from_secs(1),
        "{:?}",
        asked.elapsed()
    );
    assert!(
        !lode.cancel_request(demo, "tag-b"),
        "ended calls are forgotten"
    );

    // The notification reached the server: its next answer counts one cancelled call.
    let check = lode
        .call_tool_followed(
            demo,
            "slow_count",
            json!({"steps": 1, "delay_ms": 0}),
            "tag-c",
        )
        .await
        .expect("answered");
    assert!(
        text(&check).contains("cancelled calls seen: 1"),
        "{check:?}"
    );
    lode.shutdown().await;
}
