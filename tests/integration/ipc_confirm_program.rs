//! What a program starts with is part of the program: a page that keeps a saved connection's
//! command line byte for byte and adds a secret variable (`BASH_ENV`, `NODE_OPTIONS`, …) or
//! turns `inherit_env` on must still wait for the person's own confirmation, which names it.
//! The program here touches a marker file only when it gets what the page adds.

use crate::support::ipc_harness as support;

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use lode_app::confirmation::Confirmation;
use lode_desktop::Confirmer;
use serde_json::{json, Value};
use support::{harness_confirming, invoke, Harness};
use tauri::Manager;

/// The app, answering every confirmation `accept`, with one saved, enabled and started stdio
/// connection (saved by the person, straight through lode-app). Its shell touches `inherited`
/// when it gets Lode's whole environment (`CARGO_MANIFEST_DIR` is not among the variables a
/// server gets by default), and sources `BASH_ENV` when it is given one.
fn with_a_program(
    accept: bool,
    inherited: &Path,
) -> (Harness, Arc<Mutex<Vec<Confirmation>>>, Value, Value) {
    let asked = Arc::new(Mutex::new(Vec::new()));
    let h = harness_confirming(Confirmer::Scripted {
        accept,
        asked: asked.clone(),
    });
    let lode = h.app.state::<Arc<lode_app::Lode>>().inner().clone();
    tauri::async_runtime::block_on(lode.start_all()).expect("start the saved connections");
    let transport = json!({"kind": "stdio", "command": "bash", "args": ["-c",
        format!("if [ -n \"$CARGO_MANIFEST_DIR\" ]; then touch '{}'; fi", inherited.display())]});
    let draft: lode_core::ConnectionDraft =
        serde_json::from_value(draft(transport.clone(), json!([]), false)).expect("draft");
    let saved = tauri::async_runtime::block_on(lode.add_connection(&draft)).expect("saved");
    (h, asked, json!(saved.id), transport)
}

fn draft(transport: Value, secrets: Value, inherit_env: bool) -> Value {
    json!({"name": "notes", "transport": transport, "secrets": secrets, "oauth": false,
           "timeoutSecs": 5, "enabled": true, "shownInBrowser": true, "inheritEnv": inherit_env})
}

/// A new secret variable `name` whose value is `value`.
fn secret(name: &str, value: &str) -> Value {
    json!([{"place": {"kind": "env", "name": name}, "change": {"kind": "set", "value": value}}])
}

/// A script that touches `marker`, for `BASH_ENV` to name.
fn touching(dir: &Path, marker: &Path) -> String {
    let script = dir.join("evil.sh");
    std::fs::write(&script, format!("touch '{}'\n", marker.display())).expect("script");
    script.display().to_string()
}

fn messages(asked: &Mutex<Vec<Confirmation>>) -> Vec<String> {
    let asked = asked.lock().unwrap_or_else(|p| p.into_inner());
    asked.iter().map(|q| q.message.clone()).collect()
}

fn appears(path: &Path) -> bool {
    let deadline = Instant::now() + Duration::from_secs(15);
    while Instant::now() < deadline {
        if path.exists() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

#[test]
fn a_page_cannot_add_a_secret_variable_or_lodes_environment_to_a_program_unasked() {
    let dir = tempfile::tempdir().expect("dir");
    let (sourced, inherited) = (dir.path().join("sourced"), dir.path().join("inherited"));
    let (h, asked, id, transport) = with_a_program(false, &inherited);
    let script = touching(dir.path(), &sourced);
    for (name, value) in [
        ("BASH_ENV", script.as_str()),
        ("NODE_OPTIONS", "--import=data:x"),
    ] {
        let changed = draft(transport.clone(), secret(name, value), false);
        for (cmd, args) in [
            ("update_connection", json!({"id": id, "draft": changed})),
            ("test_connection", json!({"id": id, "draft": changed})),
        ] {
            let refused = invoke(&h.window, cmd, args).expect_err("declined");
            assert_eq!(refused["code"], "declined", "{cmd} {name}: {refused}");
        }
    }
    let inheriting = draft(transport, json!([]), true);
    for (cmd, args) in [
        ("update_connection", json!({"id": id, "draft": inheriting})),
        ("test_connection", json!({"id": id, "draft": inheriting})),
    ] {
        let refused = invoke(&h.window, cmd, args).expect_err("declined");
        assert_eq!(refused["code"], "declined", "{cmd}: {refused}");
    }
    std::thread::sleep(Duration::from_millis(500));
    assert!(!sourced.exists(), "the program never got BASH_ENV");
    assert!(!inherited.exists(), "nor Lode's environment");
    let listed = invoke(&h.window, "list_connections", json!({})).expect("list");
    let notes = &listed[0];
    assert_eq!(notes["settings"]["secrets"], json!([]), "{notes}");
    assert_eq!(notes["settings"]["inheritEnv"], false, "{notes}");
    let asked = messages(&asked);
    assert_eq!(asked.len(), 6, "{asked:?}");
    for (message, name) in asked.iter().zip([
        "BASH_ENV",
        "BASH_ENV",
        "NODE_OPTIONS",
        "NODE_OPTIONS",
        "inherit_env",
        "inherit_env",
    ]) {
        assert!(message.contains(name), "{name}: {message}");
    }
}

#[test]
fn confirmed_the_program_starts_with_what_the_question_named() {
    let dir = tempfile::tempdir().expect("dir");
    let (sourced, inherited) = (dir.path().join("sourced"), dir.path().join("inherited"));
    let (h, asked, id, transport) = with_a_program(true, &inherited);
    let script = touching(dir.path(), &sourced);
    let changed = draft(transport.clone(), secret("BASH_ENV", &script), false);
    invoke(
        &h.window,
        "update_connection",
        json!({"id": id, "draft": changed}),
    )
    .expect("saved once confirmed");
    let message = messages(&asked).pop().expect("asked");
    assert!(
        message.contains("BASH_ENV=•••••• (a new value, hidden)   ⚠ changes what code runs"),
        "{message}"
    );
    assert!(
        !message.contains(&script),
        "the value stays hidden: {message}"
    );
    assert!(appears(&sourced), "restarted with BASH_ENV");

    let keep = json!([{"place": {"kind": "env", "name": "BASH_ENV"}, "change": {"kind": "keep"}}]);
    let inheriting = draft(transport, keep, true);
    // The test runs it (and fails: the shell speaks no MCP); what matters is what it ran with.
    let _ = invoke(
        &h.window,
        "test_connection",
        json!({"id": id, "draft": inheriting}),
    );
    let message = messages(&asked).pop().expect("asked");
    assert!(message.contains("inherit_env is on"), "{message}");
    assert!(appears(&inherited), "tested with Lode's environment");
}
