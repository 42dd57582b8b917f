//! The protocol era a connection remembers (`connection_eras`, migration 0008) is forgotten
//! when the person edits where its server is: the next connect probes with `server/discover`
//! again. An edit that leaves the transport alone (a new name) keeps it. The hostile server
//! refuses `server/discover` the way a 2025 server does, and notes each one it saw in a file.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use lode_app::secrets::MemoryStore;
use lode_app::Lode;
use lode_core::{ConnectionDraft, ConnectionId, ConnectionStatus, TransportSpec};

use crate::support::demo::demo_command;
use crate::support::events::wait_for_status;

fn refusing_server(log: &Path) -> TransportSpec {
    let server = Path::new(&demo_command()).with_file_name(if cfg!(windows) {
        "lode-hostile-server.exe"
    } else {
        "lode-hostile-server"
    });
    assert!(server.is_file(), "build the hostile server first");
    TransportSpec::Stdio {
        command: server.display().to_string(),
        args: vec![
            "--discover".into(),
            "refuse".into(),
            "--discover-log".into(),
            log.display().to_string(),
        ],
        env: Default::default(),
        cwd: None,
    }
}

fn discovers(log: &Path) -> usize {
    std::fs::read_to_string(log)
        .map(|text| text.lines().count())
        .unwrap_or(0)
}

/// Saves `draft` over connection `id` and waits until it is ready again.
async fn edit_and_connect(lode: &Lode, id: ConnectionId, draft: &ConnectionDraft) {
    let mut events = lode.events();
    lode.update_connection(id, draft).await.expect("edited");
    // The old session is stopped first: wait past that for the new one's outcome.
    let status = wait_for_status(&mut events, id, Duration::from_secs(20), |status| {
        matches!(
            status,
            ConnectionStatus::Ready | ConnectionStatus::Failed { .. }
        )
    })
    .await;
    assert_eq!(status, ConnectionStatus::Ready);
}

/// Opens Lode on `data`, connects every saved connection, waits until `id` is ready, applies
/// `edit` (if any), and shuts down: the servers have ended, so their notes are complete.
async fn session(data: &Path, id: ConnectionId, edit: Option<&ConnectionDraft>) {
    let lode = Arc::new(
        Lode::open_with_secrets(data, None, Arc::new(MemoryStore::default())).expect("open"),
    );
    let mut events = lode.events();
    lode.start_all().await.expect("started");
    let status = wait_for_status(&mut events, id, Duration::from_secs(20), |status| {
        !matches!(status, ConnectionStatus::Connecting)
    })
    .await;
    assert_eq!(status, ConnectionStatus::Ready);
    if let Some(draft) = edit {
        edit_and_connect(&lode, id, draft).await;
    }
    lode.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn editing_the_transport_forgets_the_era_and_a_rename_keeps_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let (old_log, new_log) = (dir.path().join("old.log"), dir.path().join("new.log"));
    let mut draft = ConnectionDraft::new("Old", refusing_server(&old_log));
    let id = {
        let lode =
            Lode::open_with_secrets(&data, None, Arc::new(MemoryStore::default())).expect("open");
        lode.add_connection(&draft).await.expect("added").id
    };
    session(&data, id, None).await;
    let probed = discovers(&old_log);
    assert!(probed >= 1, "the first connect probes");

    // A rename reconnects with the remembered era: no probe, neither at start nor after it.
    draft.name = "Renamed".into();
    session(&data, id, Some(&draft)).await;
    assert_eq!(discovers(&old_log), probed, "the rename kept the era");

    // Another command line: perhaps another server, so Lode probes again.
    draft.transport = refusing_server(&new_log);
    session(&data, id, Some(&draft)).await;
    assert_eq!(
        discovers(&old_log),
        probed,
        "the start before the edit kept the era"
    );
    assert!(
        discovers(&new_log) >= 1,
        "the edited connection asked server/discover again"
    );
}
