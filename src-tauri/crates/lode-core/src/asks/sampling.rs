//! A `sampling/createMessage` request as the person sees it, and their answer. Lode has no model
//! of its own: the person writes the reply (or declines), and nothing goes back without them.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::resource::Role;

/// The most messages of one request Lode shows (the newest are kept).
pub const MAX_SAMPLING_MESSAGES: usize = 200;
/// The most bytes of text one message part, system prompt or tool schema shows.
pub const MAX_SAMPLING_TEXT_BYTES: usize = 64 * 1024;
/// The most tools listed.
pub const MAX_SAMPLING_TOOLS: usize = 64;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SamplingRequest {
    pub messages: Vec<SamplingMessage>,
    /// Older messages left out to stay within [`MAX_SAMPLING_MESSAGES`].
    pub omitted_messages: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub system_prompt: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub model_preferences: Option<ModelPreferences>,
    pub max_tokens: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub temperature: Option<f64>,
    #[serde(default)]
    pub stop_sequences: Vec<String>,
    /// `none`, `thisServer` or `allServers`, as the server asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub include_context: Option<String>,
    #[serde(default)]
    pub tools: Vec<SamplingTool>,
    /// `auto`, `required` or `none`, when the server said.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub tool_choice: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SamplingMessage {
    pub role: Role,
    pub content: Vec<SamplingContent>,
}

/// One part of a message. Media is described, not carried: the window has no use for the bytes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[ts(export)]
pub enum SamplingContent {
    Text {
        text: String,
    },
    Image {
        mime_type: String,
        #[ts(type = "number")]
        bytes: u64,
    },
    Audio {
        mime_type: String,
        #[ts(type = "number")]
        bytes: u64,
    },
    ToolUse {
        id: String,
        name: String,
        /// The tool's input as indented JSON, cut to a bound.
        input: String,
    },
    ToolResult {
        tool_use_id: String,
        text: String,
    },
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ModelPreferences {
    pub hints: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub cost_priority: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub speed_priority: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub intelligence_priority: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SamplingTool {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub description: Option<String>,
    /// The tool's input schema as indented JSON, cut to a bound.
    pub input_schema: String,
}

/// The person's answer: the reply they wrote (sent as the assistant's message, with the model
/// name they give, "human" by default), or a refusal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(
    tag = "action",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[ts(export)]
pub enum SamplingAnswer {
    Reply { text: String, model: String },
    Declined,
}
