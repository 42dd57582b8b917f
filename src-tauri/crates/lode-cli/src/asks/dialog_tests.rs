use serde_json::json;

use super::*;
use lode_core::asks::{SamplingMessage, SamplingRequest};

fn form_request() -> ElicitationRequest {
    let schema = json!({"type": "object", "properties": {
        "name": {"type": "string", "default": "Ada"},
        "age": {"type": "integer", "minimum": 18},
        "ok": {"type": "boolean", "default": true}
    }, "required": ["age"]});
    ElicitationRequest::form("Who are you?", schema, None).unwrap()
}

fn run(request: &ElicitationRequest, typed: &str) -> (ElicitationAnswer, String) {
    let mut output = Vec::new();
    let answer = elicit("Demo", request, &mut typed.as_bytes(), &mut output).unwrap();
    (answer, String::from_utf8(output).unwrap())
}

#[test]
fn enter_takes_the_defaults_and_a_bad_answer_is_asked_again() {
    // Fields by name: age 12 (too young), name Enter (default), ok Enter; age again 30; accept.
    let (answer, shown) = run(&form_request(), "12\n\n\n30\n\n");
    assert_eq!(
        answer,
        ElicitationAnswer::Accept {
            content: json!({"name": "Ada", "age": 30, "ok": true})
                .as_object()
                .cloned()
                .unwrap()
        }
    );
    assert!(shown.contains("name [\"Ada\"]: "), "{shown}");
    assert!(shown.contains("age: at least 18"), "{shown}");
}

#[test]
fn decline_cancel_and_the_end_of_input() {
    assert_eq!(
        run(&form_request(), "20\n\n\nd\n").0,
        ElicitationAnswer::Decline
    );
    assert_eq!(
        run(&form_request(), "20\n\n\nc\n").0,
        ElicitationAnswer::Cancel
    );
    assert_eq!(run(&form_request(), "\n").0, ElicitationAnswer::Cancel);
}

#[test]
fn a_url_is_shown_whole_and_opened_only_when_asked() {
    let request = ElicitationRequest::url("Verify", "file:///etc/passwd", "e1").unwrap();
    let (answer, shown) = run(&request, "a\n");
    assert!(shown.contains("Address: file:///etc/passwd"));
    assert!(shown.contains("opens only http and https"));
    assert_eq!(
        answer,
        ElicitationAnswer::Accept {
            content: Map::new()
        }
    );
}

#[test]
fn a_sampling_request_is_shown_and_the_typed_reply_sent() {
    let request = SamplingRequest {
        messages: vec![SamplingMessage {
            role: lode_core::Role::User,
            content: vec![SamplingContent::Text {
                text: "Say \u{1b}[31mhi".into(),
            }],
        }],
        omitted_messages: 0,
        system_prompt: Some("Be brief".into()),
        model_preferences: None,
        max_tokens: 50,
        temperature: None,
        stop_sequences: Vec::new(),
        include_context: None,
        tools: Vec::new(),
        tool_choice: None,
    };
    let mut output = Vec::new();
    let answer = sample(
        "Demo",
        &request,
        &mut "Hello\nthere\n\n".as_bytes(),
        &mut output,
    )
    .unwrap();
    assert_eq!(
        answer,
        SamplingAnswer::Reply {
            text: "Hello\nthere".into(),
            model: "human".into()
        }
    );
    let shown = String::from_utf8(output).unwrap();
    assert!(shown.contains("Lode has no model of its own"));
    assert!(shown.contains("Be brief") && shown.contains("At most 50 tokens"));
    assert!(!shown.contains('\u{1b}'), "escape sequences are made inert");
    let mut output = Vec::new();
    assert_eq!(
        sample("Demo", &request, &mut "\n".as_bytes(), &mut output).unwrap(),
        SamplingAnswer::Declined
    );
}
