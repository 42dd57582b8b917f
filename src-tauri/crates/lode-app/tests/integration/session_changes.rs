//! A session is only ever started from the connection as saved (`session_changes.rs` in
//! lode-app). Here a start is held inside its keychain read while the person saves another
//! server for the same connection: the edit must end with the new server running, not the one
//! the held start had read before the edit.

use std::path::Path;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use lode_app::secrets::{MemoryStore, Secret, SecretKey, SecretStore};
use lode_app::Lode;
use lode_core::{
    ConnectionDraft, ConnectionId, LodeResult, SecretEdit, SecretPlace, TransportSpec,
};

use crate::support::demo::{demo, demo_command};

/// A keychain whose reads of a secret wait for the test's leave, one read per leave, once it is closed:
/// a slow keychain (a D-Bus round trip, an unlock prompt) made to take exactly as long as the
/// test needs.
#[derive(Default)]
struct GatedKeychain {
    inner: MemoryStore,
    gate: Mutex<Gate>,
    changed: Condvar,
}

#[derive(Default)]
struct Gate {
    closed: bool,
    /// Reads let through since the gate closed, and reads waiting at it.
    allowed: usize,
    passed: usize,
    waiting: usize,
}

impl GatedKeychain {
    fn lock(&self) -> std::sync::MutexGuard<'_, Gate> {
        self.gate.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn close(&self) {
        *self.lock() = Gate {
            closed: true,
            ..Gate::default()
        };
    }

    /// Lets every read through again.
    fn open(&self) {
        self.lock().closed = false;
        self.changed.notify_all();
    }

    /// Lets one more waiting (or coming) read through.
    fn allow_one(&self) {
        self.lock().allowed += 1;
        self.changed.notify_all();
    }

    /// Whether `count` reads wait at the gate within `limit`.
    fn waits(&self, count: usize, limit: Duration) -> bool {
        let gate = self.lock();
        let (gate, _) = self
            .changed
            .wait_timeout_while(gate, limit, |gate| gate.waiting < count)
            .unwrap_or_else(|p| p.into_inner());
        gate.waiting >= count
    }
}

impl SecretStore for GatedKeychain {
    fn set(&self, key: &SecretKey, secret: &Secret) -> LodeResult<()> {
        self.inner.set(key, secret)
    }

    fn get(&self, key: &SecretKey) -> LodeResult<Option<Secret>> {
        let mut gate = self.lock();
        if gate.closed {
            gate.waiting += 1;
            self.changed.notify_all();
            let mut gate = self
                .changed
                .wait_while(gate, |gate| gate.closed && gate.passed >= gate.allowed)
                .unwrap_or_else(|p| p.into_inner());
            gate.waiting -= 1;
            gate.passed += 1;
        } else {
            drop(gate);
        }
        self.inner.get(key)
    }

    fn delete(&self, key: &SecretKey) -> LodeResult<bool> {
        self.inner.delete(key)
    }

    fn delete_connection_secrets(
        &self,
        connection: ConnectionId,
        places: &[SecretPlace],
    ) -> LodeResult<usize> {
        self.inner.delete_connection_secrets(connection, places)
    }
}

fn hostile_server() -> TransportSpec {
    let server = Path::new(&demo_command()).with_file_name(if cfg!(windows) {
        "lode-hostile-server.exe"
    } else {
        "lode-hostile-server"
    });
    assert!(server.is_file(), "build the hostile server first");
    TransportSpec::Stdio {
        command: server.display().to_string(),
        args: vec!["stdio".into()],
        env: Default::default(),
        cwd: None,
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_edit_saved_while_the_connection_starts_is_the_one_that_runs() {
    let dir = tempfile::tempdir().expect("temp dir");
    let keychain = Arc::new(GatedKeychain::default());
    let lode = Arc::new(
        Lode::open_with_secrets(&dir.path().join("data"), None, keychain.clone()).expect("open"),
    );
    let token = SecretPlace::Env {
        name: "LODE_TEST_TOKEN".into(),
    };
    let mut draft = ConnectionDraft::new("Server", demo());
    draft.secrets = vec![SecretEdit::set(token.clone(), "t0ken")];
    let id = lode.add_connection(&draft).await.expect("added").id;
    let mut edited = ConnectionDraft::new("Server", hostile_server());
    edited.secrets = vec![SecretEdit::keep(token)];
    let wanted = lode
        .test_connection(&edited, Some(id))
        .await
        .expect("the new server answers")
        .name;
    let before = lode
        .test_connection(&draft, None)
        .await
        .expect("the old server answers")
        .name;
    assert_ne!(wanted, before, "two servers told apart by their names");

    // The start reads the token, and waits there with the demo server's command in hand.
    keychain.close();
    let starting = tokio::spawn({
        let lode = lode.clone();
        async move { lode.start_all().await }
    });
    assert!(
        keychain.waits(1, Duration::from_secs(10)),
        "the start reads"
    );

    // The person saves the hostile server meanwhile. Without one lock over starts, the edit
    // stops nothing (no session yet), and its own start reads the keychain too.
    let editing = tokio::spawn({
        let lode = lode.clone();
        async move { lode.update_connection(id, &edited).await }
    });
    // Either the edit's start waits at the gate too, or (with the lock) the edit waits for the
    // held start to end: given a moment, it is one or the other.
    let _ = keychain.waits(2, Duration::from_secs(2));
    keychain.allow_one();
    starting.await.expect("joined").expect("started");
    keychain.allow_one();
    editing.await.expect("joined").expect("edited");

    keychain.open();

    // Waits for the session to settle.
    let running = lode.server_info(id).await.expect("info").name;
    assert_eq!(
        running, wanted,
        "the saved server runs, not the one read before"
    );

    // Once Lode has shut down (the app quits), a request starts nothing again: the browser's
    // indexer may still be asking.
    lode.shutdown().await;
    let error = lode
        .server_info(id)
        .await
        .expect_err("no session after shutdown");
    assert!(error.message.contains("stopped"), "{error:?}");
}
