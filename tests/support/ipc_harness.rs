//! Lode's real commands on Tauri's mock runtime, over a real `Lode` (SQLite file + demo
//! server), called the way the window calls them.

use std::sync::Arc;
use std::time::{Duration, Instant};

use lode_app::Lode;
use serde_json::{json, Value};
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{get_ipc_response, mock_builder, MockRuntime, INVOKE_KEY};
use tauri::webview::{InvokeRequest, WebviewWindowBuilder};
use tauri::{Manager, WebviewWindow};

pub fn demo_beside_tests() -> lode_core::TransportSpec {
    let exe = std::env::current_exe().expect("test exe");
    let beside = exe
        .parent()
        .and_then(|d| d.parent())
        .map(|d| d.join("lode"))
        .expect("target dir");
    lode_app::demo_server_command(&beside)
        .expect("build the demo server first: cargo build -p lode-demo-server")
}

/// The app's own origin, the only one the capability grants commands to.
const APP_ORIGIN: &str = if cfg!(windows) {
    "http://tauri.localhost"
} else {
    "tauri://localhost"
};

// Each test file uses what it needs of the harness: not all of it.
#[allow(dead_code)]
pub struct Harness {
    pub app: tauri::App<MockRuntime>,
    pub window: WebviewWindow<MockRuntime>,
    pub data: tempfile::TempDir,
}

/// The app with every confirmation accepted (what the person would do in these flows).
pub fn harness() -> Harness {
    harness_confirming(lode_desktop::Confirmer::scripted(true))
}

/// The app with its confirmations answered by `confirmer`.
#[allow(dead_code)] // not every test binary that includes the harness scripts its own answers
pub fn harness_confirming(confirmer: lode_desktop::Confirmer) -> Harness {
    let data = tempfile::tempdir().expect("temp dir");
    let lode = Arc::new(Lode::open(data.path(), Some(demo_beside_tests())).expect("open Lode"));
    // The real config and capabilities: a command the capability does not grant fails here.
    let mut context = tauri::generate_context!("tauri.conf.json", test = true);
    lode_desktop::allow_loopback_update_feed(&mut context);
    let app = lode_desktop::build(mock_builder(), lode, confirmer)
        .build(context)
        .expect("build the app");
    let window = WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .expect("window");
    Harness { app, window, data }
}

pub fn invoke(window: &WebviewWindow<MockRuntime>, cmd: &str, args: Value) -> Result<Value, Value> {
    let request = InvokeRequest {
        cmd: cmd.into(),
        callback: CallbackFn(0),
        error: CallbackFn(1),
        url: APP_ORIGIN.parse().expect("url"),
        body: InvokeBody::Json(args),
        headers: Default::default(),
        invoke_key: INVOKE_KEY.to_string(),
    };
    get_ipc_response(window, request)
        .map(|body| body.deserialize::<Value>().expect("JSON response"))
}

/// Every row the browser's index holds for connection `server` (its name), once its listing is
/// complete: what the window's list shows, asked the way the window asks (`browse_list`).
#[allow(dead_code)]
pub fn listed_rows(h: &Harness, server: &str) -> Vec<Value> {
    // What the app's start-up does (the mock runtime runs no setup hook): connect every saved
    // connection, and feed the browser's index from their listings.
    let lode = h.app.state::<Arc<Lode>>().inner().clone();
    tauri::async_runtime::block_on(lode.start_all()).expect("start the saved connections");
    let window = &h.window;
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let status = invoke(window, "browse_status", json!({})).expect("browse_status");
        let listed = status["servers"].as_array().is_some_and(|servers| {
            servers
                .iter()
                .any(|s| s["server"] == server && s["state"]["state"] == "listed")
        });
        if listed {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{server} was never listed: {status}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let query = every_row_query(Some(server));
    let window_rows =
        invoke(window, "browse_list", json!({ "query": query })).expect("browse_list");
    window_rows["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| row["item"].clone())
        .collect()
}

/// A `browse_list` query for every row, by name, with no search or filter: of `server` only,
/// or of every server.
#[allow(dead_code)]
pub fn every_row_query(server: Option<&str>) -> Value {
    json!({
        "text": "", "sort": "name", "offset": 0, "limit": 100_000, "audience": null,
        "servers": server.map(|s| vec![s]), "hidden": [], "mimePrefix": null, "scheme": null,
    })
}
