//! The context basket's use cases: baskets kept in the store, items read from the servers
//! when added (and again when refreshed), kept fresh by the servers' notifications, exported
//! with their provenance, and served to assistants as an MCP server of Lode's own.

mod adding;
mod bundle;
mod catalog_items;
mod freshness;
mod from_browser;
mod serving;

pub use adding::{AddFailure, AddReport};
pub use bundle::{BundleWritten, SavedBundle};
pub(crate) use freshness::{follow as follow_freshness, note_listing};
pub use from_browser::{FILL_READS, MATCHING_LIMIT};
pub use serving::SERVE_TOKEN_KEY;
pub(crate) use serving::{new_token, Serving};

use lode_core::basket::{export, Basket, BasketId, BasketSummary, ExportFormat, Exported};
use lode_core::LodeResult;

use crate::Lode;

/// Now, as the RFC 3339 UTC timestamp items and exports are stamped with.
pub(crate) fn now_rfc3339() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

impl Lode {
    pub fn create_basket(&self, name: &str, token_limit: Option<u64>) -> LodeResult<BasketSummary> {
        self.store.create_basket(name, token_limit)
    }

    pub fn baskets(&self) -> LodeResult<Vec<BasketSummary>> {
        self.store.list_baskets()
    }

    /// The basket named `name` (case-insensitive), items and contents included.
    pub fn find_basket(&self, name: &str) -> LodeResult<Basket> {
        self.store.find_basket(name)
    }

    pub fn basket(&self, id: BasketId) -> LodeResult<Basket> {
        self.store.basket(id)
    }

    pub fn delete_basket(&self, id: BasketId) -> LodeResult<()> {
        self.store.delete_basket(id)
    }

    pub fn set_basket_options(
        &self,
        id: BasketId,
        token_limit: Option<u64>,
        auto_refresh: bool,
    ) -> LodeResult<()> {
        self.store.set_basket_options(id, token_limit, auto_refresh)
    }

    pub fn remove_basket_items(&self, id: BasketId, items: &[i64]) -> LodeResult<usize> {
        self.store.remove_basket_items(id, items)
    }

    pub fn move_basket_item(&self, id: BasketId, item: i64, index: usize) -> LodeResult<()> {
        self.store.move_basket_item(id, item, index)
    }

    pub fn set_basket_item_note(
        &self,
        id: BasketId,
        item: i64,
        note: Option<&str>,
    ) -> LodeResult<()> {
        self.store.set_basket_item_note(id, item, note)
    }

    /// The basket as one document (what "copy as Markdown / XML / JSON" copies), and the
    /// binary contents a bundle saves beside it.
    pub fn export_basket(&self, id: BasketId, format: ExportFormat) -> LodeResult<Exported> {
        Ok(export(&self.store.basket(id)?, format, &now_rfc3339()))
    }
}
