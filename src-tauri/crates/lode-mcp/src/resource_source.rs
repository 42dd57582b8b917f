//! The one seam every kind of connection shares: listing and reading resources. An MCP session
//! and a REST resource API each implement [`ResourceSource`]; every other request is MCP's
//! alone (`McpClient::mcp` refuses it on a REST connection).

use std::future::Future;

use lode_core::{ListingLimits, LodeResult, ResourceContent, ResourceListing};

/// Called after each page with the listing so far and where that page's items start in it.
pub(crate) type PageProgress<'p> = dyn FnMut(&ResourceListing, usize) + Send + 'p;

/// Listing and reading resources: what every kind of connection does.
pub(crate) trait ResourceSource {
    /// Every resource, following cursors to the end, reporting each page to `progress`; the
    /// items are attributed to `server`. Malformed fields of single items are dropped and
    /// reported as warnings. Past `limits` (or at a repeated cursor) the listing ends early
    /// with the items so far and its `cut` set.
    fn list(
        &self,
        server: &str,
        limits: ListingLimits,
        progress: &mut PageProgress<'_>,
    ) -> impl Future<Output = LodeResult<ResourceListing>> + Send;

    fn read(&self, uri: &str) -> impl Future<Output = LodeResult<Vec<ResourceContent>>> + Send;
}
