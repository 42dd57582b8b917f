//! The IPC boundary as the UI sees it: real commands on Tauri's mock runtime, over a real
//! `Lode` (SQLite file + demo server). Checks the JSON shapes the TypeScript bindings promise,
//! including errors as `{code, message}`.

use crate::support::ipc_harness as support;

use serde_json::{json, Value};
use support::{harness, invoke, listed_rows};

#[test]
fn the_ui_lists_the_demo_connection_its_resources_and_reads_one() {
    let h = harness();
    let connections = invoke(&h.window, "list_connections", json!({})).expect("list_connections");
    assert_eq!(connections[0]["name"], "Demo");
    assert_eq!(connections[0]["transport"]["kind"], "stdio");
    let id = connections[0]["id"].clone();
    assert!(id.is_number(), "ConnectionId crosses IPC as a number: {id}");

    // Its 60 listed resources, the 3 files of its skill and the app its clock tool names: the
    // browser shows what a server names outside `resources/list` too.
    let resources = listed_rows(&h, "Demo");
    assert_eq!(resources.len(), 64);
    let under = |scheme: &str| {
        resources
            .iter()
            .filter(|r| r["uri"].as_str().is_some_and(|uri| uri.starts_with(scheme)))
            .count()
    };
    assert_eq!((under("skill://"), under("ui://")), (3, 1));
    assert!(resources
        .iter()
        .any(|r| r["annotations"]["audience"] == json!(["user", "assistant"])));
    assert!(resources.iter().all(|r| r["server"] == "Demo"));

    // The pieces go to the window's channel (the preview's tests read them); here, that the
    // command is granted and takes the window's argument names.
    let read = invoke(
        &h.window,
        "read_resource_streamed",
        json!({ "connectionId": id, "uri": "table://item", "onEvent": "__CHANNEL__:1" }),
    );
    assert_eq!(read, Ok(Value::Null));
}

#[test]
fn the_ui_sees_each_connections_status_server_info_and_log() {
    let h = harness();
    let id = invoke(&h.window, "list_connections", json!({})).expect("list")[0]["id"].clone();

    let info = invoke(&h.window, "server_info", json!({ "connectionId": id })).expect("info");
    assert_eq!(info["era"], "modern");
    assert_eq!(info["protocolVersion"], "2026-07-28");
    assert_eq!(info["name"], "lode-demo-server");
    assert_eq!(info["capabilities"]["resourceSubscribe"], true);

    // The demo server logs a line when its content is ready.
    let log = invoke(
        &h.window,
        "server_log",
        json!({ "connectionId": id, "lines": 20 }),
    )
    .expect("log");
    let log = log.as_array().expect("array of lines");
    assert!(
        log.iter()
            .any(|l| l.as_str().is_some_and(|l| l.contains("content ready"))),
        "{log:?}"
    );

    // The connection asked for above is supervised by the hub, and ready.
    let statuses = invoke(&h.window, "connection_statuses", json!({})).expect("statuses");
    let demo = statuses
        .as_array()
        .and_then(|all| all.iter().find(|s| s["connection"] == id))
        .expect("a status for Demo");
    assert_eq!(demo["status"], json!({ "state": "ready" }));
}

#[test]
fn a_command_outside_the_capability_is_refused() {
    let h = harness();
    let refused = invoke(
        &h.window,
        "plugin:fs|read_text_file",
        json!({ "path": "/etc/passwd" }),
    );
    assert!(
        refused.is_err(),
        "only Lode's own commands are granted: {refused:?}"
    );
}

#[test]
fn errors_cross_ipc_as_code_and_message() {
    let h = harness();
    let error =
        invoke(&h.window, "server_info", json!({ "connectionId": 4242 })).expect_err("error");
    assert_eq!(error["code"], "unknownConnection", "{error}");
    assert!(error["message"]
        .as_str()
        .is_some_and(|m| m.contains("4242")));

    let id = invoke(&h.window, "list_connections", json!({})).expect("list")[0]["id"].clone();
    let missing = invoke(
        &h.window,
        "read_resource_streamed",
        json!({ "connectionId": id, "uri": "table://nope", "onEvent": "__CHANNEL__:1" }),
    )
    .expect_err("error");
    assert_eq!(missing["code"], "notFound", "{missing}");
}
