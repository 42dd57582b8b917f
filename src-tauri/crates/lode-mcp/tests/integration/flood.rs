//! A server that sends 200,000 notifications (log messages, `resources/updated` for 100 URIs,
//! resources and tools `list_changed`) before it answers `resources/list`
//! (lode-hostile-server `--mode flood-before-list`), over stdio and Streamable HTTP: the answer
//! is not queued behind the flood. Past the ceiling the flood reaches Lode coalesced: each
//! `list_changed` and each updated URI at least once, the log messages counted in one message
//! from Lode, and far fewer events than notifications.

use std::collections::HashSet;
use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;

use lode_core::{ServerEvent, TransportSpec};
use lode_mcp::{ConnectOptions, McpClient};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};
use tokio::sync::mpsc;

const FLOOD: usize = 200_000;
/// The URIs the flood's `resources/updated` name (`modes/flood_before_list.rs`).
const URIS: usize = 100;

/// `target/<profile>/lode-hostile-server`, beside this test's `deps/` folder, unless
/// `LODE_HOSTILE_SERVER` names another build (a target directory shared by several checkouts).
fn hostile_server() -> PathBuf {
    if let Some(path) = std::env::var_os("LODE_HOSTILE_SERVER") {
        return PathBuf::from(path);
    }
    let exe = std::env::current_exe().expect("test executable path");
    let path = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>")
        .join(format!(
            "lode-hostile-server{}",
            std::env::consts::EXE_SUFFIX
        ));
    assert!(
        path.is_file(),
        "build the hostile server first: cargo build -p lode-hostile-server ({})",
        path.display()
    );
    path
}

fn flood_args() -> Vec<String> {
    ["--mode", "flood-before-list", "--count", &FLOOD.to_string()]
        .map(str::to_owned)
        .to_vec()
}

/// What the flood came to, as events: the coalescing is checked on these.
#[derive(Default)]
struct Seen {
    events: usize,
    resources_changed: bool,
    tools_changed: bool,
    updated: HashSet<String>,
    left_out: Option<String>,
}

impl Seen {
    fn take(&mut self, event: ServerEvent) {
        self.events += 1;
        match event {
            ServerEvent::ResourceListChanged => self.resources_changed = true,
            ServerEvent::ToolListChanged => self.tools_changed = true,
            ServerEvent::ResourceUpdated { uri } => {
                self.updated.insert(uri);
            }
            ServerEvent::Log { logger, data, .. } if logger.as_deref() == Some("lode") => {
                self.left_out = Some(data.to_string());
            }
            _ => {}
        }
    }

    fn complete(&self) -> bool {
        self.resources_changed
            && self.tools_changed
            && self.updated.len() == URIS
            && self.left_out.is_some()
    }
}

async fn list_during_the_flood(spec: TransportSpec) {
    // Room for every notification, so only Lode's own coalescing can make them fewer.
    let (sink, mut events) = mpsc::channel(FLOOD * 2);
    let mut options = ConnectOptions::new("hostile");
    options.events = Some(sink);
    let started = std::time::Instant::now();
    let client = McpClient::connect(&spec, options).await.expect("connect");
    let listing = client
        .list_resources()
        .await
        .expect("the listing completes");
    assert_eq!(listing.len(), 3);
    let flood_took = started.elapsed();

    // The answer came after what the flood announced (handed on with it); the handler may
    // still be passing the last of it on.
    let mut seen = Seen::default();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !seen.complete() {
        match tokio::time::timeout_at(deadline, events.recv()).await {
            Ok(Some(event)) => seen.take(event),
            _ => break,
        }
    }
    while let Ok(event) = events.try_recv() {
        seen.take(event);
    }
    assert!(seen.resources_changed, "resources list_changed delivered");
    assert!(seen.tools_changed, "tools list_changed delivered");
    assert_eq!(seen.updated.len(), URIS, "every updated URI delivered");
    let said = seen.left_out.as_deref().unwrap_or_default();
    assert!(said.contains("log messages"), "left out, counted: {said:?}");
    // Under the ceiling (5,000 a second) notifications pass as they come, so how many pass
    // depends on how long the server took to send the flood; past it, they are held as what
    // they announce (a few hundred at most: the flags, the 100 URIs, the report).
    let ceiling = 5_000.0 * (flood_took.as_secs_f64().ceil() + 1.0);
    assert!(
        (seen.events as f64) < ceiling + 1_500.0,
        "{} events for {FLOOD} notifications in {flood_took:?}: not coalesced",
        seen.events
    );
    eprintln!(
        "{} events for {FLOOD} notifications in {flood_took:?}; {said}",
        seen.events
    );

    let read = client
        .read_resource("hostile://quiet/1")
        .await
        .expect("read");
    assert_eq!(read.len(), 1, "the connection still works");
    client.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_before_the_answer_over_stdio_is_coalesced_not_queued_in_front_of_it() {
    let spec = TransportSpec::Stdio {
        command: hostile_server().display().to_string(),
        args: flood_args(),
        env: Default::default(),
        cwd: None,
    };
    list_during_the_flood(spec).await;
}

/// The hostile server over Streamable HTTP; killed when dropped.
async fn serve_http() -> (Child, String) {
    let mut child = Command::new(hostile_server())
        .args(["http", "--port", "0"])
        .args(flood_args())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("start lode-hostile-server");
    let mut line = String::new();
    let stdout = child.stdout.take().expect("stdout");
    tokio::time::timeout(
        Duration::from_secs(60),
        BufReader::new(stdout).read_line(&mut line),
    )
    .await
    .expect("the hostile server printed its address in time")
    .expect("read stdout");
    let url = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
        .to_owned();
    (child, url)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_before_the_answer_over_http_is_coalesced_not_queued_in_front_of_it() {
    let (_server, url) = serve_http().await;
    list_during_the_flood(TransportSpec::http(&url)).await;
}
