//! Reads go to the server without rmcp's result cache (which would copy every text), except
//! when a server asks for input first: then rmcp's multi-round helper takes over, and the read
//! still completes. The plain read and the followed one (a progress tag, a Cancel) are one
//! path (`client/operations/resources.rs`, `read_over`): each behaviour is checked on both.

use crate::support::scripted;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use lode_core::{ErrorCode, LodeResult, ResourceContent};
use lode_mcp::McpClient;
use scripted::{answer, connect, connect_recording, contents, Notifications};
use serde_json::{json, Value};

/// The tag a followed read goes under in these tests.
const TAG: &str = "read-1";

/// The two ways to read: plain, and followed under [`TAG`].
#[derive(Debug, Clone, Copy)]
enum Way {
    Plain,
    Followed,
}

impl Way {
    async fn read(self, client: &McpClient, uri: &str) -> LodeResult<Vec<ResourceContent>> {
        match self {
            Way::Plain => client.read_resource(uri).await,
            Way::Followed => client.read_resource_followed(uri, TAG).await,
        }
    }
}

#[tokio::test]
async fn a_read_that_needs_input_first_completes_through_the_rounds() {
    for way in [Way::Plain, Way::Followed] {
        needs_input_first(way).await;
    }
}

async fn needs_input_first(way: Way) {
    let reads = Arc::new(Mutex::new(Vec::<Value>::new()));
    let seen = reads.clone();
    let client = connect(
        move |request| {
            seen.lock()
                .unwrap_or_else(|p| p.into_inner())
                .push(request.clone());
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
    let read = way
        .read(&client, "x://slow")
        .await
        .expect("the read completes");
    assert!(
        matches!(read.as_slice(), [ResourceContent::Text { text, .. }] if text == "done"),
        "{way:?}: {read:?}"
    );
    // Lode's own request, then rmcp's two rounds.
    let reads = reads.lock().unwrap_or_else(|p| p.into_inner());
    assert_eq!(reads.len(), 3, "{way:?}");
    // Lode's own request carries a progress token either way (rmcp gives every request one).
    assert!(
        reads[0]["params"]["_meta"]["progressToken"].is_number(),
        "{way:?}: {}",
        reads[0]
    );
}

/// The first `notifications/cancelled` the server receives, waited for briefly (it goes out on
/// its own task).
async fn cancelled(notifications: &Notifications) -> Value {
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
    tokio::time::timeout(Duration::from_secs(5), cancelled)
        .await
        .expect("the server is told the read was cancelled")
}

/// A server that answers `x://ok` and never answers anything else.
fn hangs_but_ok(request: &Value) -> Vec<scripted::Act> {
    match request["params"]["uri"].as_str() {
        Some("x://ok") => vec![answer(request, contents("x://ok", "fine"))],
        _ => Vec::new(),
    }
}

#[tokio::test]
async fn a_read_dropped_by_its_caller_is_cancelled_on_the_server() {
    for way in [Way::Plain, Way::Followed] {
        let (client, notifications) =
            connect_recording(hangs_but_ok, Duration::from_secs(30)).await;
        // The caller stops waiting long before the connection's own limit (a Cancel, a newer
        // preview read): dropping the read is all it does.
        let dropped =
            tokio::time::timeout(Duration::from_millis(200), way.read(&client, "x://hang")).await;
        assert!(dropped.is_err(), "{way:?}: the read had no answer");
        let cancelled = cancelled(&notifications).await;
        assert!(
            cancelled["params"]["requestId"].is_number(),
            "{way:?}: {cancelled}"
        );
        way.read(&client, "x://ok")
            .await
            .expect("the connection still works");
    }
}

#[tokio::test]
async fn a_read_that_times_out_is_cancelled_on_the_server() {
    // A plain read is dropped only by its time limit; a followed one was the person's to stop.
    let reasons = [
        (Way::Plain, "Lode stopped waiting (timeout)"),
        (Way::Followed, "the person cancelled the request in Lode"),
    ];
    for (way, reason) in reasons {
        let (client, notifications) =
            connect_recording(hangs_but_ok, Duration::from_millis(300)).await;
        let error = way.read(&client, "x://hang").await.expect_err("no answer");
        assert_eq!(error.code, ErrorCode::Timeout, "{way:?}: {error:?}");
        let cancelled = cancelled(&notifications).await;
        assert!(
            cancelled["params"]["requestId"].is_number(),
            "{way:?}: {cancelled}"
        );
        assert_eq!(
            cancelled["params"]["reason"], reason,
            "{way:?}: {cancelled}"
        );
        way.read(&client, "x://ok")
            .await
            .expect("the connection still works");
    }
}
