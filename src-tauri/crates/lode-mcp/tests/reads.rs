//! Reads go to the server without rmcp's result cache (which would copy every text), except
//! when a server asks for input first: then rmcp's multi-round helper takes over, and the read
//! still completes.

#[path = "support/scripted.rs"]
mod scripted;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use lode_core::ResourceContent;
use scripted::{answer, connect, contents};
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
