//! A saved connection's secrets reach its server and nothing else: a stdio server that starts
//! only when its secret variable holds the right value becomes ready; without the secret in
//! the store it shows as failed, naming what is missing; deleting the connection deletes its
//! secrets, and a secret that cannot be stored leaves neither a connection nor a secret behind.

use std::sync::Arc;
use std::time::Duration;

use crate::support::demo as support;
use crate::support::events;
use lode_app::secrets::{EntryStore, MemoryStore, Secret, SecretKey, SecretName, SecretStore};

use events::wait_for_status;
use lode_app::Lode;
use lode_core::{
    ConnectionDraft, ConnectionEvent, ConnectionId, ConnectionStatus, ErrorCode, LodeError,
    LodeResult, SecretEdit, SecretPlace, TransportSpec,
};
use support::demo;
use tokio::sync::broadcast;

/// The demo server's command line, quoted for `sh`.
fn demo_command_line() -> String {
    match demo() {
        TransportSpec::Stdio { command, args, .. } => std::iter::once(command)
            .chain(args)
            .map(|word| format!("'{word}'"))
            .collect::<Vec<_>>()
            .join(" "),
        other => panic!("the demo server runs over stdio, not {other:?}"),
    }
}

/// The demo server, started only when `LODE_TOKEN` is `s3cret`.
fn guarded_demo() -> TransportSpec {
    let script = format!(
        "test \"$LODE_TOKEN\" = s3cret || {{ echo 'wrong token' >&2; exit 3; }}; exec {}",
        demo_command_line()
    );
    TransportSpec::Stdio {
        command: "sh".into(),
        args: vec!["-c".into(), script],
        env: Default::default(),
        cwd: None,
    }
}

fn token() -> SecretPlace {
    SecretPlace::Env {
        name: "LODE_TOKEN".into(),
    }
}

async fn settled(
    events: &mut broadcast::Receiver<ConnectionEvent>,
    id: ConnectionId,
) -> ConnectionStatus {
    wait_for_status(events, id, Duration::from_secs(30), |status| {
        !matches!(status, ConnectionStatus::Connecting)
    })
    .await
}

/// Saves the guarded demo server with its token; it connects at once.
async fn add_guarded(lode: &Lode) -> lode_core::Connection {
    let mut draft = ConnectionDraft::new("guarded", guarded_demo());
    draft.secrets.push(SecretEdit::set(token(), "s3cret"));
    lode.add_connection(&draft).await.expect("added")
}

/// Lode as the app runs it: supervising every connection.
async fn open(dir: &std::path::Path, keychain: Arc<dyn SecretStore>) -> Arc<Lode> {
    let lode = Arc::new(Lode::open_with_secrets(dir, None, keychain).expect("open"));
    lode.start_all().await.expect("start");
    lode
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_secret_reaches_the_server_and_goes_with_the_connection() {
    let dir = tempfile::tempdir().expect("temp dir");
    let keychain = Arc::new(MemoryStore::default());
    let lode = open(dir.path(), keychain.clone()).await;
    let mut events = lode.events();
    let saved = add_guarded(&lode).await;
    assert_eq!(saved.settings.secrets, [token()]);
    let key = SecretKey::for_connection(saved.id, &SecretName::from(&token()));
    assert!(keychain.get(&key).expect("read").is_some());

    let status = settled(&mut events, saved.id).await;
    assert!(matches!(status, ConnectionStatus::Ready), "{status:?}");
    let resources = lode.list_resources(saved.id).await.expect("listed");
    assert!(!resources.is_empty());

    lode.remove_connection(saved.id).await.expect("removed");
    assert_eq!(
        keychain.get(&key).expect("read"),
        None,
        "the secret went too"
    );
    assert!(lode.list_connections().expect("list").is_empty());
    lode.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missing_secret_shows_as_failed_naming_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let keychain = Arc::new(MemoryStore::default());
    let lode = open(dir.path(), keychain.clone()).await;
    let saved = add_guarded(&lode).await;
    // The keychain lost it (another tool, a reset keyring).
    let key = SecretKey::for_connection(saved.id, &SecretName::from(&token()));
    keychain.delete(&key).expect("delete");

    let mut events = lode.events();
    lode.retry_connection(saved.id).await.expect("retry");
    let failed = wait_for_status(&mut events, saved.id, Duration::from_secs(30), |status| {
        matches!(status, ConnectionStatus::Failed { .. })
    });
    match failed.await {
        ConnectionStatus::Failed { error } => {
            assert_eq!(error.code, ErrorCode::AuthRequired, "{error:?}");
            assert!(error.message.contains("LODE_TOKEN"), "{error:?}");
        }
        other => panic!("expected failed, got {other:?}"),
    }
    let error = lode
        .list_resources(saved.id)
        .await
        .expect_err("cannot list");
    assert!(error.message.contains("LODE_TOKEN"), "{error:?}");
    lode.shutdown().await;
}

/// A keychain that refuses to store secret headers, as a locked one refuses everything.
#[derive(Default)]
struct RefusingHeaders {
    inner: MemoryStore,
}

impl EntryStore for RefusingHeaders {
    fn write_entry(&self, name: &str, value: &Secret) -> LodeResult<()> {
        if name.contains("/header/") {
            return Err(LodeError::new(
                ErrorCode::KeychainLocked,
                "the keychain is locked",
            ));
        }
        self.inner.write_entry(name, value)
    }

    fn read_entry(&self, name: &str) -> LodeResult<Option<Secret>> {
        self.inner.read_entry(name)
    }

    fn remove_entry(&self, name: &str) -> LodeResult<bool> {
        self.inner.remove_entry(name)
    }
}

#[tokio::test]
async fn a_secret_that_cannot_be_stored_leaves_nothing_behind() {
    let dir = tempfile::tempdir().expect("temp dir");
    let keychain = Arc::new(RefusingHeaders::default());
    let lode = open(dir.path(), keychain.clone()).await;
    let mut draft = ConnectionDraft::new("remote", TransportSpec::http("http://127.0.0.1:9/mcp"));
    draft.secrets = vec![
        SecretEdit::set(SecretPlace::Bearer, "tok"),
        SecretEdit::set(
            SecretPlace::Header {
                name: "X-Key".into(),
            },
            "k3y",
        ),
    ];
    let error = lode
        .add_connection(&draft)
        .await
        .expect_err("the keychain refused");
    assert_eq!(error.code, ErrorCode::KeychainLocked);
    assert!(lode.list_connections().expect("list").is_empty());
    // The bearer token stored before the refusal was taken back (the first id is 1).
    let bearer = SecretKey::for_connection(ConnectionId(1), &SecretName::Bearer);
    assert_eq!(keychain.get(&bearer).expect("read"), None);
}
