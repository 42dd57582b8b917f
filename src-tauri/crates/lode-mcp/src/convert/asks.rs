//! A server's asks (read from their JSON, so rmcp's fast-moving sampling types stay here) to
//! lode-core's bounded requests, and the person's answers back to rmcp's results.

#![allow(deprecated)]

use lode_core::asks::{
    AskBudget, ElicitationAnswer, ElicitationRequest, ModelPreferences, SamplingAnswer,
    SamplingContent, SamplingMessage, SamplingRequest, SamplingTool, MAX_ASK_BYTES,
    MAX_LABEL_BYTES, MAX_SAMPLING_MESSAGES, MAX_SAMPLING_TEXT_BYTES, MAX_SAMPLING_TOOLS,
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

/// The request as the person sees it, within [`MAX_ASK_BYTES`] in all: the newest messages
/// first (what the person replies to), older ones left out when the budget is spent, then the
/// tools. Each string also keeps its own bound.
pub(crate) fn sampling_request(params: &CreateMessageRequestParams) -> SamplingRequest {
    let wire = serde_json::to_value(params).unwrap_or(Value::Null);
    let mut budget = AskBudget::new(MAX_ASK_BYTES);
    // The fixed part (its numbers and empty lists) weighs a few hundred bytes.
    budget.item();
    budget.item();
    budget.item();
    let include_context = text(&wire["includeContext"], MAX_LABEL_BYTES, &mut budget);
    let tool_choice = text(&wire["toolChoice"]["mode"], MAX_LABEL_BYTES, &mut budget);
    let stop_sequences = strings(&wire["stopSequences"], 32, &mut budget);
    let model_preferences = wire
        .get("modelPreferences")
        .filter(|p| p.is_object())
        .map(|p| preferences(p, &mut budget));
    let system_prompt = text(&wire["systemPrompt"], MAX_SAMPLING_TEXT_BYTES, &mut budget);
    let messages = wire["messages"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    let mut kept = Vec::new();
    for wire in messages.iter().rev().take(MAX_SAMPLING_MESSAGES) {
        match message(wire, &mut budget) {
            Some(message) => kept.push(message),
            None => break,
        }
    }
    kept.reverse();
    let omitted = messages.len() - kept.len();
    let tools = wire["tools"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    let tools = tools
        .iter()
        .take(MAX_SAMPLING_TOOLS)
        .map_while(|t| tool(t, &mut budget))
        .collect();
    SamplingRequest {
        messages: kept,
        omitted_messages: u32::try_from(omitted).unwrap_or(u32::MAX),
        system_prompt,
        model_preferences,
        max_tokens: params.max_tokens,
        temperature: wire["temperature"].as_f64(),
        stop_sequences,
        include_context,
        tools,
        tool_choice,
    }
}

/// `None` when the budget has no room left for it.
fn message(wire: &Value, budget: &mut AskBudget) -> Option<SamplingMessage> {
    if !budget.item() {
        return None;
    }
    let role = if wire["role"] == "assistant" {
        Role::Assistant
    } else {
        Role::User
    };
    let parts = match &wire["content"] {
        Value::Array(parts) => parts
            .iter()
            .take(64)
            .map_while(|part| content(part, budget))
            .collect(),
        part => content(part, budget).into_iter().collect(),
    };
    Some(SamplingMessage {
        role,
        content: parts,
    })
}

fn content(wire: &Value, budget: &mut AskBudget) -> Option<SamplingContent> {
    if !budget.item() {
        return None;
    }
    let mut label = |key: &str| text(&wire[key], MAX_LABEL_BYTES, budget).unwrap_or_default();
    // Base64 carries 3 bytes in 4 characters.
    let bytes = || wire["data"].as_str().map_or(0, |d| d.len() as u64 / 4 * 3);
    Some(match wire["type"].as_str() {
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
            input: json_text(&wire["input"], budget),
        },
        Some("tool_result") => SamplingContent::ToolResult {
            tool_use_id: label("toolUseId"),
            text: json_text(&wire["content"], budget),
        },
        _ => SamplingContent::Text {
            text: text(&wire["text"], MAX_SAMPLING_TEXT_BYTES, budget).unwrap_or_default(),
        },
    })
}

fn preferences(wire: &Value, budget: &mut AskBudget) -> ModelPreferences {
    let hints = wire["hints"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    ModelPreferences {
        hints: hints
            .iter()
            .take(32)
            .filter_map(|hint| text(&hint["name"], MAX_LABEL_BYTES, budget))
            .collect(),
        cost_priority: wire["costPriority"].as_f64(),
        speed_priority: wire["speedPriority"].as_f64(),
        intelligence_priority: wire["intelligencePriority"].as_f64(),
    }
}

/// `None` when the budget has no room left for it.
fn tool(wire: &Value, budget: &mut AskBudget) -> Option<SamplingTool> {
    if !budget.item() {
        return None;
    }
    Some(SamplingTool {
        name: text(&wire["name"], MAX_LABEL_BYTES, budget).unwrap_or_default(),
        description: text(&wire["description"], MAX_SAMPLING_TEXT_BYTES, budget),
        input_schema: json_text(&wire["inputSchema"], budget),
    })
}

fn text(value: &Value, max: usize, budget: &mut AskBudget) -> Option<String> {
    value.as_str().map(|s| budget.text(s, max))
}

fn strings(value: &Value, max: usize, budget: &mut AskBudget) -> Vec<String> {
    let items = value.as_array().map(Vec::as_slice).unwrap_or_default();
    items
        .iter()
        .take(max)
        .filter_map(|s| text(s, MAX_LABEL_BYTES, budget))
        .collect()
}

/// Indented JSON, cut to the bound: how tool inputs and results are shown.
fn json_text(value: &Value, budget: &mut AskBudget) -> String {
    let shown = serde_json::to_string_pretty(value).unwrap_or_default();
    budget.text(&shown, MAX_SAMPLING_TEXT_BYTES)
}

#[cfg(test)]
#[path = "asks_tests.rs"]
mod tests;
