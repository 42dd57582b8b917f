//! A connection's own OAuth client settings, through `Lode` as the app drives it, against a
//! real authorization server (tests/servers/oauth-server.mjs): a pre-registered confidential
//! client whose secret lives only in the keychain and reaches only the token endpoint, and a
//! client ID metadata document URL (SEP-991) used as the client id.

use crate::support::events;
use crate::support::oauth_server;

use std::sync::Arc;
use std::time::Duration;

use events::wait_for_status;
use lode_app::secrets::MemoryStore;
use lode_app::Lode;
use lode_core::{
    ConnectionDraft, ConnectionStatus, DraftField, DraftProblemKind, SecretEdit, SecretPlace,
    TransportSpec,
};
use lode_secrets::{SecretKey, SecretName, SecretStore};
use oauth_server::OAuthServer;

const CLIENT_ID: &str = "lode-confidential";
const CLIENT_SECRET: &str = "cs-4f1d9b7e-never-in-sqlite";
const METADATA_URL: &str = "https://lode.example/oauth/client.json";

fn browser(url: &str) -> lode_core::LodeResult<()> {
    let url = url.to_owned();
    tokio::spawn(async move {
        let _ = reqwest::get(url).await;
    });
    Ok(())
}

fn ready(status: &ConnectionStatus) -> bool {
    matches!(status, ConnectionStatus::Ready)
}

fn auth_required(status: &ConnectionStatus) -> bool {
    matches!(status, ConnectionStatus::AuthRequired { .. })
}

/// Every file of the database (the main file and its write-ahead log) as bytes.
fn database_bytes(dir: &std::path::Path) -> Vec<u8> {
    let mut bytes = Vec::new();
    for entry in std::fs::read_dir(dir).expect("data dir") {
        let path = entry.expect("entry").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if name.starts_with("lode.db") {
            bytes.extend(std::fs::read(&path).expect("read the database"));
        }
    }
    assert!(!bytes.is_empty(), "no database file in {}", dir.display());
    bytes
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle.as_bytes())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_confidential_client_signs_in_with_its_secret_from_the_keychain_only() {
    let server = OAuthServer::start(&[
        "--preregistered",
        CLIENT_ID,
        "--client-secret",
        CLIENT_SECRET,
        "--no-dcr",
    ]);
    let dir = tempfile::tempdir().expect("temp dir");
    let keychain = Arc::new(MemoryStore::default());
    let lode = Arc::new(Lode::open_with_secrets(dir.path(), None, keychain.clone()).expect("open"));
    lode.start_all().await.expect("start");
    let mut events = lode.events();

    let mut draft = ConnectionDraft::new("confidential", TransportSpec::http(server.url.clone()));
    draft.oauth = true;
    draft.oauth_client_id = Some(CLIENT_ID.into());
    draft.secrets = vec![SecretEdit::set(
        SecretPlace::OauthClientSecret,
        CLIENT_SECRET,
    )];
    let saved = lode.add_connection(&draft).await.expect("added");
    let limit = Duration::from_secs(20);
    wait_for_status(&mut events, saved.id, limit, auth_required).await;

    lode.sign_in_with(saved.id, browser)
        .await
        .expect("signed in with the client secret");
    wait_for_status(&mut events, saved.id, limit, ready).await;
    assert!(!lode
        .list_resources(saved.id)
        .await
        .expect("listed")
        .is_empty());
    assert_eq!(server.count("confidentialExchanges").await, 1);
    assert_eq!(server.count("registrations").await, 0);

    // The keychain holds it; the database and what the window is sent only say one is set.
    let key = SecretKey::for_connection(saved.id, &SecretName::OAuthClientSecret);
    let stored = keychain.get(&key).expect("keychain").expect("the secret");
    assert_eq!(stored.expose(), CLIENT_SECRET);
    let listed = lode.list_connections().expect("list");
    let payload = serde_json::to_string(&listed).expect("JSON");
    assert!(payload.contains("oauthClientSecret"), "{payload}");
    assert!(!payload.contains(CLIENT_SECRET), "{payload}");
    assert!(!contains(&database_bytes(dir.path()), CLIENT_SECRET));

    // An edit that keeps it keeps it; removing the connection deletes it.
    let mut kept = ConnectionDraft::of(&listed[0]);
    kept.name = "still confidential".into();
    lode.update_connection(saved.id, &kept)
        .await
        .expect("edited");
    assert!(keychain.get(&key).expect("keychain").is_some());
    lode.remove_connection(saved.id).await.expect("removed");
    assert!(keychain.get(&key).expect("keychain").is_none());
    assert!(!contains(&database_bytes(dir.path()), CLIENT_SECRET));
    lode.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_metadata_document_url_is_checked_saved_and_used_as_the_client_id() {
    let dir = tempfile::tempdir().expect("temp dir");
    let keychain = Arc::new(MemoryStore::default());
    let lode = Arc::new(Lode::open_with_secrets(dir.path(), None, keychain).expect("open"));
    let mut draft = ConnectionDraft::new("cimd", TransportSpec::http("http://127.0.0.1:9/mcp"));
    draft.oauth = true;
    for bad in [
        "http://lode.example/client.json",
        "https://lode.example",
        "https://lode.example/",
        "not a url",
    ] {
        draft.oauth_client_metadata_url = Some(bad.into());
        let problems = lode.check_connection(&draft, None).expect("checked");
        assert!(
            problems
                .iter()
                .any(|p| p.field == DraftField::OauthClientMetadataUrl
                    && p.problem == DraftProblemKind::NotHttpsUrlWithPath),
            "{bad}: {problems:?}"
        );
        let refused = lode.add_connection(&draft).await.expect_err("refused");
        assert!(
            refused.message.contains("client metadata document URL"),
            "{refused:?}"
        );
    }

    // The authorization server accepts metadata documents and knows Lode's (it would fetch
    // it; this one has it ahead): Lode names itself with the URL and registers nothing.
    let server = OAuthServer::start(&["--cimd", "--preregistered", METADATA_URL, "--no-dcr"]);
    lode.start_all().await.expect("start");
    let mut events = lode.events();
    draft.transport = TransportSpec::http(server.url.clone());
    draft.oauth_client_metadata_url = Some(format!(" {METADATA_URL} "));
    let saved = lode.add_connection(&draft).await.expect("added");
    assert_eq!(
        saved.settings.oauth_client_metadata_url.as_deref(),
        Some(METADATA_URL)
    );
    let limit = Duration::from_secs(20);
    wait_for_status(&mut events, saved.id, limit, auth_required).await;
    lode.sign_in_with(saved.id, browser)
        .await
        .expect("signed in as the metadata document's client");
    wait_for_status(&mut events, saved.id, limit, ready).await;
    assert_eq!(server.count("codeExchanges").await, 1);
    assert_eq!(server.count("registrations").await, 0);
    lode.shutdown().await;
}
