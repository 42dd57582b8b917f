//! One item of a basket, and what adding one takes.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::index::parse_timestamp;
use crate::resource::{Annotations, ResourceContent};
use crate::tokens::count_tokens;

/// Where an item came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ItemKind {
    /// A listed resource, read.
    Resource,
    /// The URI a resource template gave, read.
    Template,
    /// A prompt rendered with arguments.
    Prompt,
    /// What a tool call returned.
    ToolResult,
    /// The context a running app offered (`ui/update-model-context`).
    AppContext,
    /// A file of a skill, added with the whole skill (`io.modelcontextprotocol/skills`): a
    /// resource, read, that `lode serve` hands on as part of its skill.
    SkillFile,
}

impl ItemKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Resource => "resource",
            Self::Template => "template",
            Self::Prompt => "prompt",
            Self::ToolResult => "toolResult",
            Self::AppContext => "appContext",
            Self::SkillFile => "skillFile",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [
            Self::Resource,
            Self::Template,
            Self::Prompt,
            Self::ToolResult,
            Self::AppContext,
            Self::SkillFile,
        ]
        .into_iter()
        .find(|kind| kind.as_str() == text)
    }

    /// Whether the item can be read again from its server (and so go stale and be refreshed).
    pub fn is_readable(self) -> bool {
        matches!(self, Self::Resource | Self::Template | Self::SkillFile)
    }
}

/// What an item is made of when it is added: its provenance and its contents as fetched.
#[derive(Debug, Clone, PartialEq)]
pub struct NewItem {
    pub kind: ItemKind,
    /// The name of the connection it came from.
    pub server: String,
    /// The resource's URI; for a prompt or a tool result, a `lode-prompt:` / `lode-tool:` URI
    /// naming what was asked.
    pub uri: String,
    pub name: String,
    pub title: Option<String>,
    pub mime_type: Option<String>,
    pub annotations: Annotations,
    pub contents: Vec<ResourceContent>,
    /// RFC 3339 UTC.
    pub fetched_at: String,
    /// For the `SKILL.md` of a skill added whole: the skill's frontmatter as its server listed
    /// it (JSON), handed on by `lode serve` as it came.
    pub skill_frontmatter: Option<String>,
}

impl NewItem {
    /// Bytes of the contents as delivered: text as UTF-8, blobs decoded (estimated from
    /// their base64 length).
    pub fn bytes(&self) -> u64 {
        self.contents.iter().map(content_bytes).sum()
    }

    /// `o200k_base` tokens of the text contents. Blobs count none: they are delivered as files
    /// beside an export, or as embedded resources an assistant prices its own way.
    pub fn tokens(&self) -> u64 {
        self.contents
            .iter()
            .map(|content| match content {
                ResourceContent::Text { text, .. } => count_tokens(text),
                ResourceContent::Blob { .. } => 0,
            })
            .sum()
    }
}

fn content_bytes(content: &ResourceContent) -> u64 {
    match content {
        ResourceContent::Text { text, .. } => text.len() as u64,
        ResourceContent::Blob { blob, .. } => {
            let padding = blob.bytes().rev().take_while(|b| *b == b'=').count();
            ((blob.len() / 4 * 3).saturating_sub(padding)) as u64
        }
    }
}

/// One item of a basket as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BasketItem {
    #[ts(type = "number")]
    pub id: i64,
    pub kind: ItemKind,
    pub server: String,
    pub uri: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub mime_type: Option<String>,
    pub annotations: Annotations,
    pub contents: Vec<ResourceContent>,
    pub fetched_at: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub note: Option<String>,
    /// The server said it changed since it was fetched.
    pub stale: bool,
    #[ts(type = "number")]
    pub bytes: u64,
    #[ts(type = "number")]
    pub tokens: u64,
    /// For the `SKILL.md` of a skill added whole: the skill's frontmatter as listed (JSON).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub skill_frontmatter: Option<String>,
}

impl BasketItem {
    /// The label a person reads first: the title when there is one, else the name.
    pub fn display_name(&self) -> &str {
        self.title.as_deref().unwrap_or(&self.name)
    }

    /// Whether a listing's `lastModified` for this item is newer than the one it was added
    /// with (compared as instants; a timestamp that is not RFC 3339 never makes it stale).
    pub fn is_older_than(&self, listed_last_modified: &str) -> bool {
        outdates(
            listed_last_modified,
            self.annotations.last_modified.as_deref(),
        )
    }
}

/// Whether a listed `lastModified` is newer than the one an item was `kept` with (compared as
/// instants; a timestamp that is not RFC 3339, or none kept, never outdates).
pub fn outdates(listed_last_modified: &str, kept: Option<&str>) -> bool {
    match (
        kept.and_then(parse_timestamp),
        parse_timestamp(listed_last_modified),
    ) {
        (Some(kept), Some(listed)) => listed > kept,
        _ => false,
    }
}
