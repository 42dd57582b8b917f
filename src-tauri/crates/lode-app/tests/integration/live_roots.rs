//! Roots changed while connected, against the official filesystem server
//! (`@modelcontextprotocol/server-filesystem`, tests/servers): it takes its allowed folders from
//! the client's roots (`roots/list` once initialized, again on
//! `notifications/roots/list_changed`). Started with no folder of its own, it sees the one
//! root offered at connect; after the person changes the roots it sees the new folder — on the
//! same session, with no reconnect. The folder's name has a space: the `file://` URI must be
//! percent-encoded for the server to find it.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use lode_app::Lode;
use lode_core::{
    ConnectionDraft, ConnectionEvent, ConnectionEventKind, ConnectionId, ConnectionStatus,
    ContentBlock, ErrorCode, TransportSpec,
};
use lode_secrets::MemoryStore;
use tokio::sync::broadcast;

use crate::support::events::wait_for_status;

fn filesystem_server() -> TransportSpec {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(
        "../../../tests/servers/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js",
    );
    assert!(
        script.is_file(),
        "not installed: run `npm ci --prefix tests/servers` from the repository root (looked for {})",
        script.display()
    );
    TransportSpec::Stdio {
        command: "node".into(),
        args: vec![script.display().to_string()],
        env: Default::default(),
        cwd: None,
    }
}

/// The server's allowed folders, from its `list_allowed_directories` tool.
async fn allowed(lode: &Lode, id: ConnectionId) -> String {
    let result = lode
        .call_tool(id, "list_allowed_directories", serde_json::json!({}))
        .await
        .expect("list_allowed_directories");
    match result.content.first() {
        Some(ContentBlock::Text { text, .. }) => text.clone(),
        other => panic!("unexpected answer {other:?}"),
    }
}

/// Asks until the allowed folders name `folder` (the server takes its roots in the background
/// after the handshake, and again after the notice): bounded, never a long sleep.
async fn until_allowed(lode: &Lode, id: ConnectionId, folder: &Path) -> String {
    let folder = folder.display().to_string();
    let mut last = String::new();
    for _ in 0..50 {
        last = allowed(lode, id).await;
        if last.lines().any(|line| line == folder) {
            return last;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the server never allowed {folder}; it said {last:?}")
}

/// No status change of `id` (a reconnect would show `connecting`) among the events so far.
fn no_reconnect(events: &mut broadcast::Receiver<ConnectionEvent>, id: ConnectionId) {
    while let Ok(event) = events.try_recv() {
        if let ConnectionEvent {
            connection,
            kind: ConnectionEventKind::Status(status),
        } = event
        {
            assert!(
                connection != id || status == ConnectionStatus::Ready,
                "the connection went through {status:?}"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn roots_changed_reach_the_filesystem_server_without_a_reconnect() {
    let data = tempfile::tempdir().expect("temp dir");
    let folders = tempfile::tempdir().expect("temp dir");
    // Canonical: the server reports folders as it resolves them.
    let base = folders.path().canonicalize().expect("canonical");
    let first = base.join("first folder");
    let second = base.join("second, 2nd");
    std::fs::create_dir(&first).expect("first");
    std::fs::create_dir(&second).expect("second");

    let lode = Arc::new(
        Lode::open_with_secrets(data.path(), None, Arc::new(MemoryStore::default())).expect("open"),
    );
    let mut draft = ConnectionDraft::new("Files", filesystem_server());
    draft.timeout_secs = 30;
    let id = lode.add_connection(&draft).await.expect("added").id;
    lode.set_roots(id, &[first.display().to_string()])
        .await
        .expect("roots");
    let mut events = lode.events();
    lode.start_all().await.expect("started");
    wait_for_status(&mut events, id, Duration::from_secs(30), |status| {
        !matches!(status, ConnectionStatus::Connecting)
    })
    .await;
    let seen = until_allowed(&lode, id, &first).await;
    assert!(!seen.contains("second"), "{seen}");

    // Changed live: the same session's server now allows only the new folder.
    let mut events = lode.events();
    let kept = lode
        .set_roots(id, &[second.display().to_string()])
        .await
        .expect("new roots");
    assert_eq!(kept, [second.display().to_string()]);
    let seen = until_allowed(&lode, id, &second).await;
    assert!(
        !seen.contains("first folder"),
        "the old root is gone: {seen}"
    );
    no_reconnect(&mut events, id);

    // A path that is not an existing absolute folder is refused with a clear error, and the
    // roots offered stay as they were.
    for bad in [
        "relative/folder".to_owned(),
        base.join("missing").display().to_string(),
    ] {
        let error = lode.set_roots(id, &[bad]).await.expect_err("refused");
        assert_eq!(error.code, ErrorCode::InvalidInput, "{error:?}");
    }
    let saved = lode.list_connections().expect("list");
    assert_eq!(
        saved[0].settings.roots.as_deref(),
        Some(&[second.display().to_string()][..])
    );
    lode.shutdown().await;
}

/// The usual way: a connection offers no folder (the default), and the person adds one while
/// it runs. The handshake declared `roots` (with `listChanged`) even empty, so the server asks
/// again on the notice.
#[tokio::test(flavor = "multi_thread")]
async fn a_first_root_added_while_connected_reaches_the_server() {
    let data = tempfile::tempdir().expect("temp dir");
    let folder = tempfile::tempdir().expect("temp dir");
    let folder = folder.path().canonicalize().expect("canonical");
    let lode = Arc::new(
        Lode::open_with_secrets(data.path(), None, Arc::new(MemoryStore::default())).expect("open"),
    );
    let mut draft = ConnectionDraft::new("Files", filesystem_server());
    draft.timeout_secs = 30;
    let id = lode.add_connection(&draft).await.expect("added").id;
    let mut events = lode.events();
    lode.start_all().await.expect("started");
    wait_for_status(&mut events, id, Duration::from_secs(30), |status| {
        !matches!(status, ConnectionStatus::Connecting)
    })
    .await;
    let seen = allowed(&lode, id).await;
    assert!(!seen.contains(&folder.display().to_string()), "{seen}");

    let mut events = lode.events();
    lode.set_roots(id, &[folder.display().to_string()])
        .await
        .expect("roots");
    until_allowed(&lode, id, &folder).await;
    no_reconnect(&mut events, id);
    lode.shutdown().await;
}
