//! The drag-and-drop commands as the UI calls them: granted by the capability, camelCase
//! arguments, a connection moved in the saved order, and one item's Markdown alone.

use crate::support::ipc_harness as support;

use std::sync::Arc;

use lode_app::Lode;
use lode_core::{ConnectionDraft, TransportSpec};
use serde_json::json;
use support::{harness, invoke, listed_rows};
use tauri::Manager;

#[test]
fn the_ui_moves_a_connection_and_exports_one_basket_item_as_markdown() {
    let h = harness();
    // A second connection, saved straight into the app's Lode (not started).
    let lode = h.app.state::<Arc<Lode>>().inner().clone();
    let mut draft = ConnectionDraft::new(
        "Later",
        TransportSpec::Stdio {
            command: "true".into(),
            args: Vec::new(),
            env: Default::default(),
            cwd: None,
        },
    );
    draft.enabled = false;
    tauri::async_runtime::block_on(lode.add_connection(&draft)).expect("added");
    let before = invoke(&h.window, "list_connections", json!({})).expect("list");
    let demo = before[0]["id"].clone();
    assert_eq!(before[0]["name"], "Demo", "{before}");
    invoke(
        &h.window,
        "move_connection",
        json!({ "id": demo, "index": 5 }),
    )
    .expect("move");
    let after = invoke(&h.window, "list_connections", json!({})).expect("list");
    assert_eq!(after[0]["name"], "Later", "{after}");
    assert_eq!(after[1]["id"], demo, "the Demo moved to the end: {after}");
    let unknown = invoke(
        &h.window,
        "move_connection",
        json!({ "id": 99_999, "index": 0 }),
    )
    .expect_err("unknown");
    assert_eq!(unknown["code"], "unknownConnection");

    let rows = listed_rows(&h, "Demo");
    let pick = |uri: &str| {
        rows.iter()
            .find(|r| r["uri"] == uri)
            .expect("a row")
            .clone()
    };
    let basket = invoke(
        &h.window,
        "create_basket",
        json!({ "name": "Dragged", "tokenLimit": null }),
    )
    .expect("create");
    let id = basket["id"].clone();
    invoke(
        &h.window,
        "add_to_basket",
        json!({ "id": id, "resources": [pick("file:///project/README.md"), pick("file:///project/logs/server.log")] }),
    )
    .expect("add");
    let view = invoke(&h.window, "get_basket", json!({ "id": id })).expect("get");
    let second = view["basket"]["items"][1]["id"].clone();
    let one = invoke(
        &h.window,
        "export_basket_item",
        json!({ "id": id, "item": second }),
    )
    .expect("one item");
    let text = one["text"].as_str().unwrap_or_default();
    assert!(text.contains("file:///project/logs/server.log"), "{text}");
    assert!(
        !text.contains("file:///project/README.md"),
        "only the dragged item: {text}"
    );
    let whole = invoke(
        &h.window,
        "export_basket_item",
        json!({ "id": id, "item": null }),
    )
    .expect("the basket");
    assert!(whole["text"]
        .as_str()
        .is_some_and(|t| t.contains("file:///project/README.md")));
}
