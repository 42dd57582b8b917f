//! Runs against the real OS keychain (gnome-keyring under dbus in CI: `.ci/with-keychain`), and
//! the same checks against the in-memory store. Each test uses its own service name so it never
//! touches a user's real secrets nor another test's.

use lode_core::{ConnectionId, SecretPlace};
use lode_secrets::{
    EntryStore, KeychainStore, MemoryStore, Secret, SecretKey, SecretName, SecretStore,
    MAX_ENTRY_BYTES,
};

/// Every entry a store holds, as (name, size in bytes).
type Inspect<'a> = &'a dyn Fn() -> Vec<(String, usize)>;

fn keychain(test: &str) -> KeychainStore {
    let service = format!("dev.lode.test.{}.{test}", std::process::id());
    KeychainStore::open_with_service(&service).expect(
        "the OS keychain must be reachable (run the tests through .ci/with-keychain, which \
         starts gnome-keyring under dbus)",
    )
}

/// The real keychain's entries under a test's service, listed through Secret Service search
/// (Linux only: elsewhere the entry-level checks are skipped).
#[cfg(target_os = "linux")]
fn keychain_entries(test: &str) -> Vec<(String, usize)> {
    use keyring_core::api::CredentialStoreApi;
    let service = format!("dev.lode.test.{}.{test}", std::process::id());
    let store = zbus_secret_service_keyring_store::Store::new().expect("Secret Service");
    let spec = std::collections::HashMap::from([("service", service.as_str())]);
    let mut entries: Vec<(String, usize)> = store
        .search(&spec)
        .expect("search the test's entries")
        .into_iter()
        .map(|entry| {
            let attributes = entry.get_attributes().expect("attributes");
            let size = entry.get_secret().expect("secret").len();
            (attributes["username"].clone(), size)
        })
        .collect();
    entries.sort();
    entries
}

#[cfg(not(target_os = "linux"))]
fn keychain_entries(_test: &str) -> Vec<(String, usize)> {
    Vec::new()
}

fn memory_entries(store: &MemoryStore) -> Vec<(String, usize)> {
    store
        .entry_names()
        .into_iter()
        .map(|name| {
            let size = store
                .read_entry(&name)
                .expect("read")
                .map_or(0, |v| v.expose().len());
            (name, size)
        })
        .collect()
}

fn round_trip(store: &dyn SecretStore) {
    let key = SecretKey::for_connection(ConnectionId(42), &SecretName::Bearer);
    assert!(
        store.get(&key).ok().flatten().is_none(),
        "a fresh key must be empty"
    );

    store
        .set(&key, &Secret::new("tok-Ωmega-1"))
        .expect("store the secret");
    assert_eq!(
        store.get(&key).expect("read it back"),
        Some(Secret::new("tok-Ωmega-1"))
    );

    store
        .set(&key, &Secret::new("tok-2"))
        .expect("replace the secret");
    assert_eq!(
        store.get(&key).expect("read the replacement"),
        Some(Secret::new("tok-2"))
    );

    assert!(store.delete(&key).expect("delete it"));
    assert_eq!(store.get(&key).expect("read after delete"), None);
    assert!(
        !store.delete(&key).expect("delete again"),
        "nothing left to delete"
    );
}

/// OAuth-like credentials JSON of about `bytes` bytes, with 2-, 3- and 4-byte characters so
/// chunk boundaries fall inside characters unless the split is careful.
fn oauth_json(bytes: usize) -> String {
    let mut token = String::new();
    let alphabet = ["a", "é", "語", "😀", "Z", "0"];
    let mut i = 0;
    while token.len() < bytes {
        token.push_str(alphabet[i % alphabet.len()]);
        i += 1;
    }
    format!(r#"{{"access_token":"{token}","token_type":"Bearer","expires_in":3600}}"#)
}

fn chunks_and_cleans_up(store: &dyn SecretStore, inspect: Inspect<'_>, check_entries: bool) {
    let key = SecretKey::for_connection(ConnectionId(42), &SecretName::OAuth);
    let expect_entries = |count: usize, step: &str| {
        if !check_entries {
            return;
        }
        let entries = inspect();
        assert_eq!(entries.len(), count, "{step}: {entries:?}");
        assert!(
            entries.iter().all(|(_, size)| *size <= MAX_ENTRY_BYTES),
            "{step}: an entry is over the limit: {entries:?}"
        );
        assert!(
            entries
                .iter()
                .all(|(name, _)| name.starts_with(key.as_str())),
            "{step}: {entries:?}"
        );
    };

    // size of the value -> entries: a manifest plus ceil(size / 2500) chunks (characters of up
    // to 4 bytes may end a chunk up to 3 bytes early, hence the slack in the sizes).
    for (size, entries, step) in [
        (7_000, 4, "first chunked value"),
        (12_000, 6, "a larger one"),
        (3_000, 3, "a smaller one"),
        (100, 1, "one that fits in one entry"),
        (6_000, 4, "chunked again"),
    ] {
        let value = oauth_json(size);
        store
            .set(&key, &Secret::new(value.as_str()))
            .unwrap_or_else(|e| panic!("{step}: {e:?}"));
        assert_eq!(
            store
                .get(&key)
                .expect("read it back")
                .as_ref()
                .map(Secret::expose),
            Some(value.as_str()),
            "{step}"
        );
        expect_entries(entries, step);
    }

    assert!(store.delete(&key).expect("delete"));
    assert_eq!(store.get(&key).expect("read after delete"), None);
    expect_entries(0, "after delete");
}

fn deletes_a_connections_secrets(store: &dyn SecretStore, inspect: Inspect<'_>, check: bool) {
    let (mine, other) = (ConnectionId(42), ConnectionId(43));
    let env = |name: &str| SecretName::Env(name.to_owned());
    let secrets = [
        (mine, SecretName::Bearer, "tok".to_owned()),
        (
            mine,
            SecretName::Header("X-Agent-API-Key".into()),
            "key".to_owned(),
        ),
        (mine, SecretName::OAuth, oauth_json(9_000)),
        (mine, env("GITHUB_TOKEN"), "ghp_x".to_owned()),
        (mine, env("ODD#NAME/x"), "odd".to_owned()),
        (other, SecretName::Bearer, "other-tok".to_owned()),
        (other, env("GITHUB_TOKEN"), "other-ghp".to_owned()),
    ];
    for (connection, name, value) in &secrets {
        store
            .set(
                &SecretKey::for_connection(*connection, name),
                &Secret::new(value.as_str()),
            )
            .expect("set");
    }

    let env_place = |name: &str| SecretPlace::Env {
        name: name.to_owned(),
    };
    let names = [
        env_place("GITHUB_TOKEN"),
        env_place("ODD#NAME/x"),
        env_place("NEVER_SET"),
        SecretPlace::Header {
            name: "X-Agent-API-Key".into(),
        },
    ];
    assert_eq!(
        store
            .delete_connection_secrets(mine, &names)
            .expect("delete the connection's secrets"),
        5
    );
    for (connection, name, value) in &secrets {
        let found = store
            .get(&SecretKey::for_connection(*connection, name))
            .expect("get");
        if *connection == mine {
            assert_eq!(found, None, "{name:?} survived");
        } else {
            assert_eq!(found.as_ref().map(Secret::expose), Some(value.as_str()));
        }
    }
    if check {
        let left: Vec<String> = inspect().into_iter().map(|(name, _)| name).collect();
        assert_eq!(
            left,
            ["connection/43/bearer", "connection/43/env/GITHUB_TOKEN"],
            "only the other connection's secrets remain"
        );
    }
    assert_eq!(
        store
            .delete_connection_secrets(mine, &names)
            .expect("again"),
        0
    );
    assert_eq!(
        store
            .delete_connection_secrets(other, &names)
            .expect("other"),
        2
    );
}

#[test]
fn the_os_keychain_stores_reads_and_deletes_a_secret() {
    round_trip(&keychain("round-trip"));
}

#[test]
fn the_os_keychain_chunks_a_large_secret_and_leaves_no_stale_chunks() {
    let test = "chunks";
    chunks_and_cleans_up(
        &keychain(test),
        &|| keychain_entries(test),
        cfg!(target_os = "linux"),
    );
}

#[test]
fn the_os_keychain_deletes_every_secret_of_a_connection() {
    let test = "delete-connection";
    deletes_a_connections_secrets(
        &keychain(test),
        &|| keychain_entries(test),
        cfg!(target_os = "linux"),
    );
}

#[test]
fn the_memory_store_behaves_like_the_keychain() {
    round_trip(&MemoryStore::default());

    let store = MemoryStore::default();
    chunks_and_cleans_up(&store, &|| memory_entries(&store), true);

    let store = MemoryStore::default();
    deletes_a_connections_secrets(&store, &|| memory_entries(&store), true);
}

#[test]
fn the_memory_store_refuses_an_entry_over_the_limit() {
    let store = MemoryStore::default();
    assert!(store
        .write_entry("big", &Secret::new("x".repeat(MAX_ENTRY_BYTES + 1)))
        .is_err());
    // ... so a secret of that size only gets in chunked.
    let key = SecretKey::new("big").expect("key");
    store
        .set(&key, &Secret::new("x".repeat(MAX_ENTRY_BYTES + 1)))
        .expect("set");
    assert!(store.largest_entry() <= MAX_ENTRY_BYTES);
}
