//! A basket and its export as the window receives them: small (no item contents, no files) and
//! with the totals and counts the window shows beside them.

use serde::Serialize;
use ts_rs::TS;

use super::{Basket, BasketTotals, Exported};
use crate::tokens::TOKEN_ENCODING;

/// A basket without its items' contents (they can be megabytes; the window shows names, sizes
/// and token counts), its totals, and the tokenizer the counts are in.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BasketView {
    /// Every item's `contents` is empty.
    pub basket: Basket,
    pub totals: BasketTotals,
    /// The tokenizer of every count (`o200k_base`).
    pub encoding: String,
}

impl From<Basket> for BasketView {
    fn from(mut basket: Basket) -> Self {
        let totals = basket.totals();
        for item in &mut basket.items {
            item.contents.clear();
        }
        Self {
            basket,
            totals,
            encoding: TOKEN_ENCODING.to_owned(),
        }
    }
}

/// An export for the clipboard: the document, and how many binary contents it names (they are
/// written only by a bundle, beside the document).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ExportText {
    pub text: String,
    pub attachments: usize,
}

impl From<Exported> for ExportText {
    fn from(exported: Exported) -> Self {
        Self {
            attachments: exported.attachments.len(),
            text: exported.text,
        }
    }
}
