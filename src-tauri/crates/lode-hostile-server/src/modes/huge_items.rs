//! Items of hostile size: names, titles and descriptions of `size` bytes, a hundred icons, a
//! large `_meta`, and one resource whose URI alone is longer than Lode keeps. One page.

use rmcp::model::{Icon, ListResourcesResult, MetaObject};

use super::{resource, result};

/// Items of the page, the one with the over-long URI included.
const ITEMS: usize = 20;

pub fn page(size: usize) -> ListResourcesResult {
    let text = "é".repeat(size / 2);
    let mut resources: Vec<_> = (0..ITEMS - 1)
        .map(|i| {
            let mut item = resource(format!("hostile://huge/{i}"));
            item.name = format!("{i}{text}");
            item.title = Some(text.clone());
            item.description = Some(text.clone());
            item.mime_type = Some(format!("text/plain; x={text}"));
            item.icons = Some(
                (0..100)
                    .map(|n| Icon::new(format!("https://icons.invalid/{n}.png")))
                    .collect(),
            );
            let mut meta = MetaObject::new();
            meta.0.insert("blob".to_owned(), text.clone().into());
            item.meta = Some(meta);
            item
        })
        .collect();
    resources.push(resource(format!(
        "hostile://huge/long/{}",
        "u".repeat(size)
    )));
    result(resources, None)
}
