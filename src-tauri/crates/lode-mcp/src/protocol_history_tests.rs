use std::io::Write;
use std::sync::{Arc, Mutex};

use lode_core::{ApiKey, Credentials, WireDirection, WireKind, SCRUBBED};
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
use serde_json::json;

use super::*;

fn out(value: serde_json::Value) -> ClientJsonRpcMessage {
    serde_json::from_value(value).expect("a client message")
}

fn back(value: serde_json::Value) -> ServerJsonRpcMessage {
    serde_json::from_value(value).expect("a server message")
}

fn list_request(id: u64) -> ClientJsonRpcMessage {
    out(json!({"jsonrpc": "2.0", "id": id, "method": "resources/list", "params": {}}))
}

fn list_answer(id: u64, name: &str) -> ServerJsonRpcMessage {
    back(json!({"jsonrpc": "2.0", "id": id,
                "result": {"resources": [{"uri": "x://a", "name": name}]}}))
}

#[test]
fn a_response_names_its_request_and_how_long_it_took() {
    let history = ProtocolHistory::new();
    let none = SecretScrubber::default();
    history.record(WireDirection::Out, &list_request(7), &none);
    std::thread::sleep(std::time::Duration::from_millis(5));
    history.record(WireDirection::In, &list_answer(7, "a"), &none);
    let kept = history.summaries(None);
    assert_eq!(kept.len(), 2);
    assert_eq!(kept[0].kind, WireKind::Request);
    assert_eq!(kept[0].method.as_deref(), Some("resources/list"));
    assert_eq!(kept[0].id.as_deref(), Some("7"));
    assert_eq!(kept[1].kind, WireKind::Response);
    assert_eq!(kept[1].direction, WireDirection::In);
    assert_eq!(kept[1].method.as_deref(), Some("resources/list"));
    assert!(kept[1].duration_ms.is_some_and(|ms| ms >= 5), "{kept:?}");
    assert!(
        kept.iter().all(|m| m.json.is_none()),
        "listings carry no JSON"
    );
    let full = history.message(kept[1].seq).expect("kept");
    assert!(full.json.as_deref().is_some_and(|j| j.contains("x://a")));
    assert_eq!(full.size, full.json.as_deref().map_or(0, str::len) as u64);
    assert_eq!(history.summaries(Some("LIST")).len(), 2);
    assert_eq!(history.summaries(Some("tools/")).len(), 0);
}

#[test]
fn only_the_newest_messages_are_kept() {
    let history = ProtocolHistory::new();
    let none = SecretScrubber::default();
    for id in 0..(KEPT_MESSAGES as u64 + 10) {
        history.record(WireDirection::Out, &list_request(id), &none);
    }
    let kept = history.summaries(None);
    assert_eq!(kept.len(), KEPT_MESSAGES);
    assert_eq!(kept[0].seq, 11);
    assert_eq!(kept[0].id.as_deref(), Some("10"));
}

#[test]
fn a_big_message_is_cut_with_a_marker_and_its_whole_size() {
    let history = ProtocolHistory::new();
    let big = "b".repeat(300 * 1024);
    history.record(
        WireDirection::In,
        &list_answer(1, &big),
        &SecretScrubber::default(),
    );
    let message = history.message(1).expect("kept");
    let json = message.json.expect("json");
    assert!(message.truncated);
    assert!(message.size > 300 * 1024);
    assert!(json.len() < MESSAGE_CAP + 100, "{}", json.len());
    assert!(json.ends_with(&format!("[cut at {MESSAGE_CAP} of {} bytes]", message.size)));
}

#[test]
fn the_connections_secrets_are_scrubbed_even_where_a_message_is_cut() {
    let token = "tok-3f9a1c7e5b2d4f60";
    let key = "key/with\"quote";
    let env = "env-9d2e41";
    let credentials = Credentials {
        bearer_token: Some(token.to_owned()),
        secret_headers: vec![ApiKey {
            header: "X-Api-Key".to_owned(),
            value: key.to_owned(),
        }],
        secret_env: vec![env.to_owned()],
    };
    let secrets = SecretScrubber::of(&credentials);
    let history = ProtocolHistory::new();
    history.record(
        WireDirection::In,
        &list_answer(
            1,
            &format!("echo Bearer {token} and {key}, LODE_TOKEN={env}"),
        ),
        &secrets,
    );
    // The token straddles the cut: half of it must not stay behind.
    let prefix =
        "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"resources\":[{\"uri\":\"x://a\",\"name\":\"";
    let filler = "f".repeat(MESSAGE_CAP - prefix.len() - token.len() / 2);
    history.record(
        WireDirection::In,
        &list_answer(2, &format!("{filler}{token}{}", "g".repeat(1000))),
        &secrets,
    );
    for seq in [1, 2] {
        let json = history.message(seq).and_then(|m| m.json).expect("json");
        assert!(!json.contains(token), "{seq}: the token leaked");
        assert!(
            !json.contains(&token[..token.len() / 2]),
            "{seq}: half the token leaked"
        );
        assert!(!json.contains("key/with"), "{seq}: the API key leaked");
    }
    let first = history.message(1).and_then(|m| m.json).expect("json");
    assert!(
        first.contains(&format!(
            "echo Bearer {SCRUBBED} and {SCRUBBED}, LODE_TOKEN={SCRUBBED}"
        )),
        "{first}"
    );
}

/// A writer the test can read back.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("lock").extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_trace_gets_every_record_as_a_json_line_and_an_export_the_kept_ones() {
    let trace = Shared::default();
    let history = ProtocolHistory::with_trace(Box::new(trace.clone()));
    let none = SecretScrubber::default();
    history.record(WireDirection::Out, &list_request(1), &none);
    history.record(WireDirection::In, &list_answer(1, "a"), &none);
    let written = String::from_utf8(trace.0.lock().expect("lock").clone()).expect("utf-8");
    let lines: Vec<WireMessage> = written
        .lines()
        .map(|line| serde_json::from_str(line).expect("a record per line"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1].method.as_deref(), Some("resources/list"));
    assert!(lines[1].json.is_some());
    let mut exported = Vec::new();
    assert_eq!(history.export(&mut exported).expect("export"), 2);
    assert_eq!(exported, written.as_bytes());
}
