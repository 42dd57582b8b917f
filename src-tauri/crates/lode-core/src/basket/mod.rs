//! The context basket: resources, expanded templates, rendered prompts and tool results picked
//! across servers, each kept with what it said when it was added (its contents and when they
//! were fetched), so the basket can be counted against a token budget, exported with its
//! provenance and served to an assistant even while the servers are away.

mod export;
mod fill;
mod item;
mod view;

pub use export::{
    export, export_with_attachments_in, has_attachments, Attachment, ExportFormat, Exported,
    ATTACHMENT_DIR,
};
pub use fill::{fill_order, FillCandidate};
pub use item::{outdates, BasketItem, ItemKind, NewItem};
pub use view::{BasketView, ExportText};

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A basket's id in the store.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[ts(export, type = "number")]
pub struct BasketId(pub i64);

/// A named basket and its items, in the person's order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Basket {
    pub id: BasketId,
    pub name: String,
    /// The token budget the person set; `None` for no limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub token_limit: Option<u64>,
    /// Refresh a changed item by itself instead of marking it stale.
    pub auto_refresh: bool,
    /// Grows with every change of the basket or its items: what a server of the basket
    /// watches to tell its clients the list changed.
    #[ts(type = "number")]
    pub revision: i64,
    pub items: Vec<BasketItem>,
}

/// A basket without its items' contents: what a list of baskets shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BasketSummary {
    pub id: BasketId,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub token_limit: Option<u64>,
    pub auto_refresh: bool,
    #[ts(type = "number")]
    pub revision: i64,
    pub totals: BasketTotals,
}

/// A basket's totals against its budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BasketTotals {
    #[ts(type = "number")]
    pub bytes: u64,
    #[ts(type = "number")]
    pub tokens: u64,
    pub items: usize,
    pub stale: usize,
    /// Tokens past the limit (0 within it, or without one).
    #[ts(type = "number")]
    pub over_limit: u64,
}

impl Basket {
    pub fn summary(&self) -> BasketSummary {
        BasketSummary {
            id: self.id,
            name: self.name.clone(),
            token_limit: self.token_limit,
            auto_refresh: self.auto_refresh,
            revision: self.revision,
            totals: self.totals(),
        }
    }

    pub fn totals(&self) -> BasketTotals {
        let bytes = self.items.iter().map(|i| i.bytes).sum();
        let tokens = self.items.iter().map(|i| i.tokens).sum();
        BasketTotals {
            bytes,
            tokens,
            items: self.items.len(),
            stale: self.items.iter().filter(|i| i.stale).count(),
            over_limit: self
                .token_limit
                .map_or(0, |limit| tokens.saturating_sub(limit)),
        }
    }
}

/// Lode's own MCP server of a basket, while the app runs it (the token is not here: it stays
/// in the keychain, and `lode serve --show-token` prints it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ServingStatus {
    pub basket: String,
    /// `http://127.0.0.1:PORT/mcp`.
    pub url: String,
}

/// A basket's name: trimmed, not empty, at most 100 characters, and free of control
/// characters and `/` (it is a path segment of `lode://basket/<name>/<n>`).
pub fn check_basket_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("a basket needs a name".into());
    }
    if name.chars().count() > 100 {
        return Err("a basket's name is at most 100 characters".into());
    }
    if name.chars().any(|c| c.is_control() || c == '/') {
        return Err("a basket's name cannot hold '/' or control characters".into());
    }
    Ok(name.to_owned())
}

#[cfg(test)]
mod tests;
