//! Prompts and tools a server offers, and the content blocks they return.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::meta_json::MetaJson;
use crate::resource::{Annotations, Icon, ResourceContent, Role};
use crate::tool_output::OutputCheck;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PromptArgument {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub description: Option<String>,
    pub required: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PromptItem {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub description: Option<String>,
    pub arguments: Vec<PromptArgument>,
    /// The server's icons for it, bounded (`item_meta::bounded_icons`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub icons: Option<Vec<Icon>>,
    /// Its `_meta`, bounded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub meta: Option<MetaJson>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PromptMessage {
    pub role: Role,
    pub content: ContentBlock,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PromptResult {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub description: Option<String>,
    pub messages: Vec<PromptMessage>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ToolItem {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub description: Option<String>,
    /// The JSON Schema of the arguments, as the server sent it.
    #[ts(type = "unknown")]
    pub input_schema: serde_json::Value,
    /// What the server says about the tool's behaviour: hints, not guarantees.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub annotations: Option<ToolHints>,
    /// The JSON Schema its `structuredContent` must match, as the server sent it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "unknown")]
    pub output_schema: Option<serde_json::Value>,
    /// The server's icons for it, bounded (`item_meta::bounded_icons`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub icons: Option<Vec<Icon>>,
    /// Its `_meta`, bounded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub meta: Option<MetaJson>,
    /// What its `_meta.ui` says: the app that renders its results, and who may call it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub ui: Option<crate::apps::ToolUi>,
}

/// MCP's tool annotations: a display title and four behaviour hints, each absent when the
/// server said nothing (MCP's defaults then apply: not read-only, destructive, not idempotent,
/// open world).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ToolHints {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub read_only_hint: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub destructive_hint: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub idempotent_hint: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub open_world_hint: Option<bool>,
}

/// One block of a tool result or prompt message, in MCP's own shape (`type` tag), with the
/// annotations and `_meta` the server gave it (absent when it gave none).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(export)]
pub enum ContentBlock {
    Text {
        text: String,
        /// How the client should use it (MCP content annotations), when the server said.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        annotations: Option<Annotations>,
        /// Its `_meta`, bounded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        meta: Option<Box<MetaJson>>,
    },
    Image {
        /// Base64.
        data: String,
        #[serde(rename = "mimeType")]
        #[ts(rename = "mimeType")]
        mime_type: String,
        /// How the client should use it (MCP content annotations), when the server said.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        annotations: Option<Annotations>,
        /// Its `_meta`, bounded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        meta: Option<Box<MetaJson>>,
    },
    Audio {
        /// Base64.
        data: String,
        #[serde(rename = "mimeType")]
        #[ts(rename = "mimeType")]
        mime_type: String,
        /// How the client should use it (MCP content annotations), when the server said.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        annotations: Option<Annotations>,
        /// Its `_meta`, bounded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        meta: Option<Box<MetaJson>>,
    },
    ResourceLink {
        uri: String,
        name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        title: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        description: Option<String>,
        #[serde(rename = "mimeType", default, skip_serializing_if = "Option::is_none")]
        #[ts(optional, rename = "mimeType")]
        mime_type: Option<String>,
        /// Size in bytes, when the server reports it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional, type = "number")]
        size: Option<u64>,
        /// The server's icons for it, bounded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        icons: Option<Vec<Icon>>,
        /// How the client should use it (MCP content annotations), when the server said.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        annotations: Option<Annotations>,
        /// Its `_meta`, bounded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        meta: Option<Box<MetaJson>>,
    },
    /// An embedded resource.
    Resource {
        resource: ResourceContent,
        /// How the client should use it (MCP content annotations), when the server said.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        annotations: Option<Annotations>,
        /// Its `_meta`, bounded.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        meta: Option<Box<MetaJson>>,
    },
    /// A block kind this version of Lode does not know, kept so nothing is silently lost.
    Unknown {
        #[serde(rename = "originalType")]
        #[ts(rename = "originalType")]
        original_type: String,
    },
}

impl ContentBlock {
    /// A text block with neither annotations nor `_meta`.
    pub fn text(text: impl Into<String>) -> Self {
        Self::Text {
            text: text.into(),
            annotations: None,
            meta: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ToolResult {
    pub content: Vec<ContentBlock>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "unknown")]
    pub structured_content: Option<serde_json::Value>,
    /// The tool ran and failed: its content says why.
    pub is_error: bool,
    /// The structured content checked against the tool's `outputSchema`; absent when the tool
    /// declares none, or the result is an error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub output_check: Option<OutputCheck>,
}
