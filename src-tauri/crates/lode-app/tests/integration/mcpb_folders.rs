//! A bundle through lode-app, from the file the official `mcpb` CLI made
//! (lode-core's `mcpb/fixtures/notes-signed.mcpb`, `mcpb pack` then `mcpb sign --self-signed`):
//! checked and shown without unpacking, installed into a folder of Lode's named in the
//! connection's origin, kept while the removed connection can be brought back, deleted once
//! Lode lets the trash go, and an unnamed folder left by an earlier run deleted when Lode opens.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use lode_app::mcpb::{McpbInstallRequest, McpbTarget};
use lode_app::Lode;
use lode_core::install::{InstallSource, InstallValues};
use lode_core::mcpb::SignatureStatus;
use lode_secrets::MemoryStore;

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../lode-core/src/mcpb/fixtures/notes-signed.mcpb")
}

/// Makes `folder` look unpacked two minutes ago, past the grace an install in another process
/// is given to save its connection.
fn age(folder: &Path) {
    let earlier = SystemTime::now() - Duration::from_secs(120);
    std::fs::File::open(folder)
        .and_then(|dir| dir.set_modified(earlier))
        .expect("set the folder's time");
}

fn open(dir: &Path, secrets: &Arc<MemoryStore>) -> Lode {
    Lode::open_with_secrets(dir, None, secrets.clone()).expect("open")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bundle_folder_lives_as_long_as_a_connection_or_its_undo_names_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let secrets = Arc::new(MemoryStore::default());
    let lode = open(dir.path(), &secrets);
    let target = McpbTarget::File {
        path: fixture().display().to_string(),
    };

    let view = lode.open_mcpb(&target).await.expect("opened");
    assert_eq!(view.preview.signature.status, SignatureStatus::SelfSigned);
    assert_eq!(view.form.fields.len(), 3);
    assert!(!lode.mcpb_dir().exists(), "showing unpacks nothing");

    let mut values = InstallValues::default();
    values.add("user_config.folders", dir.path().display().to_string());
    values.add("user_config.token", "hunter22");
    let planned = lode
        .plan_mcpb(&McpbInstallRequest {
            target: target.clone(),
            values,
            name: None,
        })
        .await
        .expect("planned");
    let installed = lode.install_mcpb(planned).await.expect("installed");
    let origin = installed.origin.clone().expect("an origin");
    assert_eq!(origin.source, InstallSource::Mcpb);
    let folder = PathBuf::from(origin.mcpb_folder.expect("a folder"));
    assert_eq!(folder.parent(), Some(lode.mcpb_dir().as_path()));
    assert!(folder.join("server/index.js").is_file());
    let names: Vec<String> = std::fs::read_dir(lode.mcpb_dir())
        .expect("mcpb/")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names,
        ["lode-test-notes-1.2.0"],
        "no .unpacking- folder is left"
    );
    age(&folder);

    // Removed: kept for Undo, and back with it.
    lode.remove_connection(installed.id).await.expect("removed");
    assert!(
        folder.is_dir(),
        "kept while Undo can bring the connection back"
    );
    let restored = lode
        .restore_connection(installed.id)
        .await
        .expect("restored");
    assert_eq!(
        restored
            .origin
            .and_then(|o| o.mcpb_folder)
            .map(PathBuf::from),
        Some(folder.clone())
    );
    // Removed again, and the trash let go of (Lode closing): the folder goes.
    lode.remove_connection(restored.id).await.expect("removed");
    assert!(folder.is_dir());
    assert_eq!(lode.discard_trash().expect("discarded"), 1);
    assert!(!folder.exists());

    // A folder no connection names, left by an earlier run, goes when Lode opens; one just
    // made (an install in another process, about to save its connection) stays.
    let orphan = lode.mcpb_dir().join("left-behind-1.0");
    let fresh = lode.mcpb_dir().join("being-installed-1.0");
    std::fs::create_dir_all(orphan.join("server")).expect("orphan");
    std::fs::create_dir_all(&fresh).expect("fresh");
    age(&orphan);
    drop(lode);
    let reopened = open(dir.path(), &secrets);
    assert!(!orphan.exists(), "swept when Lode opened");
    assert!(
        fresh.is_dir(),
        "a folder made a moment ago is given its grace"
    );
    drop(reopened);
}
