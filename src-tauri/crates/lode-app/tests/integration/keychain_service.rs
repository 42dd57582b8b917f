//! Each database files its secrets under a keychain service of its own, so two data folders —
//! whose connection ids both start at 1 — never read or delete each other's secrets; a
//! database used before keeps the shared `dev.lode.app`, where its secrets already are. Against the
//! real OS keychain (gnome-keyring under dbus in CI: `.ci/with-keychain`).

use std::sync::Arc;

use lode_app::Lode;
use lode_core::{ConnectionDraft, SecretEdit, SecretPlace};
use lode_store::Store;

use crate::connection_edits::guarded;

fn token() -> SecretPlace {
    SecretPlace::Env {
        name: "TOKEN".into(),
    }
}

fn service_of(dir: &std::path::Path) -> Option<String> {
    let store = Store::open(&dir.join("lode.db")).expect("the database");
    store.setting("keychain/service").expect("a setting")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_data_folders_keep_their_secrets_apart() {
    let (first, second) = (
        tempfile::tempdir().expect("dir"),
        tempfile::tempdir().expect("dir"),
    );
    let mut lodes = Vec::new();
    for (dir, value) in [(&first, "first"), (&second, "second")] {
        let lode = Arc::new(Lode::open(dir.path(), None).expect("open"));
        let mut draft = ConnectionDraft::new("guarded", guarded("TOKEN", value));
        draft.secrets = vec![SecretEdit::set(token(), value)];
        let added = lode.add_connection(&draft).await.expect("added");
        lodes.push((lode, added.id));
    }
    assert_eq!(
        lodes[0].1, lodes[1].1,
        "both folders number their first connection alike"
    );
    let (a, b) = (service_of(first.path()), service_of(second.path()));
    assert!(a.is_some() && a != b, "a service each: {a:?} {b:?}");

    // Removing the first folder's connection leaves the second's secret where it was: its
    // program starts only with the right TOKEN.
    lodes[0]
        .0
        .remove_connection_for_good(lodes[0].1)
        .await
        .expect("removed");
    let (lode, id) = &lodes[1];
    lode.start_connections(&[*id]).await.expect("started");
    let listed = lode
        .list_resources(*id)
        .await
        .expect("the second's secret is still there");
    assert!(!listed.is_empty());
    lode.remove_connection_for_good(*id).await.expect("removed");
    for (lode, _) in lodes {
        lode.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_used_before_keeps_the_shared_service() {
    let dir = tempfile::tempdir().expect("dir");
    {
        // Used as by an older Lode: something saved, no service chosen.
        let store = Store::open(&dir.path().join("lode.db")).expect("the database");
        store.set_setting("seeded", "1").expect("a setting");
    }
    let lode = Lode::open(dir.path(), None).expect("open");
    assert_eq!(service_of(dir.path()).as_deref(), Some("\"dev.lode.app\""));
    lode.shutdown().await;
    // Chosen once: the next open keeps it.
    let lode = Lode::open(dir.path(), None).expect("reopen");
    assert_eq!(service_of(dir.path()).as_deref(), Some("\"dev.lode.app\""));
    lode.shutdown().await;
}
