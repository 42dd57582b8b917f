//! Editing saved connections against the real demo server and a real SQLite file: an edit
//! reconnects with the new settings and secrets and deletes the secrets it drops; a removal
//! can be undone with every secret back; "Test connection" reaches the server without saving
//! anything; each connection's last outcome is recorded beside it.

use std::sync::Arc;
use std::time::Duration;

use crate::support::demo as support;
use crate::support::events;

use events::wait_for_status;
use lode_app::secrets::{MemoryStore, SecretKey, SecretName, SecretStore};
use lode_app::{Lode, ServerTarget};
use lode_core::{
    ConnectionDraft, ConnectionEvent, ConnectionId, ConnectionStatus, ErrorCode, SecretEdit,
    SecretPlace, TransportSpec,
};
use support::demo;
use tokio::sync::broadcast;

/// The demo server behind a shell that starts it only when `$VAR` is `value`.
pub(crate) fn guarded(var: &str, value: &str) -> TransportSpec {
    let TransportSpec::Stdio { command, args, .. } = demo() else {
        panic!("the demo server runs over stdio");
    };
    let line: Vec<String> = std::iter::once(command)
        .chain(args)
        .map(|word| format!("'{word}'"))
        .collect();
    let script = format!(
        "test \"${var}\" = '{value}' || {{ echo \"wrong {var}\" >&2; exit 3; }}; exec {}",
        line.join(" ")
    );
    TransportSpec::Stdio {
        command: "sh".into(),
        args: vec!["-c".into(), script],
        env: Default::default(),
        cwd: None,
    }
}

fn env(name: &str) -> SecretPlace {
    SecretPlace::Env { name: name.into() }
}

fn stored(keychain: &MemoryStore, id: ConnectionId, place: &SecretPlace) -> Option<String> {
    let key = SecretKey::for_connection(id, &SecretName::from(place));
    let secret = keychain.get(&key).expect("keychain read");
    secret.map(|s| s.expose().to_owned())
}

async fn ready(events: &mut broadcast::Receiver<ConnectionEvent>, id: ConnectionId) {
    wait_for_status(events, id, Duration::from_secs(30), |status| {
        matches!(status, ConnectionStatus::Ready)
    })
    .await;
}

struct Fixture {
    _dir: tempfile::TempDir,
    keychain: Arc<MemoryStore>,
    lode: Arc<Lode>,
}

fn fixture() -> Fixture {
    let dir = tempfile::tempdir().expect("temp dir");
    let keychain = Arc::new(MemoryStore::default());
    let lode = Lode::open_with_secrets(dir.path(), None, keychain.clone()).expect("open");
    Fixture {
        _dir: dir,
        keychain,
        lode: Arc::new(lode),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edit_reconnects_with_the_new_secret_and_deletes_the_dropped_one() {
    let Fixture { keychain, lode, .. } = fixture();
    lode.start_all().await.expect("record outcomes");
    let mut events = lode.events();
    let mut draft = ConnectionDraft::new("guarded", guarded("NEW_TOKEN", "n3w"));
    draft.secrets = vec![
        SecretEdit::set(env("OLD_TOKEN"), "old"),
        SecretEdit::set(env("NEW_TOKEN"), "wrong"),
    ];
    let saved = lode.add_connection(&draft).await.expect("added");
    let failing = wait_for_status(&mut events, saved.id, Duration::from_secs(30), |status| {
        !matches!(status, ConnectionStatus::Connecting)
    })
    .await;
    assert!(
        matches!(
            failing,
            ConnectionStatus::Failed { .. } | ConnectionStatus::Reconnecting { .. }
        ),
        "{failing:?}"
    );

    // Replace one secret, drop the other, keep nothing else: the session restarts with it.
    let mut edit = ConnectionDraft::of(&saved);
    edit.secrets = vec![SecretEdit::set(env("NEW_TOKEN"), "n3w")];
    edit.timeout_secs = 30;
    let edited = lode
        .update_connection(saved.id, &edit)
        .await
        .expect("edited");
    assert_eq!(edited.settings.secrets, [env("NEW_TOKEN")]);
    assert_eq!(edited.settings.timeout_secs, 30);
    ready(&mut events, saved.id).await;
    assert_eq!(
        stored(&keychain, saved.id, &env("NEW_TOKEN")).as_deref(),
        Some("n3w")
    );
    assert_eq!(stored(&keychain, saved.id, &env("OLD_TOKEN")), None);

    // The outcome is recorded beside the connection (by a task of its own: wait for it).
    let mut last = None;
    for _ in 0..100 {
        last = lode.list_connections().expect("list")[0]
            .last_connect
            .clone();
        if last.as_ref().is_some_and(|outcome| outcome.ok) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(last.as_ref().is_some_and(|outcome| outcome.ok), "{last:?}");

    // Keeping the secret keeps its value; a draft with problems changes nothing.
    let mut rename = ConnectionDraft::of(&edited);
    rename.name = "Guarded".into();
    let renamed = lode
        .update_connection(saved.id, &rename)
        .await
        .expect("renamed");
    assert_eq!(renamed.name, "Guarded");
    assert_eq!(
        stored(&keychain, saved.id, &env("NEW_TOKEN")).as_deref(),
        Some("n3w")
    );
    let mut bad = ConnectionDraft::of(&renamed);
    bad.name = " ".into();
    let error = lode
        .update_connection(saved.id, &bad)
        .await
        .expect_err("refused");
    assert_eq!(error.code, ErrorCode::InvalidInput);
    assert!(error.message.contains("name is required"), "{error:?}");
    lode.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_removal_is_undone_with_its_secrets_and_its_place() {
    let Fixture { keychain, lode, .. } = fixture();
    let mut ids = Vec::new();
    for name in ["first", "second", "third"] {
        let mut draft = ConnectionDraft::new(name, guarded("TOKEN", name));
        draft.secrets = vec![SecretEdit::set(env("TOKEN"), name)];
        draft.enabled = false;
        ids.push(lode.add_connection(&draft).await.expect("added").id);
    }
    // What the form does not hold: the Log pane's level, the folders offered as roots.
    let folder = tempfile::tempdir().expect("a folder");
    let root = folder.path().display().to_string();
    lode.set_log_level(ids[1], Some("debug"))
        .await
        .expect("level");
    lode.set_roots(ids[1], std::slice::from_ref(&root))
        .await
        .expect("roots");
    lode.remove_connection(ids[1]).await.expect("removed");
    assert_eq!(stored(&keychain, ids[1], &env("TOKEN")), None);
    let names = |lode: &Lode| -> Vec<String> {
        let list = lode.list_connections().expect("list");
        list.into_iter().map(|c| c.name).collect()
    };
    assert_eq!(names(&lode), ["first", "third"]);

    let restored = lode.restore_connection(ids[1]).await.expect("restored");
    assert_eq!(restored.name, "second");
    assert!(!restored.settings.enabled);
    assert_eq!(restored.settings.log_level.as_deref(), Some("debug"));
    assert_eq!(restored.settings.roots, Some(vec![root.clone()]));
    assert_eq!(names(&lode), ["first", "second", "third"]);
    assert_eq!(
        stored(&keychain, restored.id, &env("TOKEN")).as_deref(),
        Some("second")
    );
    // Off, it is not started by a request; started by the person, it connects with the
    // restored secret.
    let off = lode.list_resources(restored.id).await.expect_err("off");
    assert_eq!(off.code, ErrorCode::TransportClosed, "{off:?}");
    lode.start_connections(&[restored.id])
        .await
        .expect("started");
    let listed = lode.list_resources(restored.id).await.expect("listed");
    assert!(!listed.is_empty());
    // Undo works once.
    let again = lode.restore_connection(ids[1]).await.expect_err("gone");
    assert_eq!(again.code, ErrorCode::UnknownConnection);
    lode.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_test_connects_without_saving_and_uses_kept_secrets() {
    let Fixture { lode, .. } = fixture();
    let mut draft = ConnectionDraft::new("probe", guarded("TOKEN", "t0k"));
    draft.secrets = vec![SecretEdit::set(env("TOKEN"), "t0k")];
    let info = lode.test_connection(&draft, None).await.expect("tested");
    assert_eq!(info.name.as_deref(), Some("lode-demo-server"));
    assert!(lode.list_connections().expect("list").is_empty());

    let wrong = ConnectionDraft {
        secrets: vec![SecretEdit::set(env("TOKEN"), "nope")],
        ..draft.clone()
    };
    let error = lode
        .test_connection(&wrong, None)
        .await
        .expect_err("wrong token");
    assert!(
        error.message.contains("wrong TOKEN") || error.detail.iter().any(|d| d.contains("wrong")),
        "{error:?}"
    );

    // Saved, then tested again with the secret kept: it comes from the keychain.
    draft.enabled = false;
    let saved = lode.add_connection(&draft).await.expect("added");
    let kept = ConnectionDraft::of(&saved);
    let info = lode
        .test_connection(&kept, Some(saved.id))
        .await
        .expect("tested with the kept secret");
    assert_eq!(info.name.as_deref(), Some("lode-demo-server"));
    // The CLI's way in, by name, brings the secret too.
    let target = ServerTarget::Saved("PROBE".into());
    let client = lode
        .connect_target_with(&target, lode_app::ConnectOptions::new(""))
        .await
        .expect("connected by name");
    assert_eq!(client.server_name(), "probe");
    client.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restored_connection_can_still_undo_its_last_update() {
    use lode_app::install::PlannedUpdate;
    use lode_core::install::{
        InstallChoice, InstallOrigin, InstallPlan, InstallPreview, InstallSource,
    };
    use lode_core::registry::EntryStatus;

    let Fixture { lode, .. } = fixture();
    let origin = |version: &str| InstallOrigin {
        source: InstallSource::Registry,
        registry: Some("https://registry.example".into()),
        name: "io.github.example/demo".into(),
        version: version.into(),
        choice: InstallChoice::Package { index: 0 },
        mcpb_folder: None,
        mcpb_values: None,
    };
    let mut draft = ConnectionDraft::new("installed", demo());
    draft.enabled = false;
    let before = lode
        .install_planned(&InstallPlan {
            draft: draft.clone(),
            preview: InstallPreview {
                name: "installed".into(),
                transport: draft.transport.clone(),
                secrets: Vec::new(),
                runner: None,
                origin: origin("1.0.0"),
                runner_options: Vec::new(),
                status: EntryStatus::Active,
            },
        })
        .await
        .expect("installed");
    // An update applied as the registry's would be: a new command line, a new version.
    let mut updated = ConnectionDraft::of(&before);
    if let TransportSpec::Stdio { args, .. } = &mut updated.transport {
        args.push("--n".into());
        args.push("5".into());
    }
    lode.apply_update(&PlannedUpdate {
        before: before.clone(),
        draft: updated,
        origin: origin("2.0.0"),
        mcpb: None,
    })
    .await
    .expect("updated");

    lode.remove_connection(before.id).await.expect("removed");
    let restored = lode.restore_connection(before.id).await.expect("restored");
    assert_ne!(restored.id, before.id, "restored under a new id");
    assert_eq!(
        restored.origin.as_ref().map(|o| o.version.as_str()),
        Some("2.0.0")
    );
    let undone = lode
        .undo_update(restored.id)
        .await
        .expect("the undo came along");
    assert_eq!(undone.transport, before.transport);
    assert_eq!(
        undone.origin.as_ref().map(|o| o.version.as_str()),
        Some("1.0.0")
    );
    lode.shutdown().await;
}
