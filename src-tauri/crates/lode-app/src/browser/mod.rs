//! The browser's side of Lode: the index (`index`) fed from the supervisor's connections (see
//! `feeder`), asked for windows of rows by the window and the CLI.

mod current;
mod extension_items;
mod feeder;
mod index;
mod searches;

pub(crate) use index::Browser;

use lode_core::browse::BrowseStatus;
use lode_core::index::{Query, QueryResult, RankedAnswer, TreeQuery, TreeResult};
use lode_core::{ConnectionId, ErrorCode, LodeError, LodeResult};
use tokio::sync::watch;

use crate::Lode;

impl Lode {
    /// Where each server's listing stands.
    pub fn browse_status(&self) -> BrowseStatus {
        self.browser.status()
    }

    /// A window of the list of every indexed resource that `query` selects.
    pub async fn browse_list(&self, query: Query) -> LodeResult<QueryResult> {
        let browser = self.browser.clone();
        on_worker(move || browser.list(&query)).await
    }

    /// A window of the hits `query` selects with why each ranked, the relevance floor for
    /// assistants applied unless `include_below_floor`.
    pub async fn browse_ranked(
        &self,
        query: Query,
        include_below_floor: bool,
    ) -> LodeResult<RankedAnswer> {
        let browser = self.browser.clone();
        on_worker(move || browser.ranked(&query, include_below_floor)).await
    }

    /// A window of the visible rows of the URI tree.
    pub async fn browse_tree(&self, question: TreeQuery) -> LodeResult<TreeResult> {
        let browser = self.browser.clone();
        on_worker(move || browser.tree(&question)).await
    }

    /// Stops connection `id`'s listing in progress, keeping what was listed so far (shown as
    /// stopped). `false` when it was not listing.
    pub fn stop_listing(&self, id: ConnectionId) -> bool {
        self.browser.stop(id)
    }

    /// Ticks whenever the index or a listing's state changes.
    pub fn browse_changes(&self) -> watch::Receiver<u64> {
        self.browser.changes()
    }
}

/// Searching 100k resources takes milliseconds of CPU: off the async threads.
async fn on_worker<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> LodeResult<T> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| LodeError::new(ErrorCode::Internal, format!("the search stopped: {e}")))
}

pub use current::ListedKey;
pub(crate) use feeder::follow;
