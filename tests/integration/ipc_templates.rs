//! The template commands as the UI calls them: granted by the capability, argument names in
//! camelCase, and a malformed template answered as `{code, message, detail}`.

use crate::support::ipc_harness as support;

use serde_json::json;
use support::{harness, invoke};

#[test]
fn the_ui_lists_templates_and_completes_with_context() {
    let h = harness();
    let id = invoke(&h.window, "list_connections", json!({})).expect("list")[0]["id"].clone();

    let templates =
        invoke(&h.window, "list_templates", json!({ "connectionId": id })).expect("templates");
    assert_eq!(templates[2]["uriTemplate"], "table://{name}/{id}");

    let completion = invoke(
        &h.window,
        "complete_template",
        json!({
            "connectionId": id,
            "template": "table://{name}/{id}",
            "argument": "id",
            "value": "1",
            "context": { "name": "user" },
        }),
    )
    .expect("completion");
    assert_eq!(
        completion,
        json!({ "values": ["1", "10", "11", "12"], "total": 4, "hasMore": false })
    );
}

#[test]
fn the_ui_reads_a_templates_fields_and_expands_it() {
    let h = harness();
    let fields = invoke(
        &h.window,
        "template_variables",
        json!({ "template": "table://{name}/{id}{?q:3}" }),
    )
    .expect("fields");
    assert_eq!(
        fields,
        json!([
            { "name": "name", "operator": "simple", "explode": false },
            { "name": "id", "operator": "simple", "explode": false },
            { "name": "q", "operator": "query", "explode": false, "prefix": 3 },
        ])
    );

    let uri = invoke(
        &h.window,
        "expand_template",
        json!({ "template": "table://{name}/{id}", "values": { "name": "user", "id": "3" } }),
    )
    .expect("expanded");
    assert_eq!(uri, "table://user/3");

    let error = invoke(
        &h.window,
        "expand_template",
        json!({ "template": "table://{name", "values": {} }),
    )
    .expect_err("malformed");
    assert_eq!(error["code"], "invalidInput", "{error}");
    assert!(error["message"]
        .as_str()
        .is_some_and(|m| m.contains("never closed")));
    assert_eq!(error["detail"], "table://{name\n        ^");
}
