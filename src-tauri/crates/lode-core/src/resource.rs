//! A server's resources as Lode holds them: independent of any MCP library's types, with the
//! annotations that drive ranking (audience, priority, lastModified).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Who a resource is meant for (MCP `Role`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum Role {
    User,
    Assistant,
}

/// MCP resource annotations. Every field is optional on the wire and stays optional here.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Annotations {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub audience: Option<Vec<Role>>,
    /// 0.0 (least important) ..= 1.0 (most important).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub priority: Option<f64>,
    /// ISO 8601 timestamp, as the server sent it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_modified: Option<String>,
}

impl Annotations {
    pub fn is_empty(&self) -> bool {
        self.audience.is_none() && self.priority.is_none() && self.last_modified.is_none()
    }
}

/// An icon a server offers for a resource.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Icon {
    pub src: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub mime_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sizes: Option<Vec<String>>,
    /// The theme it is drawn for; absent, it suits any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub theme: Option<IconTheme>,
}

/// The colour scheme an icon is drawn for (MCP `Icon.theme`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum IconTheme {
    Light,
    Dark,
}

/// One listed resource of one server. This is also the documented `lode ls --json` row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ResourceItem {
    /// The name of the connection that listed it.
    pub server: String,
    pub uri: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub mime_type: Option<String>,
    /// Size in bytes, when the server reports it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub size: Option<u64>,
    pub annotations: Annotations,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub icons: Option<Vec<Icon>>,
    /// Its `_meta` (less what Lode's own transports put there), bounded; boxed, as most of a
    /// listing's 100k rows have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub meta: Option<Box<crate::meta_json::MetaJson>>,
}

impl ResourceItem {
    /// The label a person reads first: the title when there is one, else the name.
    pub fn display_name(&self) -> &str {
        self.title.as_deref().unwrap_or(&self.name)
    }
}

/// One content item of a read: MCP `TextResourceContents` or `BlobResourceContents`.
/// Serialized as MCP's `contents` array items, so `lode read --json` prints them as is, except
/// that the server's `_meta` is kept bounded, as `meta` (as on every other item Lode shows).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(untagged)]
#[ts(export)]
pub enum ResourceContent {
    Text {
        uri: String,
        #[serde(rename = "mimeType", default, skip_serializing_if = "Option::is_none")]
        #[ts(optional, rename = "mimeType")]
        mime_type: Option<String>,
        text: String,
        /// Its `_meta`, bounded; boxed, as most contents have none.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        meta: Option<Box<crate::meta_json::MetaJson>>,
    },
    Blob {
        uri: String,
        #[serde(rename = "mimeType", default, skip_serializing_if = "Option::is_none")]
        #[ts(optional, rename = "mimeType")]
        mime_type: Option<String>,
        /// Base64, as on the wire.
        blob: String,
        /// Its `_meta`, bounded; boxed, as most contents have none.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        meta: Option<Box<crate::meta_json::MetaJson>>,
    },
}

impl ResourceContent {
    pub fn uri(&self) -> &str {
        match self {
            Self::Text { uri, .. } | Self::Blob { uri, .. } => uri,
        }
    }

    pub fn mime_type(&self) -> Option<&str> {
        match self {
            Self::Text { mime_type, .. } | Self::Blob { mime_type, .. } => mime_type.as_deref(),
        }
    }

    /// The server's `_meta` for this content, bounded (absent when it sent none).
    pub fn meta(&self) -> Option<&crate::meta_json::MetaJson> {
        match self {
            Self::Text { meta, .. } | Self::Blob { meta, .. } => meta.as_deref(),
        }
    }

    /// A text content with no `_meta`: what Lode makes itself (a tool's result kept in a
    /// basket, a prompt's message).
    pub fn text(
        uri: impl Into<String>,
        mime_type: Option<String>,
        text: impl Into<String>,
    ) -> Self {
        Self::Text {
            uri: uri.into(),
            mime_type,
            text: text.into(),
            meta: None,
        }
    }

    /// A base64 content with no `_meta`.
    pub fn blob(
        uri: impl Into<String>,
        mime_type: Option<String>,
        blob: impl Into<String>,
    ) -> Self {
        Self::Blob {
            uri: uri.into(),
            mime_type,
            blob: blob.into(),
            meta: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::meta_json::MetaJson;
    use serde_json::json;

    #[test]
    fn resource_row_omits_absent_fields() {
        let item = ResourceItem {
            server: "Demo".into(),
            uri: "file:///a.md".into(),
            name: "a.md".into(),
            title: None,
            description: None,
            mime_type: Some("text/markdown".into()),
            size: None,
            annotations: Annotations {
                priority: Some(0.5),
                ..Default::default()
            },
            icons: None,
            meta: None,
        };
        assert_eq!(
            serde_json::to_value(&item).ok(),
            Some(json!({
                "server": "Demo", "uri": "file:///a.md", "name": "a.md",
                "mimeType": "text/markdown", "annotations": {"priority": 0.5}
            }))
        );
        assert_eq!(item.display_name(), "a.md");
    }

    #[test]
    fn contents_round_trip_in_mcp_shape() {
        let wire = json!([
            {"uri": "x:1", "mimeType": "text/plain", "text": "hi"},
            {"uri": "x:2", "blob": "AAE="}
        ]);
        let parsed: Vec<ResourceContent> = serde_json::from_value(wire.clone()).unwrap_or_default();
        assert_eq!(parsed.len(), 2);
        assert_eq!(parsed[1].mime_type(), None);
        assert!(matches!(parsed[1], ResourceContent::Blob { .. }));
        assert_eq!(serde_json::to_value(&parsed).ok(), Some(wire));
    }

    #[test]
    fn a_contents_meta_is_kept_and_absent_when_none() {
        let meta = MetaJson::bounded(&serde_json::Map::from_iter([("page".to_owned(), json!(2))]));
        let content = ResourceContent::Text {
            uri: "x:1".into(),
            mime_type: None,
            text: "hi".into(),
            meta: meta.clone().map(Box::new),
        };
        assert_eq!(content.meta(), meta.as_ref());
        let saved = serde_json::to_value(&content).unwrap_or_default();
        assert_eq!(
            saved,
            json!({"uri": "x:1", "text": "hi", "meta": {"json": "{\"page\":2}", "cut": false, "bytes": 10}})
        );
        // Read back (a basket keeps its items' contents), and a content saved before there
        // was a `meta` still reads as one without.
        let back: Option<ResourceContent> = serde_json::from_value(saved).ok();
        assert_eq!(back, Some(content));
        assert_eq!(ResourceContent::blob("x:2", None, "AAE=").meta(), None);
    }
}
