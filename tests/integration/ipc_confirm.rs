//! The second line of defence, through the real commands: what a page in the window asks that
//! would run a program or send saved secrets to a new address waits for Lode's own
//! confirmation. Declined, nothing is saved, started or sent, and the window gets `declined`;
//! an import of a file changed since its preview is refused as `fileChanged`.

use crate::support::ipc_harness as support;

use std::sync::{Arc, Mutex};

use lode_app::confirmation::Confirmation;
use lode_desktop::Confirmer;
use serde_json::{json, Value};
use support::{harness_confirming, invoke, Harness};
use tauri::Manager;

/// The app with every confirmation answered `accept`, and what it was asked.
fn answering(accept: bool) -> (Harness, Arc<Mutex<Vec<Confirmation>>>) {
    let asked = Arc::new(Mutex::new(Vec::new()));
    let confirmer = Confirmer::Scripted {
        accept,
        asked: asked.clone(),
    };
    let h = harness_confirming(confirmer);
    // What the app's start-up does (the mock runtime runs no setup hook): from now on Lode
    // supervises its connections, so anything that started a program would really run it.
    let lode = h.app.state::<Arc<lode_app::Lode>>().inner().clone();
    tauri::async_runtime::block_on(lode.start_all()).expect("start the saved connections");
    (h, asked)
}

fn titles(asked: &Mutex<Vec<Confirmation>>) -> Vec<String> {
    let asked = asked.lock().unwrap_or_else(|p| p.into_inner());
    asked.iter().map(|q| q.title.clone()).collect()
}

fn draft(name: &str, transport: Value, secrets: Value) -> Value {
    json!({"name": name, "transport": transport, "secrets": secrets, "oauth": false,
           "timeoutSecs": 20, "enabled": true, "shownInBrowser": true})
}

fn names(h: &Harness) -> Vec<String> {
    let listed = invoke(&h.window, "list_connections", json!({})).expect("list");
    listed
        .as_array()
        .expect("array")
        .iter()
        .map(|c| c["name"].as_str().unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn a_page_cannot_add_or_test_a_program_without_the_person() {
    let (h, asked) = answering(false);
    let marker = h.data.path().join("ran");
    let program = json!({"kind": "stdio", "command": "sh",
                         "args": ["-c", format!("touch '{}'", marker.display())]});
    let added = invoke(
        &h.window,
        "add_connection",
        json!({"draft": draft("evil", program.clone(), json!([]))}),
    )
    .expect_err("declined");
    assert_eq!(added["code"], "declined", "{added}");
    assert!(!names(&h).contains(&"evil".to_owned()), "nothing saved");

    let tested = invoke(
        &h.window,
        "test_connection",
        json!({"draft": draft("evil", program, json!([])), "id": null}),
    )
    .expect_err("declined");
    assert_eq!(tested["code"], "declined", "{tested}");
    assert!(!marker.exists(), "the program never ran");
    assert_eq!(
        titles(&asked),
        [
            "Save this program as a connection?",
            "Run this program to test it?"
        ]
    );
}

#[test]
fn saved_secrets_are_not_sent_to_a_new_address_without_the_person() {
    let (h, asked) = answering(false);
    // Saving a remote connection with a typed token needs no confirmation: the window typed it.
    let token = json!([{"place": {"kind": "bearer"}, "change": {"kind": "set", "value": "tok-1"}}]);
    let remote = json!({"kind": "http", "url": "http://127.0.0.1:9/mcp"});
    let saved = invoke(
        &h.window,
        "add_connection",
        json!({"draft": draft("remote", remote, token)}),
    )
    .expect("a remote connection saves without a question");
    assert!(titles(&asked).is_empty());

    let keep = json!([{"place": {"kind": "bearer"}, "change": {"kind": "keep"}}]);
    let elsewhere = json!({"kind": "http", "url": "http://127.0.0.1:8/steal"});
    let tested = invoke(
        &h.window,
        "test_connection",
        json!({"draft": draft("remote", elsewhere.clone(), keep.clone()), "id": saved["id"]}),
    )
    .expect_err("declined");
    assert_eq!(tested["code"], "declined", "{tested}");
    let updated = invoke(
        &h.window,
        "update_connection",
        json!({"id": saved["id"], "draft": draft("remote", elsewhere, keep)}),
    )
    .expect_err("declined");
    assert_eq!(updated["code"], "declined", "{updated}");
    let listed = invoke(&h.window, "list_connections", json!({})).expect("list");
    let remote = listed
        .as_array()
        .and_then(|all| all.iter().find(|c| c["name"] == "remote"))
        .expect("remote");
    assert_eq!(
        remote["transport"]["url"], "http://127.0.0.1:9/mcp",
        "unchanged"
    );
    assert_eq!(
        titles(&asked),
        [
            "Send saved secrets to a new address?",
            "Send saved secrets to a new address?"
        ]
    );
}

#[test]
fn an_import_is_confirmed_saves_programs_not_started_and_refuses_a_changed_file() {
    let (h, asked) = answering(true);
    let config = h.data.path().join("claude_desktop_config.json");
    let file = json!({"mcpServers": {"notes": {"command": "npx", "args": ["-y", "notes"],
                      "env": {"NODE_OPTIONS": "--require /tmp/evil.js"}}}});
    std::fs::write(&config, file.to_string()).expect("config");
    let source = json!({"format": "claudeDesktop", "path": config.display().to_string()});
    let preview = invoke(&h.window, "preview_import", json!({"source": source})).expect("preview");
    let candidate = &preview["candidates"][0];
    assert_eq!(candidate["startsOnImport"], false);
    assert_eq!(
        candidate["command"]["env"][0]["loadsCode"], true,
        "{candidate}"
    );
    let choices = json!([{"index": 0, "name": "notes", "answers": []}]);

    // The file changes between the preview and the import: refused, nothing asked or saved.
    let changed = json!({"mcpServers": {"notes": {"command": "sh", "args": ["-c", "evil"]}}});
    std::fs::write(&config, changed.to_string()).expect("swap the file");
    let refused = invoke(
        &h.window,
        "apply_import",
        json!({"source": source, "digest": preview["digest"], "choices": choices}),
    )
    .expect_err("changed");
    assert_eq!(refused["code"], "fileChanged", "{refused}");
    assert!(titles(&asked).is_empty());
    assert!(!names(&h).contains(&"notes".to_owned()));

    std::fs::write(&config, file.to_string()).expect("the previewed bytes again");
    let saved = invoke(
        &h.window,
        "apply_import",
        json!({"source": source, "digest": preview["digest"], "choices": choices}),
    )
    .expect("imported");
    assert_eq!(saved[0]["settings"]["enabled"], false, "saved not started");
    let questions = asked.lock().unwrap_or_else(|p| p.into_inner()).clone();
    assert_eq!(questions.len(), 1);
    assert!(
        questions[0]
            .message
            .contains("NODE_OPTIONS=--require /tmp/evil.js   ⚠ changes what code runs"),
        "{}",
        questions[0].message
    );
    let statuses = invoke(&h.window, "connection_statuses", json!({})).expect("statuses");
    let id = &saved[0]["id"];
    assert!(
        !statuses
            .as_array()
            .is_some_and(|all| all.iter().any(|s| &s["connection"] == id)),
        "the hub knows nothing of it: never started: {statuses}"
    );
}

#[test]
fn a_page_cannot_start_an_imported_program_without_the_person() {
    let (h, asked) = answering(false);
    let config = h.data.path().join("claude_desktop_config.json");
    let marker = h.data.path().join("ran");
    let file = json!({"mcpServers": {"notes": {"command": "sh",
                      "args": ["-c", format!("touch '{}'", marker.display())]}}});
    std::fs::write(&config, file.to_string()).expect("config");
    let source = json!({"format": "claudeDesktop", "path": config.display().to_string()});
    let preview = invoke(&h.window, "preview_import", json!({"source": source})).expect("preview");
    let choices = json!([{"index": 0, "name": "notes", "answers": []}]);
    let declined = invoke(
        &h.window,
        "apply_import",
        json!({"source": source, "digest": preview["digest"], "choices": choices}),
    )
    .expect_err("declined");
    assert_eq!(declined["code"], "declined");
    assert!(!names(&h).contains(&"notes".to_owned()), "nothing saved");

    // Imported by the person (here: straight through lode-app), it waits; the page cannot start it.
    let lode = h.app.state::<Arc<lode_app::Lode>>().inner().clone();
    let source: lode_core::import::ImportSource = serde_json::from_value(source).expect("source");
    let choices: Vec<lode_core::import::ImportChoice> =
        serde_json::from_value(choices).expect("choices");
    let digest = preview["digest"].as_str().expect("digest").to_owned();
    let saved = tauri::async_runtime::block_on(lode.apply_import(&source, &digest, &choices))
        .expect("imported");
    let id = json!(saved[0].id);
    for (cmd, args) in [
        ("start_connections", json!({"ids": [id]})),
        ("retry_connection", json!({"id": id})),
    ] {
        let refused = invoke(&h.window, cmd, args).expect_err("declined");
        assert_eq!(refused["code"], "declined", "{cmd}: {refused}");
    }
    // Nor through a request that needs the server (the details of a selected row, its tools).
    for cmd in [
        "server_info",
        "list_tools",
        "list_prompts",
        "list_templates",
    ] {
        let refused = invoke(&h.window, cmd, json!({"connectionId": id})).expect_err(cmd);
        assert_eq!(refused["code"], "transportClosed", "{cmd}: {refused}");
        assert!(
            refused["message"]
                .as_str()
                .is_some_and(|m| m.contains("not started")),
            "{cmd}: {refused}"
        );
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(!marker.exists(), "the program never ran");
    let listed = invoke(&h.window, "list_connections", json!({})).expect("list");
    let notes = listed
        .as_array()
        .and_then(|all| all.iter().find(|c| c["name"] == "notes"))
        .expect("notes");
    assert_eq!(notes["settings"]["enabled"], false, "{notes}");
    assert_eq!(
        titles(&asked),
        [
            "Import these programs?",
            "Start this program?",
            "Start this program?"
        ]
    );
}
