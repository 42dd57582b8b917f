//! The same URIs more than once: twice within the first page, and again on the second page
//! (each copy with a different name, so a client that keeps copies shows them apart).

use rmcp::model::ListResourcesResult;

use super::{resource, result};

pub fn page(cursor: Option<&str>) -> ListResourcesResult {
    let item = |name: &str, copy: u32| {
        let mut item = resource(format!("hostile://dup/{name}"));
        item.name = format!("{name} (copy {copy})");
        item
    };
    match cursor {
        None => result(
            vec![item("a", 1), item("b", 1), item("a", 2)],
            Some("2".to_owned()),
        ),
        Some(_) => result(vec![item("b", 2), item("c", 1), item("a", 3)], None),
    }
}
