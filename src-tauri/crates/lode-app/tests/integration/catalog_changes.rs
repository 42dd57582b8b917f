//! Tools and prompts that change while connected, against a server written with the official
//! TypeScript SDK (tests/servers/catalog-changes-server.mjs): it adds a tool or a prompt on
//! request and sends `notifications/tools/list_changed` / `prompts/list_changed`. Each notice
//! must reach the app's event stream (where the window's `useListChanged` refreshes the tab),
//! and listing again shows the new item.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use lode_app::Lode;
use lode_core::browse::ListingState;
use lode_core::{
    ConnectionDraft, ConnectionEvent, ConnectionEventKind, ConnectionId, ServerEvent, TransportSpec,
};
use lode_secrets::MemoryStore;
use serde_json::json;
use tokio::sync::broadcast;

fn catalog_changes_server() -> TransportSpec {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../tests/servers/catalog-changes-server.mjs");
    TransportSpec::Stdio {
        command: "node".into(),
        args: vec![script.display().to_string()],
        env: Default::default(),
        cwd: None,
    }
}

/// Waits (bounded) for the server event of `id` that `wanted` picks.
async fn notice(
    events: &mut broadcast::Receiver<ConnectionEvent>,
    id: ConnectionId,
    wanted: fn(&ServerEvent) -> bool,
) {
    let waiting = async {
        loop {
            match events.recv().await {
                Ok(ConnectionEvent {
                    connection,
                    kind: ConnectionEventKind::Server(event),
                }) if connection == id && wanted(&event) => return,
                Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(error) => panic!("the supervisor's events ended: {error}"),
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10), waiting)
        .await
        .expect("the list_changed notice reached the app");
}

#[tokio::test(flavor = "multi_thread")]
async fn added_tools_and_prompts_are_announced_and_listed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = Arc::new(
        Lode::open_with_secrets(dir.path(), None, Arc::new(MemoryStore::default())).expect("open"),
    );
    let mut draft = ConnectionDraft::new("Changing", catalog_changes_server());
    draft.timeout_secs = 30;
    let id = lode.add_connection(&draft).await.expect("added").id;
    let tools = lode.list_tools(id).await.expect("tools");
    assert!(!tools.iter().any(|tool| tool.name == "fresh_tool"));

    let mut events = lode.events();
    lode.call_tool(id, "add_tool", json!({"name": "fresh_tool"}))
        .await
        .expect("add_tool");
    notice(&mut events, id, |e| {
        matches!(e, ServerEvent::ToolListChanged)
    })
    .await;
    let tools = lode.list_tools(id).await.expect("tools again");
    assert!(
        tools.iter().any(|tool| tool.name == "fresh_tool"),
        "{tools:?}"
    );

    let mut events = lode.events();
    lode.call_tool(id, "add_prompt", json!({"name": "fresh_prompt"}))
        .await
        .expect("add_prompt");
    notice(&mut events, id, |e| {
        matches!(e, ServerEvent::PromptListChanged)
    })
    .await;
    let prompts = lode.list_prompts(id).await.expect("prompts");
    assert!(
        prompts.iter().any(|prompt| prompt.name == "fresh_prompt"),
        "{prompts:?}"
    );
    lode.shutdown().await;
}

/// The server declares tools and prompts but no resources: the browser shows it listed with
/// none, without asking `resources/list` (which it would refuse with -32601, shown as a failure).
#[tokio::test(flavor = "multi_thread")]
async fn a_server_without_resources_is_listed_empty_not_failed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = Arc::new(
        Lode::open_with_secrets(dir.path(), None, Arc::new(MemoryStore::default())).expect("open"),
    );
    let mut draft = ConnectionDraft::new("Toolbox", catalog_changes_server());
    draft.timeout_secs = 30;
    lode.add_connection(&draft).await.expect("added");
    let mut changes = lode.browse_changes();
    lode.start_all().await.expect("started");
    let settled = async {
        loop {
            let status = lode.browse_status();
            let state = status.servers.iter().find(|s| s.server == "Toolbox");
            if let Some(server) = state.filter(|s| {
                !matches!(
                    s.state,
                    ListingState::Waiting | ListingState::Listing { .. }
                )
            }) {
                return server.clone();
            }
            if changes.changed().await.is_err() {
                panic!("browse status ended");
            }
        }
    };
    let server = tokio::time::timeout(Duration::from_secs(30), settled)
        .await
        .expect("the listing settled");
    assert_eq!(server.state, ListingState::Listed, "{server:?}");
    assert_eq!(server.resources, 0);
    lode.shutdown().await;
}
