//! A whole listing with what was wrong in it. Servers are untrusted: one bad field of one item
//! must not hide the rest of the page, so the item is kept, the field dropped and reported here.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::listing_bounds::ListingCut;
use crate::resource::{Annotations, ResourceItem};

/// One field of one listed item that Lode dropped because it was malformed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ItemWarning {
    /// The item's URI (or its position, `#12`, when even the URI was unusable).
    pub item: String,
    /// The dropped field, e.g. `annotations.priority`.
    pub field: String,
    pub problem: String,
}

/// How long a listing may be reused, when a 2026-07-28 server says so (`ttlMs`, `cacheScope`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CacheHint {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub ttl_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub cache_scope: Option<String>,
}

/// Every resource of one server, following cursors to the end.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ResourceListing {
    pub resources: Vec<ResourceItem>,
    pub warnings: Vec<ItemWarning>,
    #[ts(type = "number")]
    pub pages: u64,
    pub cache: CacheHint,
    /// Set when the listing ended before the server's last page (a cap, a repeated cursor,
    /// the person): `resources` are those listed before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub cut: Option<ListingCut>,
}

/// Progress of a listing, reported after each page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ListProgress {
    #[ts(type = "number")]
    pub pages: u64,
    #[ts(type = "number")]
    pub items: u64,
}

/// A parameterised resource (RFC 6570 URI template).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ResourceTemplate {
    pub server: String,
    pub uri_template: String,
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
    pub annotations: Annotations,
    /// The server's icons for it, bounded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub icons: Option<Vec<crate::resource::Icon>>,
    /// Its `_meta`, bounded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub meta: Option<crate::meta_json::MetaJson>,
}

/// The values a server suggests for one template argument.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Completion {
    pub values: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub total: Option<u64>,
    pub has_more: bool,
}
