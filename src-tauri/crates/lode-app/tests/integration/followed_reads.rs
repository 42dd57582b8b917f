//! A followed prompt get and a followed read against the real demo server over stdio, as a
//! tool call is followed (`followed_calls.rs`): progress under the caller's tag, and Cancel
//! ending the request at once and telling the server, which its next answer confirms.

use std::collections::BTreeMap;
use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

use lode_app::Lode;
use lode_core::{ConnectionId, ContentBlock, ErrorCode, LodeResult, ResourceContent, ServerEvent};
use serde_json::json;

use super::followed_calls::{demo_lode, next_event, text};

/// Starts `request` on its own task, waits for its first progress report under `tag`, cancels
/// it, and checks it ended `cancelled` at once.
async fn cancel_once_under_way<T: Send + 'static + std::fmt::Debug>(
    lode: &Arc<Lode>,
    id: ConnectionId,
    tag: &str,
    request: impl Future<Output = LodeResult<T>> + Send + 'static,
) {
    let mut events = lode.events();
    let running = tokio::spawn(request);
    next_event(
        &mut events,
        id,
        |e| matches!(e, ServerEvent::Progress { token, .. } if token == tag),
    )
    .await;
    let asked = Instant::now();
    assert!(lode.cancel_request(id, tag), "{tag} was running");
    let ended = tokio::time::timeout(Duration::from_secs(2), running)
        .await
        .expect("the cancelled request ended at once")
        .expect("joined");
    assert_eq!(ended.map_err(|e| e.code).err(), Some(ErrorCode::Cancelled));
    assert!(
        asked.elapsed() < Duration::from_secs(1),
        "{:?}",
        asked.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn prompt_gets_and_reads_show_progress_and_cancel_on_the_server() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (lode, demo) = demo_lode(&dir).await;

    // A short prompt get: its progress comes under the tag, with the total.
    let mut events = lode.events();
    let quick = BTreeMap::from([
        ("steps".to_owned(), "3".to_owned()),
        ("delay_ms".to_owned(), "20".to_owned()),
    ]);
    let get = lode.get_prompt_followed(demo, "slow_prompt", &quick, "prompt-a");
    let (prompt, progress) = tokio::join!(get, async {
        next_event(
            &mut events,
            demo,
            |e| matches!(e, ServerEvent::Progress { token, .. } if token == "prompt-a"),
        )
        .await
    });
    let prompt = prompt.expect("the prompt answered");
    let ContentBlock::Text { text: said, .. } = &prompt.messages[0].content else {
        panic!("{prompt:?}")
    };
    assert!(said.contains("counted to 3"), "{said}");
    assert!(matches!(
        progress,
        ServerEvent::Progress {
            total: Some(3.0),
            ..
        }
    ));

    // A short read: the same, and its contents.
    let mut events = lode.events();
    let read = lode.read_resource_followed(demo, "demo://slow/3?delay_ms=20", "read-a");
    let (contents, progress) = tokio::join!(read, async {
        next_event(
            &mut events,
            demo,
            |e| matches!(e, ServerEvent::Progress { token, .. } if token == "read-a"),
        )
        .await
    });
    let contents = contents.expect("the read answered");
    let Some(ResourceContent::Text { text: read, .. }) = contents.first() else {
        panic!("{contents:?}")
    };
    assert!(read.contains("counted to 3"), "{read}");
    assert!(matches!(
        progress,
        ServerEvent::Progress {
            total: Some(3.0),
            ..
        }
    ));

    // A long get and a long read, each cancelled once under way.
    let slow = BTreeMap::from([
        ("steps".to_owned(), "1000".to_owned()),
        ("delay_ms".to_owned(), "50".to_owned()),
    ]);
    let get = {
        let lode = lode.clone();
        async move {
            lode.get_prompt_followed(demo, "slow_prompt", &slow, "prompt-b")
                .await
        }
    };
    cancel_once_under_way(&lode, demo, "prompt-b", get).await;
    let read = {
        let lode = lode.clone();
        async move {
            lode.read_resource_followed(demo, "demo://slow/1000?delay_ms=50", "read-b")
                .await
        }
    };
    cancel_once_under_way(&lode, demo, "read-b", read).await;

    // Both notifications reached the server: its next answer counts two cancelled requests.
    let check = lode
        .call_tool(demo, "slow_count", json!({"steps": 1, "delay_ms": 0}))
        .await
        .expect("answered");
    assert!(
        text(&check).contains("cancelled calls seen: 2"),
        "{check:?}"
    );
    lode.shutdown().await;
}
