//! A cursor that comes back: every page (the first included) offers the same three resources
//! and the cursor `again`. A client that follows cursors blindly lists forever (Lode's window
//! once counted past 190,000 copies of the same three).

use rmcp::model::ListResourcesResult;

use super::{resource, result};

pub fn page(_cursor: Option<&str>) -> ListResourcesResult {
    result(
        ["a", "b", "c"]
            .iter()
            .map(|name| resource(format!("hostile://repeat/{name}")))
            .collect(),
        Some("again".to_owned()),
    )
}
