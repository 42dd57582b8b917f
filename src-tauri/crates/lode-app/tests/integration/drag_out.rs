//! Dragging in and out of the window, without the window: the sidebar's order of connections
//! kept across a restart, and a basket (or one item) dragged out as the Markdown of its export,
//! as text or written to a file — on a real SQLite file, with items read from the demo server.

use std::sync::Arc;

use crate::support::demo as support;

use lode_app::Lode;
use lode_core::basket::ExportFormat;
use lode_core::{ConnectionDraft, ConnectionId, ErrorCode};
use lode_secrets::MemoryStore;
use support::demo;

const README: &str = "file:///project/README.md";
const LOG: &str = "file:///project/logs/server.log";

fn open(dir: &tempfile::TempDir) -> Arc<Lode> {
    let secrets = Arc::new(MemoryStore::default());
    Arc::new(Lode::open_with_secrets(dir.path(), None, secrets).expect("open Lode"))
}

fn names(lode: &Lode) -> Vec<String> {
    let list = lode.list_connections().expect("list");
    list.into_iter().map(|c| c.name).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_moved_connection_keeps_its_place_after_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = open(&dir);
    let mut ids: Vec<ConnectionId> = Vec::new();
    for name in ["Alpha", "Beta", "Gamma", "Delta"] {
        let mut draft = ConnectionDraft::new(name, demo());
        draft.enabled = false;
        ids.push(lode.add_connection(&draft).await.expect("added").id);
    }
    // Names sort alphabetically only among equal positions: the moves are what orders them.
    lode.move_connection(ids[3], 0).expect("Delta to the top");
    lode.move_connection(ids[0], 99)
        .expect("Alpha past the end, clamped");
    assert_eq!(names(&lode), ["Delta", "Beta", "Gamma", "Alpha"]);
    let unknown = lode
        .move_connection(ConnectionId(9999), 0)
        .expect_err("unknown");
    assert_eq!(unknown.code, ErrorCode::UnknownConnection);
    assert_eq!(
        names(&lode),
        ["Delta", "Beta", "Gamma", "Alpha"],
        "untouched"
    );
    lode.shutdown().await;
    drop(lode);

    let again = open(&dir);
    assert_eq!(names(&again), ["Delta", "Beta", "Gamma", "Alpha"]);
    again.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_dragged_item_or_basket_is_its_markdown_export_as_text_and_as_a_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = open(&dir);
    let demo = lode
        .add_connection(&ConnectionDraft::new("Demo", demo()))
        .await
        .expect("added")
        .id;
    let basket = lode.create_basket("..ctx\\notes", None).expect("create").id;
    let report = lode
        .add_uris_to_basket(basket, demo, &[README.into(), LOG.into()])
        .await
        .expect("add");
    assert_eq!(report.added, 2, "{report:?}");
    let items = lode.basket(basket).expect("basket").items;

    let whole = lode
        .export_basket_part(basket, None, ExportFormat::Markdown)
        .expect("whole");
    let copied = lode
        .export_basket(basket, ExportFormat::Markdown)
        .expect("copy");
    assert_eq!(
        strip_stamp(&whole.text),
        strip_stamp(&copied.text),
        "the copy's Markdown"
    );
    let one = lode
        .export_basket_part(basket, Some(items[1].id), ExportFormat::Markdown)
        .expect("one item");
    assert!(
        one.text
            .contains(&format!("## 1. {}", items[1].display_name())),
        "{}",
        one.text
    );
    assert!(
        one.text.contains(LOG) && !one.text.contains(README),
        "{}",
        one.text
    );
    let missing = lode
        .export_basket_part(basket, Some(-1), ExportFormat::Markdown)
        .expect_err("not in the basket");
    assert_eq!(missing.code, ErrorCode::NotFound);

    let folder = dir.path().join("cache").join("drag-out");
    let file = lode
        .write_drag_file(basket, Some(items[0].id), &folder)
        .expect("item file");
    assert_eq!(file.parent(), Some(folder.as_path()), "stays in its folder");
    let name = file
        .file_name()
        .expect("name")
        .to_string_lossy()
        .into_owned();
    assert!(
        name.starts_with("ctx_notes - ") && name.ends_with(".md"),
        "{name}"
    );
    let written = std::fs::read_to_string(&file).expect("read");
    assert!(
        written.contains(README) && !written.contains(LOG),
        "{written}"
    );

    let whole_file = lode
        .write_drag_file(basket, None, &folder)
        .expect("basket file");
    assert_eq!(whole_file, folder.join("ctx_notes.md"));
    let written = std::fs::read_to_string(&whole_file).expect("read");
    assert_eq!(strip_stamp(&written), strip_stamp(&copied.text));
    // A second drag of the same thing replaces the file.
    assert_eq!(
        lode.write_drag_file(basket, None, &folder).expect("again"),
        whole_file
    );
    lode.shutdown().await;
}

/// A dragged-out file is its owner's alone, in a folder that is too, and its name (from the
/// basket's and the item's, which a person or a server chose) has no bidirectional or format
/// characters and is at most 200 bytes however many bytes its characters take.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread")]
async fn a_dragged_file_is_private_and_its_name_plain_and_short() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = open(&dir);
    let demo = lode
        .add_connection(&ConnectionDraft::new("Demo", demo()))
        .await
        .expect("added")
        .id;
    // 97 characters (a basket name is at most 100), 271 bytes.
    let long_name = format!("evil\u{202E}dm.exe\u{2066}{}", "文".repeat(85));
    let basket = lode.create_basket(&long_name, None).expect("create").id;
    lode.add_uris_to_basket(basket, demo, &[README.into()])
        .await
        .expect("add");
    let folder = dir.path().join("cache").join("drag-out");
    let file = lode
        .write_drag_file(basket, None, &folder)
        .expect("basket file");
    let name = file
        .file_name()
        .expect("name")
        .to_string_lossy()
        .into_owned();
    assert!(name.len() <= 200, "{} bytes", name.len());
    assert!(
        name.starts_with("evildm.exe文文") && name.ends_with("文.md"),
        "{name}"
    );
    assert!(!name.chars().any(lode_core::import::is_hidden), "{name:?}");
    let mode = |path: &std::path::Path| {
        std::fs::metadata(path).expect("meta").permissions().mode() & 0o777
    };
    assert_eq!(mode(&file), 0o600);
    assert_eq!(mode(&folder), 0o700);
    lode.shutdown().await;
}

/// The export without its "exported by Lode at …" line, which differs by the millisecond.
fn strip_stamp(text: &str) -> String {
    text.lines()
        .filter(|l| !l.contains("exported by Lode at"))
        .collect::<Vec<_>>()
        .join("\n")
}
