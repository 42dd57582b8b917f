//! `resources/list` of a served basket: one resource per item, in the person's order.
//!
//! Each resource keeps what the item's server said about it (name, title, mime type, its
//! original annotations, so an assistant can rank by them) and adds where it came from under
//! `_meta["dev.lode/provenance"]`: the server, its original URI, what kind of item it is, when it
//! was fetched, whether it went stale since, and its token count.

use lode_core::basket::{Basket, BasketItem};
use lode_core::Role;
use rmcp::model::{self, ListResourcesResult, MetaObject, Resource};
use rmcp::ErrorData;
use serde_json::{json, Map, Value};

use crate::uri::item_uri;

/// The `_meta` key of an item's provenance.
pub const PROVENANCE: &str = "dev.lode/provenance";

/// Items per page. Baskets are usually far smaller, so they list in one page; a very large one
/// is paged so no single message grows without bound.
pub const PAGE_SIZE: usize = 1000;

/// One page of `resources/list`; the cursor is the decimal offset of the page.
pub(crate) fn page(
    basket: &Basket,
    cursor: Option<&str>,
) -> Result<ListResourcesResult, ErrorData> {
    let start = match cursor {
        None => 0,
        Some(cursor) => cursor
            .parse::<usize>()
            .map_err(|_| ErrorData::invalid_params(format!("invalid cursor: {cursor:?}"), None))?,
    };
    let total = basket.items.len();
    // A basket that shrank between two pages ends the listing with an empty page.
    let start = start.min(total);
    let end = start.saturating_add(PAGE_SIZE).min(total);
    let resources = basket.items[start..end]
        .iter()
        .enumerate()
        .map(|(offset, item)| resource(&basket.name, start + offset + 1, item))
        .collect();
    let mut page = ListResourcesResult::with_all_items(resources);
    page.next_cursor = (end < total).then(|| end.to_string());
    Ok(page)
}

fn resource(basket_name: &str, position: usize, item: &BasketItem) -> Resource {
    let mut resource = Resource::new(item_uri(basket_name, position), item.name.clone())
        .with_size(item.bytes)
        .with_meta(provenance(item));
    resource.title = item.title.clone();
    resource.mime_type = item.mime_type.clone();
    // The person's note on the item is the best description of why it is in the basket.
    resource.description = item.note.clone();
    resource.annotations = annotations(&item.annotations);
    resource
}

fn provenance(item: &BasketItem) -> MetaObject {
    let mut fields = Map::new();
    fields.insert("server".into(), json!(item.server));
    fields.insert("uri".into(), json!(item.uri));
    fields.insert("kind".into(), json!(item.kind.as_str()));
    fields.insert("fetchedAt".into(), json!(item.fetched_at));
    if let Some(last_modified) = &item.annotations.last_modified {
        fields.insert("lastModified".into(), json!(last_modified));
    }
    fields.insert("stale".into(), json!(item.stale));
    fields.insert("tokens".into(), json!(item.tokens));
    let mut meta = MetaObject::new();
    meta.0.insert(PROVENANCE.into(), Value::Object(fields));
    meta
}

/// The item's annotations as its server sent them. A priority outside 0..=1 (which rmcp's
/// clients would reject) is left out rather than passed on.
pub(crate) fn annotations(kept: &lode_core::Annotations) -> Option<model::Annotations> {
    if kept.is_empty() {
        return None;
    }
    let mut annotations = model::Annotations::default();
    annotations.audience = kept.audience.as_ref().map(|roles| {
        roles
            .iter()
            .map(|role| match role {
                Role::User => model::Role::User,
                Role::Assistant => model::Role::Assistant,
            })
            .collect()
    });
    annotations.priority = kept
        .priority
        .filter(|p| (0.0..=1.0).contains(p))
        .map(|p| p as f32);
    annotations.last_modified = kept.last_modified.clone();
    Some(annotations)
}
