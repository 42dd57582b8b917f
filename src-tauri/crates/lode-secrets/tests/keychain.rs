//! Runs against the real OS keychain (gnome-keyring under dbus in CI; see README). Each run
//! uses its own service name so it never touches a user's real secrets.

use lode_secrets::{KeychainStore, MemoryStore, Secret, SecretKey, SecretStore};

fn round_trip(store: &dyn SecretStore) {
    let key = SecretKey::for_connection(42, "bearer");
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

#[test]
fn the_os_keychain_stores_reads_and_deletes_a_secret() {
    let service = format!("dev.lode.test.{}", std::process::id());
    let store = KeychainStore::open_with_service(&service).expect(
        "the OS keychain must be reachable (run the tests through the README command, which \
         starts gnome-keyring under dbus)",
    );
    round_trip(&store);
}

#[test]
fn the_memory_store_behaves_like_the_keychain() {
    round_trip(&MemoryStore::default());
}
