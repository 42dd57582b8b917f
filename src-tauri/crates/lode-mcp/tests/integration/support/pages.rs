//! A listing page large enough to be decoded while it arrives (over 1 MiB), with a few
//! malformed items among its good ones, and what Lode must make of it.

#![allow(dead_code)]

use lode_core::ResourceListing;
use serde_json::{json, Value};

/// `count` good resources, with three bad ones in the middle: a priority out of range, an
/// unknown audience, and one without a URI (left out).
pub fn big_page(count: usize) -> Value {
    let mut resources: Vec<Value> = (0..count)
        .map(|i| {
            json!({"uri": format!("big://item/{i:06}"), "name": format!("item {i}"),
                   "description": format!("line one\nline \"two\" of item {i} é"),
                   "mimeType": "text/plain",
                   "annotations": {"audience": ["user"], "priority": 0.5,
                                   "lastModified": "2025-01-01T00:00:00Z"}})
        })
        .collect();
    let middle = count / 2;
    resources.insert(
        middle,
        json!({"uri": "big://bad/priority", "name": "p", "annotations": {"priority": 7}}),
    );
    resources.insert(middle, json!({"uri": "big://bad/audience", "name": "a", "annotations": {"audience": ["robot", "user"]}}));
    resources.insert(middle, json!({"name": "no uri"}));
    json!({"resources": resources})
}

/// Every good item in order, the two repaired ones kept, and one warning per bad field.
pub fn assert_big_listing(listing: &ResourceListing, count: usize) {
    assert_eq!(
        listing.resources.len(),
        count + 2,
        "all but the item without a URI"
    );
    assert_eq!(listing.resources[0].uri, "big://item/000000");
    let last = format!("big://item/{:06}", count - 1);
    assert_eq!(listing.resources[count + 1].uri, last);
    assert_eq!(
        listing.resources[1].description.as_deref(),
        Some("line one\nline \"two\" of item 1 é")
    );
    let mut fields: Vec<&str> = listing.warnings.iter().map(|w| w.field.as_str()).collect();
    fields.sort_unstable();
    assert_eq!(
        fields,
        ["annotations.audience", "annotations.priority", "uri"],
        "{:?}",
        listing.warnings
    );
    let repaired = listing
        .resources
        .iter()
        .find(|r| r.uri == "big://bad/priority")
        .expect("the item with a bad priority is kept");
    assert_eq!(repaired.annotations.priority, None);
}
