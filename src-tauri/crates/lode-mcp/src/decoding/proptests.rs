//! Generated pages by the thousand through the page decoder: any JSON in the items must end in
//! a page (the good items kept, every kept item within Lode's bounds) or a typed error, and
//! any bytes at all must decode without a panic.

use std::collections::VecDeque;

use proptest::prelude::*;
use rmcp::model::ServerResult;
use serde_json::{json, Value};

use super::decode::{decode_result, Decoder, Expect};
use super::item_bounds::{MAX_NAME_BYTES, MAX_URI_BYTES};

/// Field names of a resource, so generated objects hit the repair rules, and any others.
fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("uri".to_owned()),
        Just("name".to_owned()),
        Just("title".to_owned()),
        Just("description".to_owned()),
        Just("mimeType".to_owned()),
        Just("size".to_owned()),
        Just("icons".to_owned()),
        Just("src".to_owned()),
        Just("_meta".to_owned()),
        Just("annotations".to_owned()),
        Just("audience".to_owned()),
        Just("priority".to_owned()),
        Just("lastModified".to_owned()),
        "[a-zA-Z]{1,4}",
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (-2.0f64..2.0).prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::from),
        Just(Value::from("user")),
        Just(Value::from("2025-01-01T00:00:00Z")),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(key(), inner, 0..6)
                .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

/// Items: arbitrary JSON, or a good resource to be found again after decoding.
fn items() -> impl Strategy<Value = Vec<(bool, Value)>> {
    prop::collection::vec(
        prop_oneof![
            3 => json_value().prop_map(|v| (false, v)),
            1 => Just((true, Value::Null)),
        ],
        0..12,
    )
}

fn page(items: &[(bool, Value)], cursor: &Value) -> (String, Vec<String>) {
    let mut good = Vec::new();
    let items: Vec<Value> = items
        .iter()
        .enumerate()
        .map(|(i, (is_good, value))| {
            if *is_good {
                let uri = format!("x://good/{i}");
                good.push(uri.clone());
                json!({"uri": uri, "name": "good"})
            } else {
                value.clone()
            }
        })
        .collect();
    let raw = json!({"resources": items, "nextCursor": cursor}).to_string();
    (raw, good)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn any_items_keep_the_good_ones_and_only_bounded_ones(
        items in items(),
        cursor in json_value(),
    ) {
        let (raw, good) = page(&items, &cursor);
        let decoded = decode_result(Expect::ListResources, &raw);
        let Ok(ServerResult::ListResourcesResult(page)) = decoded else {
            return Err(TestCaseError::fail(format!("a page of items failed whole: {decoded:?}")));
        };
        for resource in &page.resources {
            prop_assert!(!resource.uri.is_empty() && resource.uri.len() <= MAX_URI_BYTES);
            prop_assert!(!resource.name.is_empty());
            prop_assert!(resource.name.len() <= MAX_NAME_BYTES + '…'.len_utf8());
        }
        for uri in good {
            prop_assert!(page.resources.iter().any(|r| r.uri == uri), "{uri} lost from {raw}");
        }
    }

    #[test]
    fn any_result_decodes_or_fails_typed(raw in "\\PC{0,80}", value in json_value()) {
        let _ = decode_result(Expect::ListResources, &raw);
        let _ = decode_result(Expect::ListResources, &value.to_string());
        let _ = decode_result(Expect::ReadResource, &value.to_string());
    }

    #[test]
    fn any_bytes_decode_without_a_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let mut decoder = Decoder::default();
        let mut out = VecDeque::new();
        decoder.decode(&bytes, &mut out);
    }
}
