//! Reads go to the server without rmcp's result cache (which would copy every text), except
//! when a server asks for input first: then rmcp's multi-round helper takes over, and the read
//! still completes.

use crate::support::scripted;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use lode_core::{ErrorCode, ResourceContent};
use scripted::{answer, connect, connect_recording, contents};
use serde_json::json;

#[tokio::test]
async fn a_read_that_needs_input_first_completes_through_the_rounds() {
    let reads = Arc::new(AtomicUsize::new(0));
    let counted = reads.clone();
    let client = connect(
        move |request| {
            counted.fetch_add(1, Ordering::SeqCst);
            // State-only rounds: the server wants its state echoed back, then answers.
            let result = match request["params"]["requestState"].as_str() {
                Some("ready") => contents("x://slow", "done"),
                _ => json!({"resultType": "input_required", "requestState": "ready"}),
            };
            vec![answer(request, result)]
        },
        Duration::from_secs(20),
    )
    .await;
    let read = client
        .read_resource("x://slow")
        .await
        .expect("the read completes");
    assert!(
        matches!(read.as_slice(), [ResourceContent::Text { text, .. }] if text == "done"),
        "{read:?}"
    );
    // Lode's own request, then rmcp's two rounds.
    assert_eq!(reads.load(Ordering::SeqCst), 3);
}

#[tokio::test]
async fn a_read_that_times_out_is_cancelled_on_the_server() {
    let (client, notifications) = connect_recording(
        |request| match request["params"]["uri"].as_str() {
            Some("x://ok") => vec![answer(request, contents("x://ok", "fine"))],
            // Never answered.
            _ => Vec::new(),
        },
        Duration::from_millis(300),
    )
    .await;
    let error = client
        .read_resource("x://hang")
        .await
        .expect_err("no answer");
    assert_eq!(error.code, ErrorCode::Timeout, "{error:?}");
    // The notification goes out on its own task: wait for it briefly.
    let cancelled = async {
        loop {
            let seen = notifications
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .iter()
                .find(|n| n["method"] == "notifications/cancelled")
                .cloned();
            match seen {
                Some(notification) => return notification,
                None => tokio::time::sleep(Duration::from_millis(10)).await,
            }
        }
    };
    let cancelled = tokio::time::timeout(Duration::from_secs(5), cancelled)
        .await
        .expect("the server is told the read was cancelled");
    assert!(cancelled["params"]["requestId"].is_number(), "{cancelled}");
    assert!(
        cancelled["params"]["reason"]
            .as_str()
            .is_some_and(|r| !r.is_empty()),
        "{cancelled}"
    );
    client
        .read_resource("x://ok")
        .await
        .expect("the connection still works");
}
