//! Baskets end to end without any UI: a real SQLite file, the real demo server over stdio,
//! its real `updated` notifications (the clock ticks every 200 ms), and bundles on disk.

use crate::support::demo as support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use lode_app::{decode_base64, Lode};
use lode_core::basket::{Basket, BasketId, ExportFormat};
use lode_core::{ConnectionDraft, ConnectionId, ResourceContent, TransportSpec};
use lode_secrets::MemoryStore;
use support::demo_command;

const CLOCK: &str = "demo://clock/now";
const README: &str = "file:///project/README.md";
const LOGO: &str = "file:///project/assets/logo.png";

fn open(dir: &tempfile::TempDir) -> Arc<Lode> {
    let secrets = Arc::new(MemoryStore::default());
    Arc::new(Lode::open_with_secrets(dir.path(), None, secrets).expect("open Lode"))
}

/// The demo server with a clock that changes every 200 ms, saved as "Demo".
async fn add_demo(lode: &Lode) -> ConnectionId {
    let transport = TransportSpec::Stdio {
        command: demo_command(),
        args: vec!["stdio".into(), "--update-interval-ms".into(), "200".into()],
        env: Default::default(),
        cwd: None,
    };
    let mut draft = ConnectionDraft::new("Demo", transport);
    draft.timeout_secs = 30;
    lode.add_connection(&draft).await.expect("added").id
}

/// Polls the store until `done` holds of basket `id`, failing after `limit`.
async fn wait_for(
    lode: &Lode,
    id: BasketId,
    limit: Duration,
    done: impl Fn(&Basket) -> bool,
) -> Basket {
    let start = Instant::now();
    loop {
        let basket = lode.basket(id).expect("basket");
        if done(&basket) {
            return basket;
        }
        assert!(
            start.elapsed() < limit,
            "not within {limit:?}: {:?}",
            basket.items
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn text_of(basket: &Basket, uri: &str) -> String {
    let item = basket.items.iter().find(|i| i.uri == uri).expect("item");
    match item.contents.as_slice() {
        [ResourceContent::Text { text, .. }] => text.clone(),
        other => panic!("one text expected, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_updated_notification_marks_the_item_stale_and_refresh_reads_it_again() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = open(&dir);
    lode.start_all().await.expect("start");
    let demo = add_demo(&lode).await;
    let basket = lode.create_basket("ctx", Some(100_000)).expect("create").id;
    let report = lode
        .add_uris_to_basket(basket, demo, &[CLOCK.into(), README.into()])
        .await
        .expect("add");
    assert_eq!((report.added, report.failed.len()), (2, 0), "{report:?}");
    let added = lode.basket(basket).expect("basket");
    assert!(added.items.iter().all(|i| !i.stale && i.server == "Demo"));
    let first_clock = text_of(&added, CLOCK);

    // The clock's server says it changed; the README's never does.
    let stale = wait_for(&lode, basket, Duration::from_secs(10), |b| b.items[0].stale).await;
    assert!(!stale.items[1].stale, "only the clock changed");
    assert_eq!(stale.totals().stale, 1);
    assert_eq!(
        text_of(&stale, CLOCK),
        first_clock,
        "stale, not silently replaced"
    );

    lode.refresh_basket_item(basket, stale.items[0].id)
        .await
        .expect("refresh");
    let refreshed = lode.basket(basket).expect("basket");
    assert_ne!(text_of(&refreshed, CLOCK), first_clock, "read again");
    assert!(refreshed.items[0].fetched_at > stale.items[0].fetched_at);
    assert_eq!(refreshed.items[0].id, stale.items[0].id, "in place");
    lode.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_basket_that_refreshes_by_itself_reads_a_changed_item_again() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = open(&dir);
    lode.start_all().await.expect("start");
    let demo = add_demo(&lode).await;
    let basket = lode.create_basket("live", None).expect("create").id;
    lode.set_basket_options(basket, None, true)
        .expect("auto refresh");
    lode.add_uris_to_basket(basket, demo, &[CLOCK.into()])
        .await
        .expect("add");
    let first = lode.basket(basket).expect("basket").items[0]
        .fetched_at
        .clone();
    let later = wait_for(&lode, basket, Duration::from_secs(10), |b| {
        b.items[0].fetched_at != first && !b.items[0].stale
    })
    .await;
    assert!(later.items[0].fetched_at > first);
    lode.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bundle_saves_the_document_and_the_image_beside_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = open(&dir);
    let demo = add_demo(&lode).await;
    let basket = lode.create_basket("bundle", None).expect("create").id;
    let report = lode
        .add_uris_to_basket(basket, demo, &[README.into(), LOGO.into()])
        .await
        .expect("add");
    assert_eq!(report.added, 2, "{report:?}");
    let out = dir.path().join("out/context.md");
    std::fs::create_dir_all(out.parent().expect("parent")).expect("mkdir");
    let written = lode
        .save_basket_bundle(basket, ExportFormat::Markdown, &out)
        .await
        .expect("bundle");
    assert_eq!(written.files.len(), 1);
    let image = std::fs::read(&written.files[0]).expect("image written");
    assert_eq!(
        &image[..8],
        b"\x89PNG\r\n\x1a\n",
        "the decoded PNG, not base64"
    );
    let saved = lode.basket(basket).expect("basket");
    let ResourceContent::Blob { blob, .. } = &saved.items[1].contents[0] else {
        panic!("the logo is a blob");
    };
    assert_eq!(image, decode_base64(blob).expect("base64"));
    let document = std::fs::read_to_string(&out).expect("document");
    assert!(document.contains("- Server: `Demo`"), "{document}");
    assert!(
        document.contains(&format!("- URI: `{README}`")),
        "{document}"
    );
    assert!(
        document.contains("](<context_files/2-Logo.png>)"),
        "{document}"
    );
    assert!(written.files[0].ends_with("out/context_files/2-Logo.png"));
    lode.shutdown().await;
}

/// Two bundles saved to one folder (or one saved twice) each get a folder of their own for
/// their attachments: the second never replaces the first's files, which the person may have
/// edited since, and each document names its own.
#[tokio::test(flavor = "multi_thread")]
async fn two_bundles_in_one_folder_keep_each_their_attachments() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = open(&dir);
    let demo = add_demo(&lode).await;
    let first = lode.create_basket("first", None).expect("create").id;
    let second = lode.create_basket("second", None).expect("create").id;
    for basket in [first, second] {
        lode.add_uris_to_basket(basket, demo, &[README.into(), LOGO.into()])
            .await
            .expect("add");
    }
    let out = dir.path().join("out");
    std::fs::create_dir_all(&out).expect("mkdir");

    let a = lode
        .save_basket_bundle(first, ExportFormat::Markdown, &out.join("context.md"))
        .await
        .expect("first bundle");
    std::fs::write(&a.files[0], b"edited by the person").expect("edit");
    let b = lode
        .save_basket_bundle(second, ExportFormat::Markdown, &out.join("notes.md"))
        .await
        .expect("second bundle");
    let again = lode
        .save_basket_bundle(second, ExportFormat::Json, &out.join("context.json"))
        .await
        .expect("a third, named like the first");

    assert_eq!(
        std::fs::read(&a.files[0]).expect("first's attachment"),
        b"edited by the person",
        "the first bundle's attachment is untouched"
    );
    assert!(a.files[0].ends_with("out/context_files/2-Logo.png"));
    assert!(b.files[0].ends_with("out/notes_files/2-Logo.png"));
    assert!(again.files[0].ends_with("out/context_files-2/2-Logo.png"));
    for written in [&b, &again] {
        assert_eq!(
            &std::fs::read(&written.files[0]).expect("image")[..4],
            b"\x89PNG"
        );
    }
    let notes = std::fs::read_to_string(out.join("notes.md")).expect("document");
    assert!(notes.contains("](<notes_files/2-Logo.png>)"), "{notes}");
    let json = std::fs::read_to_string(out.join("context.json")).expect("document");
    assert!(json.contains("\"context_files-2/2-Logo.png\""), "{json}");
    lode.shutdown().await;
}

/// A link planted where an attachment (or the document's temporary file) goes points at a
/// file of the person's: saving the bundle never writes through it (its attachments go to a
/// folder it makes new) and leaves that file untouched; a link where the attachments' folder
/// goes is passed over, and nothing is written where it points.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread")]
async fn a_bundle_never_writes_through_a_planted_link() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = open(&dir);
    let demo = add_demo(&lode).await;
    let basket = lode.create_basket("links", None).expect("create").id;
    lode.add_uris_to_basket(basket, demo, &[README.into(), LOGO.into()])
        .await
        .expect("add");
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, b"precious").expect("victim");
    let out = dir.path().join("out");
    std::fs::create_dir_all(out.join("context_files")).expect("mkdir");
    symlink(&victim, out.join("context_files/2-Logo.png")).expect("plant");
    symlink(&victim, out.join("context.partial")).expect("plant");

    let written = lode
        .save_basket_bundle(basket, ExportFormat::Markdown, &out.join("context.md"))
        .await
        .expect("bundle");
    assert_eq!(std::fs::read(&victim).expect("victim"), b"precious");
    let image = std::fs::read(&written.files[0]).expect("image");
    assert_eq!(&image[..4], b"\x89PNG");
    assert!(!std::fs::symlink_metadata(&written.files[0])
        .expect("image")
        .file_type()
        .is_symlink());

    let elsewhere = tempfile::tempdir().expect("elsewhere");
    let linked = dir.path().join("linked");
    std::fs::create_dir(&linked).expect("mkdir");
    symlink(elsewhere.path(), linked.join("context_files")).expect("plant a folder link");
    let beside = lode
        .save_basket_bundle(basket, ExportFormat::Markdown, &linked.join("context.md"))
        .await
        .expect("a folder of its own beside the link");
    assert!(beside.files[0].ends_with("linked/context_files-2/2-Logo.png"));
    assert_eq!(
        std::fs::read_dir(elsewhere.path()).expect("list").count(),
        0,
        "nothing written where the link points"
    );
    lode.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn fill_to_budget_adds_assistant_resources_by_priority_within_the_limit() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = open(&dir);
    let demo = add_demo(&lode).await;
    let basket = lode.create_basket("fill", Some(3_000)).expect("create").id;
    let candidates = lode.list_resources(demo).await.expect("list");
    let report = lode
        .fill_basket(basket, candidates.clone(), 40)
        .await
        .expect("fill");
    let filled = lode.basket(basket).expect("basket");
    assert!(report.added > 0, "{report:?}");
    assert!(filled.totals().tokens <= 3_000, "{:?}", filled.totals());
    let listed = |uri: &str| candidates.iter().find(|c| c.uri == uri).expect("listed");
    for item in &filled.items {
        let audience = listed(&item.uri)
            .annotations
            .audience
            .clone()
            .unwrap_or_default();
        assert!(
            audience.is_empty() || audience.contains(&lode_core::Role::Assistant),
            "{} is for the user only",
            item.uri
        );
    }
    // The first item added is the highest-priority one meant for the assistant that fit.
    let first = listed(&filled.items[0].uri);
    let best_assistant = candidates
        .iter()
        .filter(|c| {
            c.annotations
                .audience
                .as_ref()
                .is_some_and(|a| a.contains(&lode_core::Role::Assistant))
        })
        .filter_map(|c| c.annotations.priority)
        .fold(f64::MIN, f64::max);
    assert!(first.annotations.priority.unwrap_or(0.0) <= best_assistant);
    assert!(
        first
            .annotations
            .audience
            .as_ref()
            .is_some_and(|a| a.contains(&lode_core::Role::Assistant)),
        "assistant resources first: {first:?}"
    );
    let no_limit = lode.create_basket("unlimited", None).expect("create").id;
    let refused = lode
        .fill_basket(no_limit, candidates, 5)
        .await
        .expect_err("needs a limit");
    assert_eq!(refused.code, lode_core::ErrorCode::InvalidInput);
    lode.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_browser_search_adds_its_matches_and_fills_to_budget() {
    use lode_core::browse::ListingState;
    use lode_core::index::{Query, SortKey};

    let dir = tempfile::tempdir().expect("temp dir");
    let lode = open(&dir);
    lode.start_all().await.expect("start");
    // 60 listed resources, the 3 files of its skill and the app its clock tool names (found
    // outside the listing), plus 250 synthetic ones: more than one "add all matching" takes.
    let transport = TransportSpec::Stdio {
        command: demo_command(),
        args: vec!["stdio".into(), "--n".into(), "250".into()],
        env: Default::default(),
        cwd: None,
    };
    let mut draft = ConnectionDraft::new("Big", transport);
    draft.timeout_secs = 30;
    lode.add_connection(&draft).await.expect("added");
    let start = Instant::now();
    while !lode
        .browse_status()
        .servers
        .iter()
        .any(|s| s.server == "Big" && s.state == ListingState::Listed)
    {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "not listed: {:?}",
            lode.browse_status()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let query = |text: &str| Query {
        text: text.into(),
        sort: SortKey::Relevance,
        filters: Default::default(),
        offset: 0,
        limit: 10,
    };
    let basket = lode.create_basket("picked", None).expect("create").id;

    let too_many = lode
        .add_matching_to_basket(basket, query(""))
        .await
        .expect_err("314 match");
    assert_eq!(too_many.code, lode_core::ErrorCode::InvalidInput);
    assert!(
        too_many.message.starts_with("314 resources match"),
        "{}",
        too_many.message
    );
    assert!(
        lode.basket(basket).expect("basket").items.is_empty(),
        "nothing added"
    );

    let report = lode
        .add_matching_to_basket(basket, query("README"))
        .await
        .expect("add matching");
    let matching = lode
        .browse_list(query("README"))
        .await
        .expect("search")
        .total;
    assert!(matching > 0);
    assert_eq!(report.added, matching, "{report:?}");

    let before = lode.basket(basket).expect("basket").totals().tokens;
    lode.set_basket_options(basket, Some(before + 3_000), false)
        .expect("limit");
    let filled = lode
        .fill_basket_from_browser(basket, query(""))
        .await
        .expect("fill");
    let after = lode.basket(basket).expect("basket");
    assert!(filled.added > 0, "{filled:?}");
    assert_eq!(after.items.len(), matching + filled.added);
    assert!(
        after.totals().tokens <= before + 3_000,
        "{:?}",
        after.totals()
    );
    assert!(after.totals().tokens > before);
    lode.shutdown().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn closing_a_preview_keeps_a_basket_item_subscribed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = open(&dir);
    lode.start_all().await.expect("start");
    let demo = add_demo(&lode).await;
    let basket = lode.create_basket("kept", None).expect("create").id;
    lode.add_uris_to_basket(basket, demo, &[CLOCK.into()])
        .await
        .expect("add");
    // The window previews the clock, then closes the preview.
    assert!(lode
        .subscribe_resource(demo, CLOCK)
        .await
        .expect("subscribe"));
    lode.unsubscribe_resource(demo, CLOCK)
        .await
        .expect("unsubscribe");
    let item = lode.basket(basket).expect("basket").items[0].id;
    lode.refresh_basket_item(basket, item)
        .await
        .expect("fresh again");
    assert!(!lode.basket(basket).expect("basket").items[0].stale);
    // The clock still reports its changes to the basket.
    wait_for(&lode, basket, Duration::from_secs(5), |b| b.items[0].stale).await;
    lode.shutdown().await;
}
