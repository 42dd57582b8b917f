//! A server's asks (read from their JSON, so rmcp's fast-moving sampling types stay here) to
//! lode-core's bounded requests, and the person's answers back to rmcp's results.

#![allow(deprecated)]

use lode_core::asks::{
    ElicitationAnswer, ElicitationRequest, ModelPreferences, SamplingAnswer, SamplingContent,
    SamplingMessage, SamplingRequest, SamplingTool, MAX_LABEL_BYTES, MAX_SAMPLING_MESSAGES,
    MAX_SAMPLING_TEXT_BYTES, MAX_SAMPLING_TOOLS,
};
use lode_core::{LodeError, Role};
use rmcp::model::{
    CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams, ElicitResult,
    ElicitationAction, SamplingMessage as McpMessage,
};
use serde_json::Value;

pub(crate) fn elicitation_request(
    params: ElicitRequestParams,
) -> Result<ElicitationRequest, LodeError> {
    match params {
        ElicitRequestParams::FormElicitationParams {
            message,
            requested_schema,
            ..
        } => {
            let order = requested_schema.property_order.clone();
            let schema = serde_json::to_value(&requested_schema).unwrap_or(Value::Null);
            ElicitationRequest::form(&message, schema, order.as_deref())
        }
        ElicitRequestParams::UrlElicitationParams {
            message,
            url,
            elicitation_id,
            ..
        } => ElicitationRequest::url(&message, &url, &elicitation_id),
        _ => Err(LodeError::new(
            lode_core::ErrorCode::InvalidParams,
            "Lode does not know this kind of elicitation",
        )),
    }
}

/// The protocol's answer. A URL elicitation's acceptance carries no content.
pub(crate) fn elicit_result(answer: ElicitationAnswer, url_mode: bool) -> ElicitResult {
    match answer {
        ElicitationAnswer::Accept { .. } if url_mode => {
            ElicitResult::new(ElicitationAction::Accept)
        }
        ElicitationAnswer::Accept { content } => {
            ElicitResult::new(ElicitationAction::Accept).with_content(Value::Object(content))
        }
        ElicitationAnswer::Decline => ElicitResult::new(ElicitationAction::Decline),
        ElicitationAnswer::Cancel => ElicitResult::new(ElicitationAction::Cancel),
    }
}

/// The reply the person wrote, as the assistant's message; `None` when they declined.
pub(crate) fn sampling_result(answer: SamplingAnswer) -> Option<CreateMessageResult> {
    match answer {
        SamplingAnswer::Reply { text, model } => Some(
            CreateMessageResult::new(McpMessage::assistant_text(text), model)
                .with_stop_reason(CreateMessageResult::STOP_REASON_END_TURN),
        ),
        SamplingAnswer::Declined => None,
    }
}

pub(crate) fn sampling_request(params: &CreateMessageRequestParams) -> SamplingRequest {
    let wire = serde_json::to_value(params).unwrap_or(Value::Null);
    let messages = wire["messages"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    let skip = messages.len().saturating_sub(MAX_SAMPLING_MESSAGES);
    let tools = wire["tools"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    SamplingRequest {
        messages: messages[skip..].iter().map(message).collect(),
        omitted_messages: u32::try_from(skip).unwrap_or(u32::MAX),
        system_prompt: text(&wire["systemPrompt"], MAX_SAMPLING_TEXT_BYTES),
        model_preferences: wire
            .get("modelPreferences")
            .filter(|p| p.is_object())
            .map(preferences),
        max_tokens: params.max_tokens,
        temperature: wire["temperature"].as_f64(),
        stop_sequences: strings(&wire["stopSequences"], 32),
        include_context: text(&wire["includeContext"], MAX_LABEL_BYTES),
        tools: tools.iter().take(MAX_SAMPLING_TOOLS).map(tool).collect(),
        tool_choice: text(&wire["toolChoice"]["mode"], MAX_LABEL_BYTES),
    }
}

fn message(wire: &Value) -> SamplingMessage {
    let role = if wire["role"] == "assistant" {
        Role::Assistant
    } else {
        Role::User
    };
    let parts = match &wire["content"] {
        Value::Array(parts) => parts.iter().take(64).map(content).collect(),
        part => vec![content(part)],
    };
    SamplingMessage {
        role,
        content: parts,
    }
}

fn content(wire: &Value) -> SamplingContent {
    let label = |key: &str| text(&wire[key], MAX_LABEL_BYTES).unwrap_or_default();
    // Base64 carries 3 bytes in 4 characters.
    let bytes = || wire["data"].as_str().map_or(0, |d| d.len() as u64 / 4 * 3);
    match wire["type"].as_str() {
        Some("image") => SamplingContent::Image {
            mime_type: label("mimeType"),
            bytes: bytes(),
        },
        Some("audio") => SamplingContent::Audio {
            mime_type: label("mimeType"),
            bytes: bytes(),
        },
        Some("tool_use") => SamplingContent::ToolUse {
            id: label("id"),
            name: label("name"),
            input: json_text(&wire["input"]),
        },
        Some("tool_result") => SamplingContent::ToolResult {
            tool_use_id: label("toolUseId"),
            text: json_text(&wire["content"]),
        },
        _ => SamplingContent::Text {
            text: text(&wire["text"], MAX_SAMPLING_TEXT_BYTES).unwrap_or_default(),
        },
    }
}

fn preferences(wire: &Value) -> ModelPreferences {
    let hints = wire["hints"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    ModelPreferences {
        hints: hints
            .iter()
            .take(32)
            .filter_map(|hint| text(&hint["name"], MAX_LABEL_BYTES))
            .collect(),
        cost_priority: wire["costPriority"].as_f64(),
        speed_priority: wire["speedPriority"].as_f64(),
        intelligence_priority: wire["intelligencePriority"].as_f64(),
    }
}

fn tool(wire: &Value) -> SamplingTool {
    SamplingTool {
        name: text(&wire["name"], MAX_LABEL_BYTES).unwrap_or_default(),
        description: text(&wire["description"], MAX_SAMPLING_TEXT_BYTES),
        input_schema: json_text(&wire["inputSchema"]),
    }
}

fn text(value: &Value, max: usize) -> Option<String> {
    value.as_str().map(|s| bound_text(s.to_owned(), max))
}

fn strings(value: &Value, max: usize) -> Vec<String> {
    let items = value.as_array().map(Vec::as_slice).unwrap_or_default();
    items
        .iter()
        .take(max)
        .filter_map(|s| text(s, MAX_LABEL_BYTES))
        .collect()
}

/// Indented JSON, cut to the bound: how tool inputs and results are shown.
fn json_text(value: &Value) -> String {
    let shown = serde_json::to_string_pretty(value).unwrap_or_default();
    bound_text(shown, MAX_SAMPLING_TEXT_BYTES)
}

/// `text` cut to `max` bytes at a character boundary, with `…` when cut.
fn bound_text(text: String, max: usize) -> String {
    if text.len() <= max {
        return text;
    }
    let mut end = max.saturating_sub('…'.len_utf8());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}
