//! A listing page of several megabytes over stdio is decoded while it arrives: whatever the
//! key order of the message, its items come out complete and in order, malformed items are
//! repaired one by one, and malformed JSON deep inside it fails only that request.

use crate::support::pages;
use crate::support::scripted;

use std::time::Duration;

use lode_core::ErrorCode;
use pages::{assert_big_listing, big_page};
use scripted::{answer, connect, contents, Act};
use serde_json::{json, Value};

const TIMEOUT: Duration = Duration::from_secs(30);
/// About 6 MB on the wire.
const COUNT: usize = 30_000;

/// The first page is big, with the TypeScript SDK's key order (`result` first, `id` last);
/// the cursor leads to a small second page.
fn two_pages(request: &Value) -> Vec<Act> {
    match request["method"].as_str() {
        Some("resources/list") if request["params"]["cursor"] == "2" => vec![answer(
            request,
            json!({"resources": [{"uri": "big://page2", "name": "second page"}]}),
        )],
        Some("resources/list") => {
            let mut page = big_page(COUNT);
            page["nextCursor"] = json!("2");
            let result = page.to_string();
            let line = format!(
                r#"{{"result":{result},"jsonrpc":"2.0","id":{}}}"#,
                request["id"]
            );
            vec![Act::Line(line)]
        }
        _ => vec![answer(request, contents("x://ok", "fine"))],
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_of_megabytes_is_complete_in_order_and_repaired_item_by_item() {
    let client = connect(two_pages, TIMEOUT).await;
    let mut listing = client.list_resources_with(|_| {}).await.expect("list");
    assert_eq!(listing.pages, 2);
    let second = listing.resources.pop().expect("the second page");
    assert_eq!(second.uri, "big://page2");
    assert_big_listing(&listing, COUNT);
}

/// A big page whose JSON breaks after its first megabytes.
fn broken_page(request: &Value) -> Vec<Act> {
    match request["method"].as_str() {
        Some("resources/list") => {
            // Between two items three quarters in, long after streaming has begun.
            let page = big_page(COUNT).to_string();
            let from = page.len() * 3 / 4;
            let cut = page[from..].find("},{").map_or(from, |at| from + at + 2);
            let line = format!(
                r#"{{"jsonrpc":"2.0","id":{},"result":{}oops {}}}"#,
                request["id"],
                &page[..cut],
                &page[cut..]
            );
            vec![Act::Line(line)]
        }
        _ => vec![answer(request, contents("x://ok", "fine"))],
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_json_deep_in_a_big_page_fails_that_request_only() {
    let client = connect(broken_page, TIMEOUT).await;
    let error = client
        .list_resources_with(|_| {})
        .await
        .expect_err("the page is not JSON");
    assert_eq!(error.code, ErrorCode::Protocol, "{error:?}");
    // Said by the streaming decoder, which had taken most of the page already.
    assert!(
        error
            .message
            .contains("malformed JSON in the resources array after item"),
        "{error:?}"
    );
    let read = client
        .read_resource("x://ok")
        .await
        .expect("the connection still works");
    assert_eq!(read.len(), 1);
}
