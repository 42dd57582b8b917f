//! Pages without end: each page brings `per_page` new resources and a new cursor (the next
//! page's number), so no cursor ever repeats. Only a cap on items, bytes or pages stops it.

use rmcp::model::ListResourcesResult;

use super::{resource, result};

pub fn page(cursor: Option<&str>, per_page: u64) -> ListResourcesResult {
    let number: u64 = cursor.and_then(|c| c.parse().ok()).unwrap_or(0);
    result(
        (0..per_page)
            .map(|i| resource(format!("hostile://endless/{number}/{i}")))
            .collect(),
        Some((number + 1).to_string()),
    )
}
