//! Hostile asks, as a server would send them, come out within `MAX_ASK_BYTES` as the window
//! receives them.

use lode_core::asks::{AskRequest, ElicitationMode, MAX_ASK_BYTES};
use lode_core::{ConnectionId, ErrorCode};
use serde_json::{json, Value};

use super::*;

/// What the window receives for `ask`.
fn weight(ask: AskRequest) -> usize {
    let pending = lode_core::asks::PendingAsk {
        id: 1,
        connection: ConnectionId(1),
        server: "Evil".into(),
        ask,
    };
    serde_json::to_vec(&pending).unwrap().len()
}

fn sampling(wire: Value) -> SamplingRequest {
    sampling_request(&serde_json::from_value(wire).expect("a sampling request"))
}

fn elicitation(wire: Value) -> Result<ElicitationRequest, LodeError> {
    elicitation_request(serde_json::from_value(wire).expect("an elicitation request"))
}

#[test]
fn a_huge_sampling_request_keeps_its_newest_messages_within_the_bound() {
    // 200 messages of 2 parts of 30 KiB each (control characters weigh six bytes in JSON),
    // a 60 KiB system prompt, 64 tools of 60 KiB schemas: ~25 MiB on the wire.
    let part =
        |i: usize| json!({"type": "text", "text": format!("{i}{}", "\u{1}x".repeat(15_000))});
    let messages: Vec<Value> = (0..200)
        .map(|i| json!({"role": "user", "content": (0..2).map(|_| part(i)).collect::<Vec<_>>()}))
        .collect();
    let tools: Vec<Value> = (0..64)
        .map(|i| json!({"name": format!("t{i}"), "inputSchema": {"type": "object", "description": "d".repeat(60_000)}}))
        .collect();
    let request = sampling(json!({
        "messages": messages,
        "systemPrompt": "s".repeat(60_000),
        "maxTokens": 10,
        "tools": tools,
        "stopSequences": (0..32).map(|_| "x".repeat(2000)).collect::<Vec<_>>(),
    }));
    let newest = request.messages.last().expect("the newest message is kept");
    let SamplingContent::Text { text } = &newest.content[0] else {
        panic!("text: {newest:?}")
    };
    assert!(text.starts_with("199"), "the newest message is the last");
    assert!(
        request.omitted_messages > 190,
        "{}",
        request.omitted_messages
    );
    let shown = weight(AskRequest::Sampling(request));
    println!("a ~25 MiB sampling request weighs {shown} bytes as the window receives it");
    assert!(shown <= MAX_ASK_BYTES + 256, "{shown}");
}

#[test]
fn a_huge_form_is_cut_or_refused_within_the_bound() {
    // A megabyte message: cut.
    let request = elicitation(json!({"message": "m".repeat(1 << 20),
        "requestedSchema": {"type": "object", "properties": {"a": {"type": "string"}}}}))
    .expect("a form");
    assert!(weight(AskRequest::Elicitation(request)) < 32 * 1024);

    // 10,000 fields: refused.
    let many: serde_json::Map<String, Value> = (0..10_000)
        .map(|i| (format!("f{i}"), json!({"type": "string"})))
        .collect();
    let error = elicitation(json!({"message": "m",
        "requestedSchema": {"type": "object", "properties": many}}))
    .unwrap_err();
    assert_eq!(error.code, ErrorCode::InvalidParams);

    // A hundred fields of five hundred one-letter choices: within the schema's bound, but
    // several times heavier as a form. Refused, not shown half.
    let choices: Vec<String> = (0..500).map(|i| format!("{}", i % 10)).collect();
    let wide: serde_json::Map<String, Value> = (0..100)
        .map(|i| (format!("f{i}"), json!({"type": "string", "enum": choices})))
        .collect();
    let wire = json!({"message": "m", "requestedSchema": {"type": "object", "properties": wide}});
    match elicitation(wire) {
        Ok(request) => {
            let shown = weight(AskRequest::Elicitation(request));
            assert!(shown <= MAX_ASK_BYTES + 256, "{shown}");
        }
        Err(error) => assert_eq!(error.code, ErrorCode::InvalidParams, "{error:?}"),
    }

    // A heavy schema that still makes a light form: the form is kept, its schema left out.
    let described: serde_json::Map<String, Value> = (0..20)
        .map(|i| {
            (
                format!("f{i}"),
                json!({"type": "string", "description": "d".repeat(12_000)}),
            )
        })
        .collect();
    let request = elicitation(json!({"message": "m",
        "requestedSchema": {"type": "object", "properties": described}}))
    .expect("a form");
    let ElicitationMode::Form { form, .. } = &request.mode else {
        panic!("a form")
    };
    assert_eq!(form.fields.len(), 20);
    let shown = weight(AskRequest::Elicitation(request));
    assert!(shown <= MAX_ASK_BYTES + 256, "{shown}");
}
