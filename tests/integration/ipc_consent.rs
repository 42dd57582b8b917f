//! Acts outside the window need the person, decided in Rust, whatever a compromised page asks
//! through the real commands: it cannot offer a folder it names as a root, it cannot run a tool
//! that is not read-only (by the server's own listing) without Lode's native yes, it cannot make
//! Lode stop asking without that yes, and it cannot open a server's web page twice or without
//! the person. Each case acts as a page would: IPC on Tauri's mock runtime.

use crate::support::ipc_harness as support;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use lode_app::confirmation::Confirmation;
use lode_app::Lode;
use lode_desktop::Confirmer;
use serde_json::{json, Value};
use support::{harness_confirming, invoke, Harness};
use tauri::Manager;

/// The app, its saved connections started, every confirmation answered `accept`; what it was
/// asked; and the Demo's id.
fn answering(accept: bool) -> (Harness, Arc<Mutex<Vec<Confirmation>>>, Value) {
    let asked = Arc::new(Mutex::new(Vec::new()));
    let h = harness_confirming(Confirmer::Scripted {
        accept,
        asked: asked.clone(),
    });
    // What the app's start-up does (the mock runtime runs no setup hook).
    let lode = lode(&h);
    lode.asks().open();
    tauri::async_runtime::block_on(lode.start_all()).expect("start the saved connections");
    let demo = invoke(&h.window, "list_connections", json!({})).expect("list")[0]["id"].clone();
    (h, asked, demo)
}

fn lode(h: &Harness) -> Arc<Lode> {
    h.app.state::<Arc<Lode>>().inner().clone()
}

fn titles(asked: &Mutex<Vec<Confirmation>>) -> Vec<String> {
    let asked = asked.lock().unwrap_or_else(|p| p.into_inner());
    asked.iter().map(|q| q.title.clone()).collect()
}

fn roots(h: &Harness) -> Value {
    let listed = invoke(&h.window, "list_connections", json!({})).expect("list");
    listed[0]["settings"]["roots"].clone()
}

#[test]
fn a_page_cannot_offer_a_folder_it_names_as_a_root() {
    let (h, _, demo) = answering(true);
    let home = std::env::var("HOME").unwrap_or_else(|_| "/root".to_owned());
    let data = h.data.path().display().to_string();
    for folder in ["/".to_owned(), format!("{home}/.ssh"), data.clone()] {
        let refused = invoke(
            &h.window,
            "set_roots",
            json!({"connectionId": demo, "roots": [folder]}),
        )
        .expect_err("a folder named by the page is refused");
        assert_eq!(refused["code"], "invalidInput", "{folder}: {refused}");
    }
    assert_eq!(roots(&h), Value::Null, "nothing offered");

    // The folders the person chose (here straight through lode-app, as the folder dialog adds
    // them) the page may remove or reorder, but not add to.
    let first = h.data.path().join("first");
    let second = h.data.path().join("second");
    std::fs::create_dir(&first).expect("first");
    std::fs::create_dir(&second).expect("second");
    let (first, second) = (first.display().to_string(), second.display().to_string());
    let id = serde_json::from_value(demo.clone()).expect("id");
    tauri::async_runtime::block_on(lode(&h).add_root(id, first.as_ref())).expect("added");
    tauri::async_runtime::block_on(lode(&h).add_root(id, second.as_ref())).expect("added");
    let sneaked = invoke(
        &h.window,
        "set_roots",
        json!({"connectionId": demo, "roots": [second, "/"]}),
    )
    .expect_err("a new folder beside kept ones is refused");
    assert_eq!(sneaked["code"], "invalidInput", "{sneaked}");
    assert_eq!(roots(&h), json!([first, second]), "unchanged");
    let kept = invoke(
        &h.window,
        "set_roots",
        json!({"connectionId": demo, "roots": [second]}),
    )
    .expect("a removal needs no dialog");
    assert_eq!(kept, json!([second]));
    assert_eq!(roots(&h), json!([second]));
}

/// Whether the demo holds a note titled `title` (what `add_note` adds).
fn has_note(h: &Harness, demo: &Value, title: &str) -> bool {
    let id = serde_json::from_value(demo.clone()).expect("id");
    let resources =
        tauri::async_runtime::block_on(lode(h).list_resources(id)).expect("the demo's resources");
    resources
        .iter()
        .any(|r| r.uri.starts_with("demo://notes/") && r.title.as_deref() == Some(title))
}

fn add_note(h: &Harness, demo: &Value, title: &str, dont_ask_again: bool) -> Result<Value, Value> {
    invoke(
        &h.window,
        "call_tool",
        json!({"connectionId": demo, "name": "add_note", "dontAskAgain": dont_ask_again,
               "arguments": {"title": title, "text": "written by the page"}}),
    )
}

#[test]
fn a_page_cannot_run_a_changing_tool_without_the_person() {
    let (h, asked, demo) = answering(false);
    let declined = add_note(&h, &demo, "page-marker", false).expect_err("declined");
    assert_eq!(declined["code"], "declined", "{declined}");
    assert!(!has_note(&h, &demo, "page-marker"), "the tool never ran");
    // A wish not to be asked again is kept only after a yes: after a no, Lode still asks.
    let declined = add_note(&h, &demo, "page-marker", true).expect_err("declined");
    assert_eq!(declined["code"], "declined", "{declined}");
    let trusted = invoke(&h.window, "trusted_tools", json!({"connectionId": demo}));
    assert_eq!(trusted.expect("trusted"), json!([]));
    assert!(!has_note(&h, &demo, "page-marker"), "the tool never ran");
    let questions = asked.lock().unwrap_or_else(|p| p.into_inner()).clone();
    assert_eq!(questions.len(), 2);
    assert_eq!(questions[0].title, "Run the tool add_note?");
    let message = &questions[0].message;
    assert!(
        message.contains("Demo asks to run its tool add_note"),
        "{message}"
    );
    assert!(
        message.contains("(not read-only, not destructive)"),
        "{message}"
    );
    assert!(message.contains("page-marker"), "the arguments: {message}");
    assert!(questions[1].message.contains("without asking"));

    // A tool the server's listing marks read-only runs without a question.
    let counted = invoke(
        &h.window,
        "call_tool",
        json!({"connectionId": demo, "name": "row_count", "arguments": {"table": "orders"}}),
    );
    assert!(counted.is_ok(), "{counted:?}");
    // One the listing does not have is asked about, whatever the page says of it.
    let unknown = invoke(
        &h.window,
        "call_tool",
        json!({"connectionId": demo, "name": "no_such_tool", "arguments": {},
               "annotations": {"readOnlyHint": true}}),
    )
    .expect_err("declined");
    assert_eq!(unknown["code"], "declined", "{unknown}");
    assert_eq!(titles(&asked).len(), 3, "{:?}", titles(&asked));
}

#[test]
fn dont_ask_again_is_kept_after_a_yes_and_undone_from_the_window() {
    let (h, asked, demo) = answering(true);
    add_note(&h, &demo, "first", true).expect("ran after the yes");
    assert!(has_note(&h, &demo, "first"));
    assert_eq!(titles(&asked).len(), 1);
    let trusted = invoke(&h.window, "trusted_tools", json!({"connectionId": demo}));
    assert_eq!(trusted.expect("trusted"), json!(["add_note"]));

    add_note(&h, &demo, "second", false).expect("ran unasked");
    assert!(has_note(&h, &demo, "second"));
    assert_eq!(titles(&asked).len(), 1, "not asked again");

    let forgotten = invoke(
        &h.window,
        "forget_trusted_tool",
        json!({"connectionId": demo, "name": "add_note"}),
    );
    assert_eq!(forgotten.expect("forgotten"), json!([]));
    add_note(&h, &demo, "third", false).expect("ran after the yes");
    assert_eq!(titles(&asked).len(), 2, "asked again");
}

/// The URL elicitation the demo's `ask_url` tool opens, waiting for the person.
fn waiting_url_ask(h: &Harness, demo: &Value) -> Value {
    let id = serde_json::from_value(demo.clone()).expect("id");
    let lode = lode(h);
    tauri::async_runtime::spawn(async move {
        let _ = lode.call_tool(id, "ask_url", json!({})).await;
    });
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let pending = invoke(&h.window, "pending_server_asks", json!({})).expect("pending");
        // `WaitingAsks`: the asks waiting, and the refusals meanwhile.
        if let Some(ask) = pending["asks"].as_array().and_then(|asks| asks.first()) {
            return ask.clone();
        }
        assert!(Instant::now() < deadline, "the demo never asked");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_page_opens_a_waiting_web_page_once_after_the_person_agrees() {
    let (h, asked, demo) = answering(true);
    let ask = waiting_url_ask(&h, &demo);
    let ask_id = ask["id"].clone();
    // The first open passes Lode's question (here the opener itself may be missing: spawnFailed).
    let first = invoke(&h.window, "open_ask_url", json!({"askId": ask_id}));
    assert!(
        first
            .as_ref()
            .map_or_else(|e| e["code"] == "spawnFailed", |_| true),
        "{first:?}"
    );
    let questions = asked.lock().unwrap_or_else(|p| p.into_inner()).clone();
    assert_eq!(questions.len(), 1);
    assert_eq!(questions[0].title, "Open this web page?");
    assert!(questions[0]
        .message
        .contains("https://modelcontextprotocol.io/"));

    let again = invoke(&h.window, "open_ask_url", json!({"askId": ask_id})).expect_err("once");
    assert_eq!(again["code"], "invalidInput", "{again}");
    assert_eq!(titles(&asked).len(), 1, "not even asked");

    // Answered, the ask no longer waits: nothing to open; nor an ask that never was.
    invoke(
        &h.window,
        "answer_server_ask",
        json!({"askId": ask_id, "answer": {"kind": "elicitation", "answer": {"action": "decline"}}}),
    )
    .expect("answered");
    for id in [ask_id, json!(999_999)] {
        let gone = invoke(&h.window, "open_ask_url", json!({"askId": id})).expect_err("gone");
        assert_eq!(gone["code"], "notFound", "{gone}");
    }
}

#[test]
fn a_web_page_the_person_declined_is_not_opened_and_may_still_be() {
    let (h, asked, demo) = answering(false);
    let ask = waiting_url_ask(&h, &demo);
    let declined =
        invoke(&h.window, "open_ask_url", json!({"askId": ask["id"]})).expect_err("declined");
    assert_eq!(declined["code"], "declined", "{declined}");
    assert_eq!(titles(&asked), ["Open this web page?"]);
    let still =
        invoke(&h.window, "open_ask_url", json!({"askId": ask["id"]})).expect_err("declined again");
    assert_eq!(
        still["code"], "declined",
        "asked again, not refused as opened: {still}"
    );
}
