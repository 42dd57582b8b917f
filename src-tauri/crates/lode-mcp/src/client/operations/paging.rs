//! Following a server's cursors to the end of a catalog (templates, prompts, tools).

use std::future::Future;

use lode_core::LodeResult;
use rmcp::model::PaginatedRequestParams;

/// Catalogs this long are a misbehaving server (a cursor loop), not a real one.
const MAX_CATALOG_PAGES: usize = 10_000;

/// Fetches page after page with `page(params)`, which returns the page's items and its next
/// cursor, until a page has no cursor (or an empty one, which would repeat the first page).
pub(crate) async fn all_pages<T, Fut>(
    mut page: impl FnMut(PaginatedRequestParams) -> Fut,
) -> LodeResult<Vec<T>>
where
    Fut: Future<Output = LodeResult<(Vec<T>, Option<String>)>>,
{
    let mut items = Vec::new();
    let mut cursor: Option<String> = None;
    for _ in 0..MAX_CATALOG_PAGES {
        let params = PaginatedRequestParams::default().with_cursor(cursor.take());
        let (batch, next) = page(params).await?;
        items.extend(batch);
        match next {
            Some(next) if !next.is_empty() => cursor = Some(next),
            _ => break,
        }
    }
    Ok(items)
}
