//! The protocol history over the real stdio transport keeps each message as it went over the
//! wire — the server's own bytes, spacing and key order included, never serialized again —
//! with its whole size; a page decoded while it streams in keeps its first 64 KiB; secrets are
//! scrubbed all the same.

use crate::support::pages;
use crate::support::scripted;

use std::time::Duration;

use lode_core::{Credentials, WireDirection, WireKind, WireMessage};
use lode_mcp::{ConnectOptions, ProtocolHistory, MESSAGE_CAP};
use pages::big_page;
use scripted::{connect_with, Act};
use serde_json::Value;

const SECRET: &str = "history-secret-0c9f";
/// About 6 MB on the wire: decoded while it arrives.
const COUNT: usize = 30_000;

/// Answers in the server's own style: spaces after colons, `id` last.
fn spaced(request: &Value) -> Vec<Act> {
    let id = &request["id"];
    match request["method"].as_str() {
        Some("resources/list") => {
            let page = big_page(COUNT).to_string();
            vec![Act::Line(format!(
                r#"{{"result":{page}, "jsonrpc": "2.0", "id": {id}}}"#
            ))]
        }
        _ => vec![
            Act::Line(
                r#"{"jsonrpc": "2.0", "method" : "notifications/message", "params": {"level": "info", "data": "reading"}}"#
                    .to_owned(),
            ),
            Act::Line(format!(
                r#"{{"result": {{"contents": [{{"uri": "x://a", "text": "key {SECRET}"}}]}}, "jsonrpc": "2.0", "id": {id}}}"#
            )),
        ],
    }
}

fn last_in(history: &ProtocolHistory, kind: WireKind) -> WireMessage {
    let summary = history
        .summaries(None)
        .into_iter()
        .rev()
        .find(|m| m.direction == WireDirection::In && m.kind == kind)
        .expect("a message of that kind");
    history.message(summary.seq).expect("still kept")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn messages_are_kept_as_the_server_wrote_them_with_their_whole_size() {
    let history = ProtocolHistory::new();
    let mut options = ConnectOptions::new("spaced");
    options.request_timeout = Duration::from_secs(30);
    options.history = Some(history.clone());
    options.credentials = Credentials {
        bearer_token: Some(SECRET.to_owned()),
        ..Credentials::default()
    };
    let client = connect_with(spaced, options).await;

    client.read_resource("x://a").await.expect("read");
    let answer = last_in(&history, WireKind::Response);
    let expected = format!(
        r#"{{"result": {{"contents": [{{"uri": "x://a", "text": "key {SECRET}"}}]}}, "jsonrpc": "2.0", "id": {}}}"#,
        answer.id.as_deref().expect("an id")
    );
    assert_eq!(answer.size, expected.len() as u64, "the size on the wire");
    assert_eq!(
        answer.json.as_deref(),
        Some(expected.replace(SECRET, "[secret]").as_str()),
        "the server's bytes, its secret scrubbed"
    );
    assert_eq!(answer.method.as_deref(), Some("resources/read"));
    let notice = last_in(&history, WireKind::Notification);
    assert_eq!(notice.method.as_deref(), Some("notifications/message"));
    assert!(notice
        .json
        .as_deref()
        .is_some_and(|j| j.contains(r#""method" : "#)));

    let listing = client.list_resources().await.expect("list");
    assert_eq!(listing.len(), COUNT + 2);
    let page = last_in(&history, WireKind::Response);
    let wire = format!(
        r#"{{"result":{}, "jsonrpc": "2.0", "id": {}}}"#,
        big_page(COUNT),
        page.id.as_deref().expect("an id")
    );
    assert_eq!(page.size, wire.len() as u64, "the whole page counted");
    assert!(page.truncated);
    let json = page.json.as_deref().expect("its start");
    assert!(
        json.starts_with(&wire[..1000]),
        "the page's own first bytes"
    );
    assert!(
        json.len() <= MESSAGE_CAP + 100,
        "cut at 64 KiB: {}",
        json.len()
    );
    assert_eq!(page.method.as_deref(), Some("resources/list"));
    assert!(history.summaries(None).iter().all(|m| m.json.is_none()));
    client.close().await;
}
