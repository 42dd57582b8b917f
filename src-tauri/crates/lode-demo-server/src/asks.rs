//! Three tools that ask the person through the client, so a new user can try elicitation and
//! sampling (and tests can): `ask_form` (a form with a default of every kind, SEP-1034),
//! `ask_url` (a page to visit, URL mode) and `ask_reply` (`sampling/createMessage`). Each
//! answers with what the client sent back, so a test can check it.

#![allow(deprecated)]

use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientResult, ContentBlock,
    CreateMessageRequest, CreateMessageRequestParams, ElicitRequest, ElicitRequestParams,
    ElicitationSchema, InputRequest, InputRequiredResult, JsonObject, ModelHint, ModelPreferences,
    ProtocolVersion, SamplingMessage, ServerRequest, Tool, ToolAnnotations,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::ErrorData;
use serde_json::{json, Value};

pub const ASK_FORM: &str = "ask_form";
pub const ASK_URL: &str = "ask_url";
pub const ASK_REPLY: &str = "ask_reply";

/// The address `ask_url` sends the person to.
pub const ASK_URL_ADDRESS: &str =
    "https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation";

pub fn list() -> Vec<Tool> {
    [ASK_FORM, ASK_URL, ASK_REPLY]
        .into_iter()
        .filter_map(find)
        .collect()
}

pub fn find(name: &str) -> Option<Tool> {
    let (title, description) = match name {
        ASK_FORM => (
            "Ask for a form",
            "Ask the person to fill in a form (elicitation) whose every field has a default; \
             answers with what the client sent.",
        ),
        ASK_URL => (
            "Ask to visit a page",
            "Ask the person to open a web page (URL-mode elicitation); answers with their choice.",
        ),
        ASK_REPLY => (
            "Ask for a reply",
            "Ask the client for a model's reply (sampling/createMessage); answers with the reply.",
        ),
        _ => return None,
    };
    let empty: JsonObject =
        serde_json::from_value(json!({"type": "object", "properties": {}})).unwrap_or_default();
    Some(
        Tool::new(name.to_owned(), description, Arc::new(empty))
            .with_title(title)
            .with_annotations(ToolAnnotations::new().read_only(true).open_world(false)),
    )
}

/// The form `ask_form` sends: a default for every kind of field a form can have.
pub fn form_schema() -> Value {
    serde_json::from_str(FORM_SCHEMA).unwrap_or(Value::Null)
}

/// The form's schema as text: its fields in this order, which rmcp's `ElicitationSchema` keeps
/// (`property_order`) when parsed from text, where `json!` would sort them. On the wire they
/// still go out alphabetically, in both eras: rmcp 3.9 writes every request's params (an
/// `elicitation/create`, or one inside an `input_required` result) through a `serde_json::Value`
/// (`WithMeta` in its `serde_impl.rs`), whose objects sort their keys without serde_json's
/// `preserve_order`.
const FORM_SCHEMA: &str = r#"{
    "type": "object",
    "properties": {
        "name": {"type": "string", "title": "Name", "minLength": 1, "maxLength": 80, "default": "Ada Lovelace"},
        "email": {"type": "string", "title": "Email", "format": "email", "default": "ada@example.org"},
        "website": {"type": "string", "title": "Website", "format": "uri", "default": "https://example.org"},
        "born": {"type": "string", "title": "Born on", "format": "date", "default": "1815-12-10"},
        "age": {"type": "integer", "title": "Age", "minimum": 0, "maximum": 150, "default": 36},
        "rating": {"type": "number", "title": "Rating", "minimum": 0, "maximum": 5, "default": 4.5},
        "newsletter": {"type": "boolean", "title": "Newsletter", "default": true},
        "colour": {"type": "string", "title": "Colour", "oneOf": [
            {"const": "red", "title": "Red"}, {"const": "green", "title": "Green"},
            {"const": "blue", "title": "Blue"}], "default": "green"},
        "size": {"type": "string", "title": "Size", "enum": ["s", "m", "l"],
            "enumNames": ["Small", "Medium", "Large"], "default": "m"},
        "toppings": {"type": "array", "title": "Toppings", "maxItems": 3,
            "items": {"type": "string", "enum": ["cheese", "olives", "basil", "tomato"]},
            "default": ["cheese", "olives"]}
    },
    "required": ["name", "email"]
}"#;

/// The key of the one input request a modern (2026-07-28) round carries.
const INPUT_KEY: &str = "ask";

/// `Some` when `request` names one of these tools. An older session is asked directly (a
/// server-to-client request); a 2026-07-28 one gets an `input_required` result and brings the
/// answer back with its retry (SEP-2322).
pub async fn call(
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Option<Result<CallToolResponse, ErrorData>> {
    let ask = match request.name.as_ref() {
        ASK_FORM => {
            let schema: ElicitationSchema = match serde_json::from_str(FORM_SCHEMA) {
                Ok(schema) => schema,
                Err(error) => return Some(Err(ErrorData::internal_error(error.to_string(), None))),
            };
            InputRequest::Elicitation(ElicitRequest::new(
                ElicitRequestParams::FormElicitationParams {
                    meta: None,
                    message: "Tell the demo about yourself (every field has a default).".into(),
                    requested_schema: schema,
                },
            ))
        }
        ASK_URL => InputRequest::Elicitation(ElicitRequest::new(
            ElicitRequestParams::UrlElicitationParams {
                meta: None,
                message:
                    "The demo would like you to read the elicitation page of the MCP specification."
                        .into(),
                url: ASK_URL_ADDRESS.into(),
                elicitation_id: format!("demo-{}", std::process::id()),
            },
        )),
        ASK_REPLY => InputRequest::CreateMessage(CreateMessageRequest::new(sampling_params())),
        _ => return None,
    };
    let modern = context
        .protocol_version()
        .is_some_and(|version| version >= ProtocolVersion::V_2026_07_28);
    let answer = if let Some(answer) = request
        .input_responses
        .as_ref()
        .and_then(|responses| responses.get(INPUT_KEY))
    {
        Ok(answer.clone())
    } else if modern {
        let requests = [(INPUT_KEY.to_owned(), ask)].into_iter().collect();
        return Some(Ok(CallToolResponse::InputRequired(
            InputRequiredResult::from_input_requests(requests),
        )));
    } else {
        let request = match ask {
            InputRequest::Elicitation(request) => ServerRequest::ElicitRequest(request),
            InputRequest::CreateMessage(request) => ServerRequest::CreateMessageRequest(request),
            _ => return Some(Err(ErrorData::internal_error("no such ask", None))),
        };
        match context.peer.send_request(request).await {
            Ok(ClientResult::ElicitResult(result)) => {
                Ok(serde_json::to_value(result).unwrap_or(Value::Null))
            }
            Ok(ClientResult::CreateMessageResult(result)) => {
                Ok(serde_json::to_value(*result).unwrap_or(Value::Null))
            }
            Ok(_) => Err("the client answered with something else".to_owned()),
            Err(error) => Err(format!("the client did not answer: {error}")),
        }
    };
    Some(Ok(CallToolResponse::Complete(match answer {
        Ok(answer) => CallToolResult::success(vec![ContentBlock::text(describe(&answer))]),
        Err(text) => CallToolResult::error(vec![ContentBlock::text(text)]),
    })))
}

/// What the client sent, in a line a person (and a test) can read.
fn describe(answer: &Value) -> String {
    if let Some(model) = answer["model"].as_str() {
        let text = answer["content"]["text"]
            .as_str()
            .or_else(|| answer["content"][0]["text"].as_str())
            .unwrap_or_default();
        return format!("Reply from {model}: {text}");
    }
    format!("The client answered: {answer}")
}

fn sampling_params() -> CreateMessageRequestParams {
    CreateMessageRequestParams::new(
        vec![SamplingMessage::user_text(
            "Write a haiku about a lode of ore found in a mountain.",
        )],
        200,
    )
    .with_system_prompt("You are a poet who answers in exactly three lines.")
    .with_model_preferences(
        ModelPreferences::new()
            .with_hints(vec![ModelHint::new("claude")])
            .with_intelligence_priority(0.8),
    )
}
