//! One resource whose `_meta` nests `depth` arrays deep, far past serde_json's recursion limit
//! (128), between two good resources. A decoder that parses the page whole fails it whole.

use rmcp::model::{ListResourcesResult, MetaObject};
use serde_json::Value;

use super::{resource, result};

pub fn page(depth: usize) -> ListResourcesResult {
    let mut deep = Value::from(1);
    for _ in 0..depth {
        deep = Value::Array(vec![deep]);
    }
    let mut meta = MetaObject::new();
    meta.0.insert("deep".to_owned(), deep);
    let mut nested = resource("hostile://deep/nested");
    nested.meta = Some(meta);
    result(
        vec![
            resource("hostile://deep/before"),
            nested,
            resource("hostile://deep/after"),
        ],
        None,
    )
}
