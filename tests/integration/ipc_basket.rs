//! The basket commands as the UI calls them: granted by the capability, argument names in
//! camelCase, a basket sent without its items' contents, and an add reported item by item.

use crate::support::ipc_harness as support;

use serde_json::{json, Value};
use support::{harness, invoke, listed_rows};

#[test]
fn the_ui_makes_a_basket_adds_the_browsers_rows_and_sees_it_without_contents() {
    let h = harness();
    let rows = listed_rows(&h, "Demo");
    let readme = rows
        .iter()
        .find(|r| r["uri"] == "file:///project/README.md")
        .expect("the README row")
        .clone();
    let mut gone = readme.clone();
    gone["uri"] = json!("file:///project/no-such-file.md");

    let made = invoke(
        &h.window,
        "create_basket",
        json!({ "name": "Default", "tokenLimit": 10 }),
    )
    .expect("create");
    let id = made["id"].clone();
    assert_eq!(made["totals"]["items"], 0);
    let refused = invoke(
        &h.window,
        "create_basket",
        json!({ "name": "default", "tokenLimit": null }),
    )
    .expect_err("a taken name");
    assert_eq!(refused["code"], "invalidInput");

    let report = invoke(
        &h.window,
        "add_to_basket",
        json!({ "id": id, "resources": [readme, gone] }),
    )
    .expect("add");
    assert_eq!(report["added"], 1);
    assert_eq!(report["refreshed"], 0);
    assert_eq!(
        report["failed"][0]["uri"],
        "file:///project/no-such-file.md"
    );
    assert!(report["failed"][0]["error"]["code"].is_string());

    let view = invoke(&h.window, "get_basket", json!({ "id": id })).expect("get");
    let item = &view["basket"]["items"][0];
    assert_eq!(item["server"], "Demo");
    assert_eq!(item["contents"], json!([]), "contents stay in Rust");
    assert!(item["tokens"].as_u64().unwrap_or(0) > 10);
    assert_eq!(view["totals"]["items"], 1);
    assert!(view["totals"]["overLimit"].as_u64().unwrap_or(0) > 0);
    assert_eq!(view["encoding"], "o200k_base");

    let exported = invoke(
        &h.window,
        "export_basket",
        json!({ "id": id, "format": "markdown" }),
    )
    .expect("export");
    assert!(exported["text"]
        .as_str()
        .is_some_and(|t| t.contains("Atlas is a small analytics service")));
    assert_eq!(exported["attachments"], 0);

    let item_id = item["id"].clone();
    invoke(
        &h.window,
        "set_basket_item_note",
        json!({ "id": id, "item": item_id, "note": " first " }),
    )
    .expect("note");
    invoke(
        &h.window,
        "set_basket_options",
        json!({ "id": id, "tokenLimit": null, "autoRefresh": true }),
    )
    .expect("options");
    let view = invoke(&h.window, "get_basket", json!({ "id": id })).expect("get");
    assert_eq!(view["basket"]["items"][0]["note"], "first");
    assert_eq!(view["basket"]["autoRefresh"], true);
    assert_eq!(view["basket"].get("tokenLimit"), None::<&Value>);

    assert_eq!(
        invoke(&h.window, "basket_server", json!({})).expect("status"),
        Value::Null
    );
    let removed = invoke(
        &h.window,
        "remove_basket_items",
        json!({ "id": id, "items": [item_id] }),
    )
    .expect("remove");
    assert_eq!(removed, 1);
    invoke(&h.window, "delete_basket", json!({ "id": id })).expect("delete");
    assert_eq!(
        invoke(&h.window, "list_baskets", json!({})).expect("list"),
        json!([])
    );
}
