//! Everything about a saved connection besides its transport, on a real SQLite file: settings
//! saved and read back, edits, order, the last connect result, and a database from before
//! these settings existed brought up to date without losing its connections.

use std::collections::BTreeMap;

use lode_core::{ConnectionSettings, ErrorCode, SecretPlace, TransportSpec};
use lode_store::Store;
use rusqlite::Connection as Sqlite;

fn stdio(command: &str) -> TransportSpec {
    TransportSpec::Stdio {
        command: command.to_owned(),
        args: vec!["--stdio".to_owned()],
        env: BTreeMap::from([("LOG_LEVEL".to_owned(), "debug".to_owned())]),
        cwd: None,
    }
}

fn custom_settings() -> ConnectionSettings {
    ConnectionSettings {
        secrets: vec![
            SecretPlace::Header {
                name: "X-Agent-API-Key".into(),
            },
            SecretPlace::Bearer,
            SecretPlace::Bearer,
        ],
        oauth: true,
        oauth_client_id: Some("lode-preregistered".into()),
        oauth_client_metadata_url: Some("https://lode.example/client.json".into()),
        timeout_secs: 5,
        enabled: false,
        shown_in_browser: false,
        inherit_env: true,
        log_level: None,
        roots: None,
    }
}

#[test]
fn settings_survive_a_reopen_and_secrets_are_listed_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("lode.db");
    let saved = {
        let store = Store::open(&path).expect("open");
        store
            .insert_connection_with(
                "remote",
                &TransportSpec::http("https://x.example/mcp"),
                &custom_settings(),
            )
            .expect("insert")
    };
    let store = Store::open(&path).expect("reopen");
    let read = store.get_connection(saved.id).expect("get");
    assert_eq!(read, saved);
    assert_eq!(
        read.settings.secrets,
        [
            SecretPlace::Header {
                name: "X-Agent-API-Key".into()
            },
            SecretPlace::Bearer
        ]
    );
    assert!(read.settings.oauth && !read.settings.enabled && !read.settings.shown_in_browser);
    assert_eq!(read.settings.timeout_secs, 5);
    assert!(read.settings.inherit_env, "the environment switch is kept");
    assert!(
        read.created_at.ends_with('Z') && read.created_at.len() >= 20,
        "{}",
        read.created_at
    );
    assert_eq!(read.last_connect, None);
}

#[test]
fn an_edit_replaces_everything_but_id_place_and_creation() {
    let store = Store::open_in_memory().expect("open");
    let first = store.insert_connection("one", &stdio("a")).expect("insert");
    let other = store.insert_connection("two", &stdio("b")).expect("insert");
    let edited = store
        .update_connection(first.id, " uno ", &stdio("c"), &custom_settings())
        .expect("edit");
    assert_eq!(edited.name, "uno");
    assert_eq!(edited.transport, stdio("c"));
    assert_eq!(edited.position, first.position);
    assert_eq!(edited.created_at, first.created_at);
    assert!(edited.updated_at >= first.updated_at);
    let taken = store
        .update_connection(first.id, "TWO", &stdio("c"), &ConnectionSettings::default())
        .expect_err("name taken");
    assert_eq!(taken.code, ErrorCode::InvalidInput);
    let zero = ConnectionSettings {
        timeout_secs: 0,
        ..ConnectionSettings::default()
    };
    let refused = store
        .update_connection(other.id, "two", &stdio("b"), &zero)
        .expect_err("no timeout");
    assert_eq!(refused.code, ErrorCode::InvalidInput);
    let gone = store
        .update_connection(
            lode_core::ConnectionId(999),
            "x",
            &stdio("x"),
            &ConnectionSettings::default(),
        )
        .expect_err("unknown");
    assert_eq!(gone.code, ErrorCode::UnknownConnection);
}

#[test]
fn the_order_is_the_persons_and_new_connections_go_last() {
    let store = Store::open_in_memory().expect("open");
    let ids: Vec<_> = ["a", "b", "c", "d"]
        .iter()
        .map(|name| {
            store
                .insert_connection(name, &stdio(name))
                .expect("insert")
                .id
        })
        .collect();
    store
        .reorder_connections(&[ids[2], ids[0]])
        .expect("reorder");
    let names = |store: &Store| -> Vec<String> {
        store
            .list_connections()
            .expect("list")
            .into_iter()
            .map(|c| c.name)
            .collect()
    };
    assert_eq!(names(&store), ["c", "a", "b", "d"]);
    store.insert_connection("e", &stdio("e")).expect("insert");
    assert_eq!(names(&store), ["c", "a", "b", "d", "e"]);
}

#[test]
fn the_last_connect_result_is_recorded() {
    let store = Store::open_in_memory().expect("open");
    let saved = store.insert_connection("s", &stdio("s")).expect("insert");
    store
        .record_connect(saved.id, false, Some("spawn failed: `nope` not found"))
        .expect("record");
    let failed = store
        .get_connection(saved.id)
        .expect("get")
        .last_connect
        .expect("recorded");
    assert!(!failed.ok);
    assert_eq!(
        failed.error.as_deref(),
        Some("spawn failed: `nope` not found")
    );
    store.record_connect(saved.id, true, None).expect("record");
    let ok = store
        .get_connection(saved.id)
        .expect("get")
        .last_connect
        .expect("recorded");
    assert!(ok.ok && ok.error.is_none());
    assert!(ok.at >= failed.at);
}

#[test]
fn a_database_from_before_the_settings_keeps_its_connections() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("lode.db");
    {
        // Schema 1 as Lode wrote it, with two connections.
        let old = Sqlite::open(&path).expect("raw open");
        old.execute_batch(include_str!("../../src/migrations/0001_connections.sql"))
            .expect("schema 1");
        old.execute_batch(
            r#"INSERT INTO connections (name, transport) VALUES
                 ('Demo', '{"kind":"stdio","command":"lode-demo-server","args":["--stdio"]}'),
                 ('Docs', '{"kind":"http","url":"http://127.0.0.1:9/mcp"}');
               PRAGMA user_version = 1;"#,
        )
        .expect("rows");
    }
    let store = Store::open(&path).expect("migrated");
    let connections = store.list_connections().expect("list");
    let names: Vec<_> = connections.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Demo", "Docs"]);
    for connection in &connections {
        assert_eq!(connection.settings, ConnectionSettings::default());
        assert_eq!(connection.updated_at, connection.created_at);
    }
    assert_eq!(store.integrity_check().expect("check"), "ok");
}
