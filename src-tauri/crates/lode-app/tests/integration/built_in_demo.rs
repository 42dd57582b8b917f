//! The built-in demo: saved by name, run from beside the executable at each start, and older
//! databases (which saved a build path) migrated to it.

use crate::support::demo::{demo, demo_command};

use lode_app::{built_in_demo, demo_server_command, is_built_in_demo, Lode};
use lode_core::ConnectionDraft;

#[tokio::test]
async fn the_first_launch_saves_the_built_in_demo_not_a_path() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = Lode::open(dir.path(), Some(demo())).expect("open");
    let saved = lode.list_connections().expect("list");
    assert_eq!(saved.len(), 1);
    assert_eq!(
        saved[0].transport,
        built_in_demo(),
        "no build path is saved"
    );
    // It still runs: the copy beside this executable.
    let listed = lode
        .list_resources(saved[0].id)
        .await
        .expect("list resources");
    assert_eq!(listed.len(), 60);
    lode.shutdown().await;
}

#[tokio::test]
async fn a_saved_demo_path_becomes_the_built_in_demo_and_runs_the_copy_found_now() {
    let dir = tempfile::tempdir().expect("temp dir");
    // An older Lode saved the path of whichever build first ran it.
    let old = Lode::open(dir.path(), None).expect("open");
    let added = old
        .add_connection(&ConnectionDraft::new("Demo", demo()))
        .await
        .expect("saved with a path");
    assert_ne!(added.transport, built_in_demo());
    drop(old);

    // That build moved: this start finds the demo server somewhere else.
    let moved = tempfile::tempdir().expect("temp dir");
    let copy = moved.path().join("lode-demo-server");
    std::fs::copy(demo_command(), &copy).expect("copy the demo server");
    let here = demo_server_command(&moved.path().join("lode")).expect("found beside");
    let lode = Lode::open(dir.path(), Some(here)).expect("reopen");
    let saved = lode.list_connections().expect("list");
    assert_eq!(saved.len(), 1, "migrated, not seeded a second time");
    assert!(
        is_built_in_demo(&saved[0].transport),
        "{:?}",
        saved[0].transport
    );
    let listed = lode
        .list_resources(saved[0].id)
        .await
        .expect("runs the copy found now");
    assert_eq!(listed.len(), 60);
    lode.shutdown().await;
    drop(lode);
    // Removing that copy does not break the next start from elsewhere.
    std::fs::remove_file(&copy).expect("remove the copy");
    let again = Lode::open(dir.path(), Some(demo())).expect("reopen");
    let id = again.list_connections().expect("list")[0].id;
    assert_eq!(again.list_resources(id).await.expect("list").len(), 60);
    again.shutdown().await;
}
