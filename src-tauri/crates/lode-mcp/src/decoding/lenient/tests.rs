//! The repair rules, one malformed field at a time.

use super::*;
use crate::convert::item_warnings;
use serde_json::json;

fn good(uri: &str) -> Value {
    json!({
        "uri": uri, "name": "n", "title": "t", "description": "d", "mimeType": "text/plain",
        "size": 3, "icons": [{"src": "https://x/i.png"}], "_meta": {"k": 1},
        "annotations": {"audience": ["user"], "priority": 0.5,
                        "lastModified": "2025-01-01T00:00:00Z"}
    })
}

/// Each case breaks one field of an otherwise good item.
fn broken(field: &str, value: Value) -> Value {
    let mut item = good("x://item");
    let mut target = &mut item;
    let mut parts = field.split('.').peekable();
    while let Some(part) = parts.next() {
        if parts.peek().is_none() {
            target[part] = value.clone();
        } else {
            target = &mut target[part];
        }
    }
    item
}

fn repaired(items: Vec<Value>) -> (Vec<Resource>, Vec<ItemWarning>) {
    let raw = json!({"resources": items, "nextCursor": "2"}).to_string();
    // The typed decode path: fast parse and check, or repair when that fails.
    let result = match serde_json::from_str::<ListResourcesResult>(&raw) {
        Ok(mut page) => {
            check_page(&mut page);
            page
        }
        Err(_) => repair_page(&raw).expect("a page"),
    };
    assert_eq!(result.next_cursor.as_deref(), Some("2"));
    let warnings = item_warnings(result.meta.as_ref());
    (result.resources, warnings)
}

#[test]
fn each_malformed_field_is_dropped_the_item_kept_and_the_drop_reported() {
    let cases: Vec<(&str, Value, &str)> = vec![
        ("annotations.priority", json!(7.0), "annotations.priority"),
        ("annotations.priority", json!(-0.5), "annotations.priority"),
        (
            "annotations.priority",
            json!("high"),
            "annotations.priority",
        ),
        (
            "annotations.lastModified",
            json!("yesterday"),
            "annotations.lastModified",
        ),
        (
            "annotations.lastModified",
            json!(17),
            "annotations.lastModified",
        ),
        (
            "annotations.audience",
            json!("user"),
            "annotations.audience",
        ),
        ("annotations", json!([1]), "annotations"),
        ("title", json!(5), "title"),
        ("description", json!({"a": 1}), "description"),
        ("mimeType", json!(true), "mimeType"),
        ("size", json!(-1), "size"),
        ("size", json!("big"), "size"),
        ("icons", json!([{"nosrc": 1}]), "icons"),
        ("_meta", json!("m"), "_meta"),
    ];
    for (field, value, reported) in cases {
        let item = broken(field, value.clone());
        let (resources, warnings) = repaired(vec![item, good("x://other")]);
        assert_eq!(resources.len(), 2, "{field}={value}: both items kept");
        assert_eq!(resources[0].uri, "x://item");
        assert_eq!(warnings.len(), 1, "{field}={value}: {warnings:?}");
        assert_eq!(warnings[0].item, "x://item");
        assert_eq!(warnings[0].field, reported);
        // The dropped field is gone, the rest of the item intact.
        let kept = serde_json::to_value(&resources[0]).unwrap();
        let mut path = kept.clone();
        for part in field.split('.') {
            path = path[part].clone();
        }
        assert!(path.is_null(), "{field} still present: {kept}");
        assert_eq!(kept["name"], "n");
        assert_eq!(
            serde_json::to_value(&resources[1]).unwrap(),
            good("x://other")
        );
    }
}

#[test]
fn unknown_roles_are_dropped_one_by_one_and_known_ones_kept() {
    let item = broken(
        "annotations.audience",
        json!(["user", "robot", 3, "assistant"]),
    );
    let (resources, warnings) = repaired(vec![item]);
    let audience = serde_json::to_value(&resources[0]).unwrap()["annotations"]["audience"].clone();
    assert_eq!(audience, json!(["user", "assistant"]));
    assert_eq!(warnings.len(), 2);
    assert!(warnings[0].problem.contains("\"robot\""), "{warnings:?}");
}

#[test]
fn names_fall_back_to_the_uri_and_items_without_a_uri_are_left_out() {
    let mut nameless = good("x://nameless");
    nameless.as_object_mut().unwrap().remove("name");
    let numbered = broken("name", json!(42));
    let mut uriless = good("x://gone");
    uriless["uri"] = json!(7);
    let (resources, warnings) = repaired(vec![nameless, uriless, numbered, json!("text")]);
    let names: Vec<&str> = resources.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["x://nameless", "x://item"]);
    let reported: Vec<(&str, &str)> = warnings
        .iter()
        .map(|w| (w.item.as_str(), w.field.as_str()))
        .collect();
    assert_eq!(
        reported,
        [
            ("x://nameless", "name"),
            ("#1", "uri"),
            ("x://item", "name"),
            ("#3", "item")
        ]
    );
}

#[test]
fn the_quick_timestamp_check_agrees_with_chrono() {
    for stamp in [
        "2025-01-12T15:00:58Z",
        "2025-01-12T15:00:58.123Z",
        "2025-01-12T15:00:58.123456789+02:00",
        "2024-02-29T00:00:00-00:00",
        "2023-02-29T00:00:00Z",
        "2025-04-31T00:00:00Z",
        "2025-01-12T24:00:00Z",
        "2025-01-12T15:00:58.Z",
        "2025-01-12T15:00:58.1234567890Z",
        "2025-01-12T15:00:58+2:00",
        "2025-01-12T15:00:58+24:00",
        "2025-01-12t15:00:58Z",
        "2025-01-12T15:00:60Z",
        "2025-1-12T15:00:58Z",
        "2025-01-12T15:00:58",
        "2025-01-12T15:00:58Zjunk",
        "+025-01-12T15:00:58Z",
    ] {
        let chrono = DateTime::parse_from_rfc3339(stamp).is_ok();
        let quick = is_plain_rfc3339(stamp.as_bytes());
        // The quick check may only say yes where chrono does.
        assert!(!quick || chrono, "{stamp}: quick {quick}, chrono {chrono}");
        assert!(!quick || is_timestamp(stamp));
    }
    assert!(is_plain_rfc3339(b"2025-01-01T00:02:00.000Z"));
    assert!(is_plain_rfc3339(b"2024-02-29T23:59:59+05:30"));
}

#[test]
fn timestamps_accept_rfc3339_and_common_iso8601_forms() {
    for stamp in [
        "2025-01-01T00:00:00Z",
        "2025-01-01T00:00:00.123+02:00",
        "2025-01-01T00:00:00",
        "2025-01-01",
    ] {
        assert!(is_timestamp(stamp), "{stamp}");
    }
    for stamp in ["yesterday", "2025-13-01", "", "01/02/2025"] {
        assert!(!is_timestamp(stamp), "{stamp}");
    }
}

#[test]
fn a_server_cannot_plant_warnings_and_bad_page_fields_are_reported() {
    let raw = json!({
        "resources": [good("x://a")],
        "_meta": {WARNINGS_META_KEY: [{"item": "fake", "field": "f", "problem": "p"}]},
    })
    .to_string();
    let mut page: ListResourcesResult = serde_json::from_str(&raw).unwrap();
    check_page(&mut page);
    assert!(item_warnings(page.meta.as_ref()).is_empty());

    let raw =
        json!({"resources": [good("x://a"), 5], "nextCursor": 3, "ttlMs": "soon"}).to_string();
    let page = repair_page(&raw).expect("repaired");
    assert_eq!(page.resources.len(), 1);
    assert_eq!(page.next_cursor, None);
    let fields: Vec<String> = item_warnings(page.meta.as_ref())
        .into_iter()
        .map(|w| w.field)
        .collect();
    assert_eq!(fields, ["item", "nextCursor", "ttlMs"]);
}

#[test]
fn an_item_nested_beyond_the_recursion_limit_is_left_out_and_its_neighbours_kept() {
    let deep = "[".repeat(100_000) + &"]".repeat(100_000);
    let raw = format!(
        r#"{{"resources": [{}, {{"uri": "x://deep", "name": "d", "_meta": {{"k": {deep}}}}}, {}], "nextCursor": "2"}}"#,
        good("x://a"),
        good("x://b")
    );
    assert!(serde_json::from_str::<ListResourcesResult>(&raw).is_err());
    let page = repair_page(&raw).expect("the page survives its deep item");
    let uris: Vec<&str> = page.resources.iter().map(|r| r.uri.as_str()).collect();
    assert_eq!(uris, ["x://a", "x://b"]);
    assert_eq!(page.next_cursor.as_deref(), Some("2"));
    let warnings = item_warnings(page.meta.as_ref());
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(
        (warnings[0].item.as_str(), warnings[0].field.as_str()),
        ("#1", "item")
    );
    assert!(warnings[0].problem.contains("recursion"), "{warnings:?}");
}
