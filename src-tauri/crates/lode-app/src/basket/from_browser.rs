//! Adding what the browser shows: "add all matching this search", and "fill to budget by
//! priority" over every resource the browser's filters let through. The candidates come from
//! the index itself, never across IPC.

use lode_core::basket::BasketId;
use lode_core::index::Query;
use lode_core::{ErrorCode, LodeError, LodeResult, ResourceItem};

use super::AddReport;
use crate::Lode;

/// The most resources one "add all matching" reads: past it the person is asked to narrow the
/// search (each one is a read from its server).
pub const MATCHING_LIMIT: usize = 200;

/// The most resources "fill to budget" reads in one go.
pub const FILL_READS: usize = 200;

impl Lode {
    /// Reads and adds every resource `query` matches in the browser (its window is ignored).
    /// Refused, naming the count, when more than [`MATCHING_LIMIT`] match.
    pub async fn add_matching_to_basket(
        &self,
        basket: BasketId,
        query: Query,
    ) -> LodeResult<AddReport> {
        let (total, rows) = self.browser_rows(query, MATCHING_LIMIT + 1).await?;
        if total > MATCHING_LIMIT {
            return Err(LodeError::new(
                ErrorCode::InvalidInput,
                format!("{total} resources match; narrow the search to {MATCHING_LIMIT} or fewer to add them all"),
            ));
        }
        self.add_resources_to_basket(basket, rows).await
    }

    /// Fills the basket to its budget from the resources `query` matches in the browser (its
    /// search text and filters; window and order ignored), by priority for the assistant.
    pub async fn fill_basket_from_browser(
        &self,
        basket: BasketId,
        query: Query,
    ) -> LodeResult<AddReport> {
        let (_, rows) = self.browser_rows(query, usize::MAX).await?;
        self.fill_basket(basket, rows, FILL_READS).await
    }

    /// How many rows `query` matches, and the first `limit` of them.
    async fn browser_rows(
        &self,
        mut query: Query,
        limit: usize,
    ) -> LodeResult<(usize, Vec<ResourceItem>)> {
        query.offset = 0;
        query.limit = limit;
        let answer = self.browse_list(query).await?;
        Ok((
            answer.total,
            answer.rows.into_iter().map(|row| row.item).collect(),
        ))
    }
}
