//! Lode's use cases end to end without any UI: a real SQLite file, the real demo server over
//! stdio, the same calls the desktop shell makes.

use crate::support::demo as support;

use lode_app::Lode;
use lode_core::{ConnectionId, ErrorCode, ResourceContent};
use support::demo;

fn open(dir: &tempfile::TempDir) -> Lode {
    Lode::open(dir.path(), Some(demo())).expect("open Lode")
}

fn demo_id(lode: &Lode) -> ConnectionId {
    let connections = lode.list_connections().expect("list connections");
    assert_eq!(
        connections.len(),
        1,
        "first launch holds exactly the Demo connection"
    );
    assert_eq!(connections[0].name, "Demo");
    connections[0].id
}

#[tokio::test]
async fn first_launch_lists_and_reads_the_demo_server() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = open(&dir);
    let id = demo_id(&lode);

    let resources = lode.list_resources(id).await.expect("list resources");
    assert_eq!(resources.len(), 60);
    assert!(resources.iter().all(|r| r.server == "Demo"));

    let contents = lode
        .read_resource(id, "file:///project/README.md")
        .await
        .expect("read README");
    match contents.as_slice() {
        [ResourceContent::Text {
            text, mime_type, ..
        }] => {
            assert_eq!(mime_type.as_deref(), Some("text/markdown"));
            assert!(text.starts_with('#'), "markdown heading first: {text:.40}");
        }
        other => panic!("one text content expected, got {other:?}"),
    }
    lode.shutdown().await;
}

#[tokio::test]
async fn the_store_survives_a_restart_without_a_second_seed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let first = demo_id(&open(&dir));
    let second = demo_id(&open(&dir));
    assert_eq!(first, second);
    assert!(
        dir.path().join("lode.db").is_file(),
        "a real SQLite file in the data folder"
    );
}

#[tokio::test]
async fn errors_are_typed_and_the_connection_stays_usable() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = open(&dir);
    let id = demo_id(&lode);

    let missing = lode
        .read_resource(id, "file:///project/missing.md")
        .await
        .expect_err("not found");
    assert_eq!(missing.code, ErrorCode::NotFound, "{missing:?}");
    assert!(missing.message.contains("file:///project/missing.md"));

    let unknown = lode
        .list_resources(ConnectionId(9999))
        .await
        .expect_err("unknown id");
    assert_eq!(unknown.code, ErrorCode::UnknownConnection);

    // The failed read did not break the live connection.
    assert_eq!(
        lode.list_resources(id)
            .await
            .expect("list after error")
            .len(),
        60
    );
    lode.shutdown().await;
}
