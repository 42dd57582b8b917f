//! The prompt and tool commands as the UI calls them: granted by the capability, argument names
//! in camelCase, a tool error as a result with `isError`, and either answer kept in a basket.

use crate::support::ipc_harness as support;

use serde_json::json;
use support::{harness, invoke};

#[test]
fn the_ui_lists_completes_and_gets_a_prompt_and_keeps_it() {
    let h = harness();
    let demo = invoke(&h.window, "list_connections", json!({})).expect("list")[0]["id"].clone();

    let prompts =
        invoke(&h.window, "list_prompts", json!({ "connectionId": demo })).expect("prompts");
    assert_eq!(prompts[0]["name"], "research");
    assert_eq!(prompts[0]["arguments"][0]["required"], true);

    let completion = invoke(
        &h.window,
        "complete_prompt",
        json!({ "connectionId": demo, "prompt": "research", "argument": "topic", "value": "stock", "context": {} }),
    )
    .expect("completion");
    assert_eq!(completion["values"], json!(["stock alerts"]));

    let arguments = json!({ "topic": "stock alerts" });
    let result = invoke(
        &h.window,
        "get_prompt",
        json!({ "connectionId": demo, "name": "research", "arguments": arguments }),
    )
    .expect("prompt");
    assert_eq!(result["messages"][0]["role"], "user");
    assert_eq!(result["messages"][0]["content"]["type"], "text");

    let basket = invoke(
        &h.window,
        "create_basket",
        json!({ "name": "ctx", "tokenLimit": null }),
    )
    .expect("basket")["id"]
        .clone();
    let added = invoke(
        &h.window,
        "add_prompt_to_basket",
        json!({ "id": basket, "connectionId": demo, "name": "research", "arguments": arguments, "result": result }),
    )
    .expect("added");
    assert_eq!(added["added"], 1);
    let view = invoke(&h.window, "get_basket", json!({ "id": basket })).expect("basket");
    assert_eq!(view["basket"]["items"][0]["kind"], "prompt");
    assert_eq!(
        view["basket"]["items"][0]["uri"],
        "lode-prompt:research?topic=stock+alerts"
    );
}

#[test]
fn the_ui_lists_and_calls_a_tool_and_keeps_the_result() {
    let h = harness();
    let demo = invoke(&h.window, "list_connections", json!({})).expect("list")[0]["id"].clone();

    let tools = invoke(&h.window, "list_tools", json!({ "connectionId": demo })).expect("tools");
    let row_count = tools
        .as_array()
        .expect("array")
        .iter()
        .find(|t| t["name"] == "row_count")
        .expect("row_count")
        .clone();
    assert_eq!(row_count["inputSchema"]["required"], json!(["table"]));
    let table = row_count["inputSchema"]["properties"]["table"]["enum"][0].clone();

    let arguments = json!({ "table": table });
    let result = invoke(
        &h.window,
        "call_tool",
        json!({ "connectionId": demo, "name": "row_count", "arguments": arguments }),
    )
    .expect("called");
    assert_eq!(result["isError"], false);
    let failed = invoke(
        &h.window,
        "call_tool",
        json!({ "connectionId": demo, "name": "row_count", "arguments": { "table": "nope" } }),
    )
    .expect("a tool error is a result");
    assert_eq!(failed["isError"], true);
    let refused = invoke(
        &h.window,
        "call_tool",
        json!({ "connectionId": demo, "name": "row_count", "arguments": [1] }),
    )
    .expect_err("arguments must be an object");
    assert_eq!(refused["code"], "invalidInput");

    let basket = invoke(
        &h.window,
        "create_basket",
        json!({ "name": "ctx", "tokenLimit": null }),
    )
    .expect("basket")["id"]
        .clone();
    let added = invoke(
        &h.window,
        "add_tool_result_to_basket",
        json!({ "id": basket, "connectionId": demo, "name": "row_count", "arguments": arguments, "result": result }),
    )
    .expect("added");
    assert_eq!(added["added"], 1);
    let view = invoke(&h.window, "get_basket", json!({ "id": basket })).expect("basket");
    assert_eq!(view["basket"]["items"][0]["kind"], "toolResult");
}
