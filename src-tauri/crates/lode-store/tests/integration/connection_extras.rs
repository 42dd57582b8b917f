//! The log level and the roots kept with a connection, on a real SQLite file: set, read back
//! after a reopen, untouched by the form's Save, refused when invalid, cleared.

use lode_core::{ConnectionId, ConnectionSettings, ErrorCode, TransportSpec};
use lode_store::Store;

#[test]
fn log_level_and_roots_survive_a_reopen_and_an_edit() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("lode.db");
    let id = {
        let store = Store::open(&path).expect("open");
        let saved = store
            .insert_connection("demo", &TransportSpec::http("https://x.example/mcp"))
            .expect("insert");
        assert_eq!(saved.settings.log_level, None, "no level by default");
        assert_eq!(saved.settings.roots, None, "no roots by default");
        store.set_log_level(saved.id, Some("debug")).expect("level");
        store
            .set_roots(saved.id, &["/home/me/project".into(), "/tmp/x y".into()])
            .expect("roots");
        saved.id
    };
    let store = Store::open(&path).expect("reopen");
    let read = store.get_connection(id).expect("get");
    assert_eq!(read.settings.log_level.as_deref(), Some("debug"));
    assert_eq!(
        read.settings.roots,
        Some(vec!["/home/me/project".to_owned(), "/tmp/x y".to_owned()])
    );

    // The form's Save carries neither: both stay.
    let edited = store
        .update_connection(
            id,
            "demo",
            &TransportSpec::http("https://x.example/mcp"),
            &ConnectionSettings::default(),
        )
        .expect("edit");
    assert_eq!(edited.settings.log_level.as_deref(), Some("debug"));
    assert!(edited.settings.roots.is_some());

    store.set_log_level(id, None).expect("clear");
    store.set_roots(id, &[]).expect("clear");
    let cleared = store.get_connection(id).expect("get");
    assert_eq!(
        (cleared.settings.log_level, cleared.settings.roots),
        (None, None)
    );
}

#[test]
fn a_bad_level_or_an_unknown_connection_is_refused() {
    let store = Store::open_in_memory().expect("open");
    let saved = store
        .insert_connection("demo", &TransportSpec::http("https://x.example/mcp"))
        .expect("insert");
    let bad = store
        .set_log_level(saved.id, Some("verbose"))
        .expect_err("bad");
    assert_eq!(bad.code, ErrorCode::InvalidInput);
    let unknown = store
        .set_log_level(ConnectionId(9_999), Some("info"))
        .expect_err("unknown");
    assert_eq!(unknown.code, ErrorCode::UnknownConnection);
    let unknown = store
        .set_roots(ConnectionId(9_999), &[])
        .expect_err("unknown");
    assert_eq!(unknown.code, ErrorCode::UnknownConnection);
}

#[test]
fn an_install_origin_survives_a_reopen_and_an_edit() {
    use lode_core::origin::{InstallChoice, InstallOrigin, InstallSource};
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("lode.db");
    let origin = InstallOrigin {
        source: InstallSource::Registry,
        registry: Some("https://registry.modelcontextprotocol.io".into()),
        name: "io.github.example/weather".into(),
        version: "1.2.0".into(),
        choice: InstallChoice::Remote { index: 1 },
        mcpb_folder: Some("/data/bundles/1f".into()),
        mcpb_values: Some(
            [(
                "user_config.folders".to_owned(),
                vec!["/a".to_owned(), "/b".to_owned()],
            )]
            .into(),
        ),
    };
    let id = {
        let store = Store::open(&path).expect("open");
        let saved = store
            .insert_connection("weather", &TransportSpec::http("https://w.example/mcp"))
            .expect("insert");
        assert_eq!(saved.origin, None, "added by hand: no origin");
        store.set_origin(saved.id, Some(&origin)).expect("origin");
        saved.id
    };
    let store = Store::open(&path).expect("reopen");
    assert_eq!(
        store.get_connection(id).expect("get").origin.as_ref(),
        Some(&origin)
    );
    let edited = store
        .update_connection(
            id,
            "weather",
            &TransportSpec::http("https://w.example/mcp"),
            &ConnectionSettings::default(),
        )
        .expect("edit");
    assert_eq!(
        edited.origin.as_ref(),
        Some(&origin),
        "the form's Save keeps it"
    );
    store.set_origin(id, None).expect("forget");
    assert_eq!(store.get_connection(id).expect("get").origin, None);
    let missing = store
        .set_origin(ConnectionId(999), Some(&origin))
        .expect_err("no such connection");
    assert_eq!(missing.code, ErrorCode::UnknownConnection);
}
