//! A planted secret goes to the keychain and to its server, and nowhere else: after a session
//! that saves, uses, tests, edits, exports, imports, removes and restores connections holding
//! it — through the real commands, on the real keychain, with every log line captured at TRACE
//! (under the app's own filter, which keeps rmcp's dumps of whole messages out) — neither the database files, nor the log output, nor anything that crossed IPC to the window
//! (command answers and connection events), nor the protocol history (listed, every message opened,
//! exported) nor a `--trace` file of the same connection contains it — not even where a stdio
//! server echoes its secret variable back (server-everything's `get-env`). Nor does any form of
//! it — JSON-\u-escaped, URL-encoded, base64 in either alphabet at any alignment — that a server
//! echoes on stderr, in a log notification and in a progress notification
//! (`tests/servers/echo-secret-server.mjs`) reach the log, its stderr tail (`server_log`,
//! `server_info`), its history, or an event or answer to the window. A marker planted in
//! plain settings (and sent as a tool argument) is found in the same places, so the search itself
//! is known to work.

use crate::support::ipc_harness as support;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use support::{demo_beside_tests, every_row_query, harness, invoke};
use tauri::Manager;

const PLANTED: &str = "planted-secret-5c1e9d0b";
/// Plain, non-secret text that must be found where the secret must not.
const MARKER: &str = "plain-marker-77aa";

/// Everything written to it, shared: the log output of the whole test.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap_or_else(|p| p.into_inner())).into_owned()
    }
}

/// The demo server over Streamable HTTP, ended when dropped.
struct HttpDemo {
    child: Child,
    url: String,
}

impl Drop for HttpDemo {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn http_demo() -> HttpDemo {
    let lode_core::TransportSpec::Stdio { command, .. } = demo_beside_tests() else {
        panic!("the demo server runs over stdio");
    };
    let mut child = Command::new(command)
        .args(["http", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the demo server over HTTP");
    let mut line = String::new();
    let stdout = child.stdout.take().expect("stdout");
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("listening line");
    let url = line
        .trim()
        .strip_prefix("listening on ")
        .expect("listening on URL")
        .to_owned();
    HttpDemo { child, url }
}

/// Every answer the window got, as text.
struct Traffic {
    answers: Vec<String>,
}

impl Traffic {
    fn call(
        &mut self,
        window: &tauri::WebviewWindow<tauri::test::MockRuntime>,
        cmd: &str,
        args: Value,
    ) -> Value {
        let answer = invoke(window, cmd, args);
        let text = match &answer {
            Ok(value) | Err(value) => value.to_string(),
        };
        self.answers.push(format!("{cmd}: {text}"));
        answer.unwrap_or_else(|error| panic!("{cmd} failed: {error}"))
    }
}

fn set(place: Value) -> Value {
    json!({"place": place, "change": {"kind": "set", "value": PLANTED}})
}

/// The demo server behind a shell that starts it only when `$LODE_TOKEN` holds the secret, so
/// "ready" proves the secret reached the server.
fn guarded_stdio() -> Value {
    let lode_core::TransportSpec::Stdio { command, args, .. } = demo_beside_tests() else {
        panic!("the demo server runs over stdio");
    };
    let line: Vec<String> = std::iter::once(command)
        .chain(args)
        .map(|w| format!("'{w}'"))
        .collect();
    let script = format!(
        "test \"$LODE_TOKEN\" = '{PLANTED}' || exit 3; exec {}",
        line.join(" ")
    );
    // The script names the secret, so it would leak through the transport: read it from a file.
    let dir = std::env::temp_dir().join(format!("lode-leak-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("script dir");
    let path = dir.join("guarded.sh");
    std::fs::write(&path, script).expect("script");
    json!({"kind": "stdio", "command": "sh", "args": [path.display().to_string()],
           "env": {"MARKER": MARKER}})
}

/// The official server-everything over stdio: its `get-env` tool answers with its whole
/// environment, secret variables included.
fn echoing_stdio() -> Value {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/servers");
    let index = root.join("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    assert!(index.exists(), "run `npm ci --prefix {}`", root.display());
    json!({"kind": "stdio", "command": "node", "args": [index.display().to_string(), "stdio"]})
}

/// Asks the echoing server for its environment (outside IPC: the answer holds the secret, as
/// the server meant it to) and checks that it did echo the secret.
fn echo_env(lode: &lode_app::Lode, id: &Value) {
    let id = serde_json::from_value(id.clone()).expect("an id");
    let result = tauri::async_runtime::block_on(lode.call_tool(id, "get-env", json!({})));
    let result = serde_json::to_string(&result.expect("get-env")).expect("json");
    assert!(result.contains(PLANTED), "the server echoes its secret");
}

/// `lode --trace FILE` on the echoing connection, asking for its environment.
fn trace_echo(lode: &lode_app::Lode, file: &std::path::Path) {
    let trace = std::fs::File::create(file).expect("trace file");
    let mut options = lode_app::ConnectOptions::new(String::new());
    options.history = Some(lode_app::ProtocolHistory::with_trace(Box::new(trace)));
    let target = lode_app::ServerTarget::Saved("echo".to_owned());
    tauri::async_runtime::block_on(async {
        let client = lode
            .connect_target_with(&target, options)
            .await
            .expect("connect");
        let result = client.call_tool("get-env", json!({})).await.expect("call");
        let result = serde_json::to_string(&result).expect("json");
        assert!(result.contains(PLANTED), "the server echoes its secret");
        client.close().await;
    });
}

/// `lode --trace FILE --stdio … --env LODE_TOKEN=<secret>`: the same echoing server, given
/// inline (not saved), its variable on the command line.
fn trace_inline_echo(lode: &lode_app::Lode, file: &std::path::Path) {
    let trace = std::fs::File::create(file).expect("trace file");
    let mut options = lode_app::ConnectOptions::new(String::new());
    options.history = Some(lode_app::ProtocolHistory::with_trace(Box::new(trace)));
    let mut transport: lode_core::TransportSpec =
        serde_json::from_value(echoing_stdio()).expect("a transport");
    if let lode_core::TransportSpec::Stdio { env, .. } = &mut transport {
        env.insert("LODE_TOKEN".to_owned(), PLANTED.to_owned());
    }
    let target = lode_app::ServerTarget::Inline {
        label: "inline".to_owned(),
        transport,
    };
    tauri::async_runtime::block_on(async {
        let client = lode
            .connect_target_with(&target, options)
            .await
            .expect("connect");
        let result = client.call_tool("get-env", json!({})).await.expect("call");
        let result = serde_json::to_string(&result).expect("json");
        assert!(result.contains(PLANTED), "the server echoes its variable");
        client.close().await;
    });
}

/// A server that echoes `$LODE_TOKEN` in every form on stderr, in a log notification and in a
/// progress notification, each echo marked with the marker.
fn echo_secret_stdio() -> Value {
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/servers/echo-secret-server.mjs");
    json!({"kind": "stdio", "command": "node", "args": [script.display().to_string()],
           "env": {"ECHO_MARKER": MARKER}})
}

/// base64 of `bytes`, standard or URL-safe, unpadded: the test's own, not the scrubber's.
fn base64(bytes: &[u8], url_safe: bool) -> String {
    let alphabet: &[u8] = if url_safe {
        b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    } else {
        b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    };
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(char::from(alphabet[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

/// Every form of the secret the echoing server writes, as it could be found: the escapes and
/// encodings whole, and of each base64 string (the secret after 0, 1 or 2 other bytes) the
/// characters that only the secret's bytes decide.
fn secret_forms() -> Vec<String> {
    let mut forms = vec![PLANTED.to_owned()];
    for upper in [false, true] {
        let hex = |n: u32| {
            let hex = format!("{n:04x}");
            if upper {
                hex.to_uppercase()
            } else {
                hex
            }
        };
        forms.push(
            PLANTED
                .chars()
                .map(|c| format!("\\u{}", hex(c as u32)))
                .collect(),
        );
        forms.push(
            PLANTED
                .bytes()
                .map(|b| format!("%{}", &hex(u32::from(b))[2..]))
                .collect(),
        );
    }
    forms.push(PLANTED.replace('-', "%2D"));
    for before in ["", "x", "xy"] {
        for url_safe in [false, true] {
            let encoded = base64(format!("{before}{PLANTED}!").as_bytes(), url_safe);
            forms.push(encoded[4..encoded.len() - 4].to_owned());
        }
    }
    forms
}

/// Which forms of the secret `haystack` holds, as text or inside JSON (escaped again).
fn forms_in(haystack: &[u8]) -> Vec<String> {
    secret_forms()
        .into_iter()
        .flat_map(|form| {
            let quoted = serde_json::to_string(&form).expect("a string");
            [quoted[1..quoted.len() - 1].to_owned(), form]
        })
        .filter(|form| holds(haystack, form))
        .collect()
}

/// Waits until the echoing server's echoes have arrived: its stderr in its log, its log and
/// progress notifications as connection events.
fn wait_echoes(
    traffic: &mut Traffic,
    window: &tauri::WebviewWindow<tauri::test::MockRuntime>,
    id: &Value,
    events: &Mutex<Vec<String>>,
) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let log = traffic.call(
            window,
            "server_log",
            json!({"connectionId": id, "lines": 500}),
        );
        let events = events.lock().unwrap_or_else(|p| p.into_inner()).join("\n");
        let arrived = log.to_string().contains(&format!("{MARKER}-stderr"))
            && events.contains(&format!("{MARKER}-log"))
            && events.contains(&format!("{MARKER}-progress"));
        if arrived {
            return;
        }
        assert!(Instant::now() < deadline, "no echoes: {log} {events}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn draft(name: &str, transport: Value, secrets: Vec<Value>) -> Value {
    json!({"name": name, "transport": transport, "secrets": secrets, "oauth": false,
           "timeoutSecs": 20, "enabled": true, "shownInBrowser": true})
}

fn wait_ready(
    traffic: &mut Traffic,
    window: &tauri::WebviewWindow<tauri::test::MockRuntime>,
    ids: &[Value],
) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let statuses = traffic.call(window, "connection_statuses", json!({}));
        let ready = ids.iter().all(|id| {
            statuses.as_array().is_some_and(|all| {
                all.iter()
                    .any(|s| &s["connection"] == id && s["status"]["state"] == "ready")
            })
        });
        if ready {
            return;
        }
        assert!(Instant::now() < deadline, "not ready: {statuses}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Connects to the saved "remote" connection as `lode --trace FILE` does (its secrets from the
/// keychain) and calls a tool with the marker.
fn trace_remote(lode: &lode_app::Lode, file: &std::path::Path) {
    let trace = std::fs::File::create(file).expect("trace file");
    let mut options = lode_app::ConnectOptions::new(String::new());
    options.history = Some(lode_app::ProtocolHistory::with_trace(Box::new(trace)));
    let target = lode_app::ServerTarget::Saved("remote".to_owned());
    tauri::async_runtime::block_on(async {
        let client = lode
            .connect_target_with(&target, options)
            .await
            .expect("connect");
        client
            .call_tool("row_count", json!({ "table": MARKER }))
            .await
            .expect("call");
        client.close().await;
    });
}

fn holds(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|w| w == needle.as_bytes())
}

#[test]
fn a_planted_secret_is_in_no_database_file_log_line_or_ipc_message() {
    let log = Captured::default();
    let writer = log.clone();
    // Everything at TRACE, under the app's own filter (which keeps rmcp's message dumps out).
    tracing_subscriber::fmt()
        .with_env_filter(lode_desktop::log_filter(Some("trace")))
        .with_writer(move || writer.clone())
        .init();
    let server = http_demo();
    let h = harness();
    // The hub's events as the shell emits them to the window (the mock runtime never runs the
    // event loop, so the shell's own forwarding task does not start here).
    let lode = h.app.state::<Arc<lode_app::Lode>>().inner().clone();
    // What the shell's setup does when the window opens (the mock never opens one).
    tauri::async_runtime::block_on(lode.start_all()).expect("start");
    let events = Arc::new(Mutex::new(Vec::<String>::new()));
    let sink = events.clone();
    let mut hub = lode.events();
    tauri::async_runtime::spawn(async move {
        while let Ok(event) = hub.recv().await {
            let payload = serde_json::to_string(&event).expect("a connection event serializes");
            sink.lock().unwrap_or_else(|p| p.into_inner()).push(payload);
        }
    });
    let w = &h.window;
    let mut traffic = Traffic {
        answers: Vec::new(),
    };

    // Save a local server with a secret variable and a remote one with a bearer token and a
    // secret header, both the planted value; both become ready with it.
    let env_secret = set(json!({"kind": "env", "name": "LODE_TOKEN"}));
    let local = draft(
        &format!("local {MARKER}"),
        guarded_stdio(),
        vec![env_secret.clone()],
    );
    let problems = traffic.call(w, "check_connection", json!({"draft": local, "id": null}));
    assert_eq!(problems, json!([]));
    let local = traffic.call(w, "add_connection", json!({"draft": local}));
    let remote_secrets = vec![
        set(json!({"kind": "bearer"})),
        set(json!({"kind": "header", "name": "X-Api-Key"})),
    ];
    let remote = draft(
        "remote",
        json!({"kind": "http", "url": server.url, "headers": {"X-Plain": MARKER}}),
        remote_secrets,
    );
    let remote = traffic.call(w, "add_connection", json!({"draft": remote}));
    let echo = draft("echo", echoing_stdio(), vec![env_secret.clone()]);
    let echo = traffic.call(w, "add_connection", json!({"draft": echo}));
    let forms = draft("echo-secret", echo_secret_stdio(), vec![env_secret.clone()]);
    let forms = traffic.call(w, "add_connection", json!({"draft": forms}));
    let ids = [
        local["id"].clone(),
        remote["id"].clone(),
        echo["id"].clone(),
        forms["id"].clone(),
    ];
    wait_ready(&mut traffic, w, &ids);
    echo_env(&lode, &ids[2]);
    wait_echoes(&mut traffic, w, &ids[3], &events);

    // Use them, test and edit with the secrets kept, and look at everything the window shows.
    for id in &ids {
        traffic.call(w, "server_info", json!({"connectionId": id}));
        traffic.call(w, "server_log", json!({"connectionId": id, "lines": 500}));
    }
    traffic.call(w, "browse_list", json!({ "query": every_row_query(None) }));
    traffic.call(w, "browse_status", json!({}));
    let keep = json!({"place": {"kind": "env", "name": "LODE_TOKEN"}, "change": {"kind": "keep"}});
    let kept = draft(&format!("local {MARKER}"), guarded_stdio(), vec![keep]);
    traffic.call(w, "test_connection", json!({"draft": kept, "id": ids[0]}));
    let renamed = draft(
        &format!("renamed {MARKER}"),
        guarded_stdio(),
        vec![env_secret],
    );
    traffic.call(
        w,
        "update_connection",
        json!({"id": ids[0], "draft": renamed}),
    );
    wait_ready(&mut traffic, w, &ids[..1]);
    traffic.call(w, "list_connections", json!({}));
    traffic.call(w, "export_connections", json!({"ids": []}));

    // The protocol history of both connections, every message opened, and exported; and a
    // trace file (`lode --trace`) of the remote connection, whose secrets go in its headers.
    let arguments = json!({"table": MARKER});
    let marked = json!({"connectionId": ids[1], "name": "row_count", "arguments": arguments});
    traffic.call(w, "call_tool", marked);
    for id in &ids {
        let history = traffic.call(w, "protocol_history", json!({"connectionId": id}));
        for message in history.as_array().expect("a list") {
            let seq = &message["seq"];
            traffic.call(
                w,
                "protocol_message",
                json!({"connectionId": id, "seq": seq}),
            );
        }
        let id = serde_json::from_value(id.clone()).expect("an id");
        let export = h.data.path().join(format!("history-{id:?}.jsonl"));
        lode.export_protocol_history(id, &export).expect("export");
    }
    let trace_file = h.data.path().join("trace.jsonl");
    trace_remote(&lode, &trace_file);
    let trace = std::fs::read(&trace_file).expect("the trace");
    assert!(holds(&trace, MARKER), "the trace holds the tool call");
    assert!(!holds(&trace, PLANTED), "the trace holds the secret");
    let mut traces = trace.clone();
    let echo_trace = h.data.path().join("echo-trace.jsonl");
    trace_echo(&lode, &echo_trace);
    let echoed = std::fs::read(&echo_trace).expect("the trace");
    assert!(holds(&echoed, "get-env"), "the trace holds the tool call");
    assert!(
        !holds(&echoed, PLANTED),
        "the trace holds the echoed secret"
    );
    traces.extend(&echoed);
    let inline_trace = h.data.path().join("inline-trace.jsonl");
    trace_inline_echo(&lode, &inline_trace);
    let echoed = std::fs::read(&inline_trace).expect("the trace");
    assert!(holds(&echoed, "get-env"), "the trace holds the tool call");
    assert!(
        !holds(&echoed, PLANTED),
        "the trace holds an inline server's echoed variable"
    );
    traces.extend(&echoed);

    // Import a file that holds the secret, then remove a connection and undo it.
    let config = h.data.path().join("claude_desktop_config.json");
    let file = json!({"mcpServers": {"imported": {"command": "true",
                      "env": {"API_TOKEN": PLANTED, "MARKER": MARKER}}}});
    std::fs::write(&config, file.to_string()).expect("config");
    let source = json!({"format": "claudeDesktop", "path": config.display().to_string()});
    let preview = traffic.call(w, "preview_import", json!({"source": source}));
    let choices = json!([{"index": 0, "name": "imported", "answers": []}]);
    traffic.call(
        w,
        "apply_import",
        json!({"source": source, "digest": preview["digest"], "choices": choices}),
    );
    std::fs::remove_file(&config).expect("remove the config");
    traffic.call(w, "remove_connection", json!({"id": ids[1]}));
    traffic.call(w, "restore_connection", json!({"id": ids[1]}));
    traffic.call(w, "list_connections", json!({}));

    tauri::async_runtime::block_on(lode.shutdown());

    // Where the secret must not be, and the marker must.
    let mut database = Vec::new();
    for entry in std::fs::read_dir(h.data.path()).expect("data dir") {
        database.extend(std::fs::read(entry.expect("entry").path()).expect("read"));
    }
    let ipc = format!(
        "{}\n{}",
        traffic.answers.join("\n"),
        events.lock().unwrap_or_else(|p| p.into_inner()).join("\n")
    );
    let log = log.text();
    println!(
        "searched {} bytes of database files, {} bytes of log output, {} IPC answers and {} \
         connection events ({} bytes)",
        database.len(),
        log.len(),
        traffic.answers.len(),
        events.lock().unwrap_or_else(|p| p.into_inner()).len(),
        ipc.len()
    );
    assert!(holds(&database, MARKER) && holds(ipc.as_bytes(), MARKER));
    assert!(!log.is_empty(), "the log was captured");
    assert!(
        !holds(&database, PLANTED),
        "a database file holds the secret"
    );
    assert!(!holds(log.as_bytes(), PLANTED), "the log holds the secret");
    assert!(!holds(ipc.as_bytes(), PLANTED), "IPC carried the secret");
    // The echoes reached the window, scrubbed: the stderr tail, the events, the history.
    for echoed in ["stderr", "instructions", "log", "progress"] {
        assert!(
            ipc.contains(&format!("{MARKER}-{echoed}")),
            "no {echoed} echo"
        );
    }
    assert!(
        ipc.contains("notifications/message"),
        "the history was read"
    );
    assert_eq!(forms_in(&database), Vec::<String>::new(), "in the database");
    assert_eq!(forms_in(log.as_bytes()), Vec::<String>::new(), "in the log");
    assert_eq!(forms_in(ipc.as_bytes()), Vec::<String>::new(), "over IPC");
    assert_eq!(forms_in(&traces), Vec::<String>::new(), "in a trace");
}
