//! Tests of the baskets' tables: items in order, moves, revisions and stale marks.

use lode_core::basket::{ItemKind, NewItem};
use lode_core::{Annotations, ErrorCode, ResourceContent};

use super::*;

fn resource(server: &str, uri: &str, text: &str) -> NewItem {
    NewItem {
        kind: ItemKind::Resource,
        server: server.into(),
        uri: uri.into(),
        name: uri.rsplit('/').next().unwrap_or(uri).into(),
        title: None,
        mime_type: Some("text/plain".into()),
        annotations: Annotations {
            priority: Some(0.7),
            last_modified: Some("2026-11-01T10:00:00Z".into()),
            ..Default::default()
        },
        contents: vec![ResourceContent::Text {
            uri: uri.into(),
            mime_type: Some("text/plain".into()),
            text: text.into(),
            meta: None,
        }],
        fetched_at: "2026-11-22T09:00:00Z".into(),
        skill_frontmatter: None,
    }
}

fn uris(basket: &Basket) -> Vec<&str> {
    basket.items.iter().map(|i| i.uri.as_str()).collect()
}

#[test]
fn a_basket_keeps_its_items_in_order_across_a_reopen() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("lode.db");
    let id = {
        let store = Store::open(&path).expect("open");
        let created = store.create_basket("Release", Some(8000)).expect("create");
        let added = store
            .add_basket_items(
                created.id,
                &[
                    resource("Docs", "file:///a", "alpha"),
                    resource("Git", "git://b", "beta"),
                ],
            )
            .expect("add");
        assert_eq!(
            added,
            Added {
                new: 2,
                refreshed: 0
            }
        );
        created.id
    };
    let store = Store::open(&path).expect("reopen");
    let basket = store
        .find_basket("release")
        .expect("found regardless of case");
    assert_eq!(basket.id, id);
    assert_eq!(basket.token_limit, Some(8000));
    assert_eq!(uris(&basket), ["file:///a", "git://b"]);
    assert_eq!(basket.items[0].server, "Docs");
    assert_eq!(basket.items[0].annotations.priority, Some(0.7));
    assert_eq!(basket.items[0].bytes, 5);
    assert!(basket.items[0].tokens > 0);
    assert!(
        matches!(&basket.items[1].contents[0], ResourceContent::Text { text, .. } if text == "beta")
    );
    let listed = store.list_baskets().expect("list");
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].totals, basket.totals());
}

#[test]
fn names_are_unique_regardless_of_case_and_a_missing_one_lists_the_others() {
    let store = Store::open_in_memory().expect("open");
    store.create_basket("Context", None).expect("create");
    let twice = store.create_basket("context", None).expect_err("duplicate");
    assert_eq!(twice.code, ErrorCode::InvalidInput);
    assert!(
        twice.message.contains("already exists"),
        "{}",
        twice.message
    );
    assert_eq!(
        store.create_basket(" ", None).map_err(|e| e.code).err(),
        Some(ErrorCode::InvalidInput)
    );
    let missing = store.find_basket("nope").expect_err("missing");
    assert_eq!(missing.code, ErrorCode::NotFound);
    assert_eq!(missing.detail.as_deref(), Some("baskets: Context"));
}

#[test]
fn adding_again_refreshes_in_place_and_every_change_bumps_the_revision() {
    let store = Store::open_in_memory().expect("open");
    let id = store.create_basket("b", None).expect("create").id;
    let r0 = store.basket_revision(id).expect("revision");
    store
        .add_basket_items(
            id,
            &[resource("S", "x:1", "one"), resource("S", "x:2", "two")],
        )
        .expect("add");
    let first = store.basket(id).expect("basket");
    store
        .set_basket_item_note(id, first.items[0].id, Some(" keep "))
        .expect("note");
    store.mark_stale("S", "x:1").expect("stale");
    assert!(store.basket(id).expect("basket").items[0].stale);
    let r1 = store.basket_revision(id).expect("revision");
    assert!(r1 >= r0 + 3, "{r0} -> {r1}");

    let added = store
        .add_basket_items(id, &[resource("S", "x:1", "one, newer")])
        .expect("add again");
    assert_eq!(
        added,
        Added {
            new: 0,
            refreshed: 1
        }
    );
    let after = store.basket(id).expect("basket");
    assert_eq!(uris(&after), ["x:1", "x:2"], "kept its place");
    assert_eq!(after.items[0].id, first.items[0].id);
    assert_eq!(after.items[0].note.as_deref(), Some("keep"));
    assert!(!after.items[0].stale, "refreshed items are fresh");
    assert_eq!(after.items[0].bytes, 10);
    assert!(store.basket_revision(id).expect("revision") > r1);
}

#[test]
fn items_move_and_go() {
    let store = Store::open_in_memory().expect("open");
    let id = store.create_basket("b", None).expect("create").id;
    let items: Vec<NewItem> = (1..=4)
        .map(|n| resource("S", &format!("x:{n}"), "t"))
        .collect();
    store.add_basket_items(id, &items).expect("add");
    let ids: Vec<i64> = store
        .basket(id)
        .expect("b")
        .items
        .iter()
        .map(|i| i.id)
        .collect();
    store.move_basket_item(id, ids[3], 0).expect("move up");
    store
        .move_basket_item(id, ids[0], 99)
        .expect("move past the end");
    assert_eq!(
        uris(&store.basket(id).expect("b")),
        ["x:4", "x:2", "x:3", "x:1"]
    );
    let missing = store
        .move_basket_item(id, 12345, 0)
        .expect_err("no such item");
    assert_eq!(missing.code, ErrorCode::NotFound);
    assert_eq!(
        store
            .remove_basket_items(id, &[ids[1], 12345])
            .expect("remove"),
        1
    );
    assert_eq!(uris(&store.basket(id).expect("b")), ["x:4", "x:3", "x:1"]);
    store
        .add_basket_items(id, &[resource("S", "x:5", "t")])
        .expect("add");
    assert_eq!(
        uris(&store.basket(id).expect("b")).last(),
        Some(&"x:5"),
        "new items go last"
    );
}

#[test]
fn stale_marks_only_readable_items_of_that_server_and_uri() {
    let store = Store::open_in_memory().expect("open");
    let a = store.create_basket("a", None).expect("a").id;
    let b = store.create_basket("b", None).expect("b").id;
    let mut prompt = resource("S", "x:1", "rendered");
    prompt.kind = ItemKind::Prompt;
    store
        .add_basket_items(a, &[resource("S", "x:1", "t"), prompt])
        .expect("add a");
    store
        .add_basket_items(b, &[resource("S", "x:1", "t"), resource("T", "x:1", "t")])
        .expect("add b");
    let mut changed = store.mark_stale("S", "x:1").expect("stale");
    changed.sort_by_key(|id| id.0);
    assert_eq!(changed, [a, b]);
    let stale = |id| -> Vec<bool> {
        store
            .basket(id)
            .expect("basket")
            .items
            .iter()
            .map(|i| i.stale)
            .collect()
    };
    assert_eq!(stale(a), [true, false], "a prompt cannot go stale");
    assert_eq!(
        stale(b),
        [true, false],
        "another server's x:1 is another resource"
    );
    assert!(
        store.mark_stale("S", "x:1").expect("again").is_empty(),
        "already stale: no change"
    );
    let readable = store.readable_basket_items().expect("readable");
    assert_eq!(readable.len(), 3);
    // What a re-listing is compared against, read without the contents.
    assert_eq!(
        readable[0].last_modified.as_deref(),
        Some("2026-11-01T10:00:00Z")
    );
    assert!(readable[0].stale);
}

#[test]
fn deleting_a_basket_takes_its_items() {
    let store = Store::open_in_memory().expect("open");
    let id = store.create_basket("b", Some(10)).expect("create").id;
    store
        .add_basket_items(id, &[resource("S", "x:1", "t")])
        .expect("add");
    store.set_basket_options(id, None, true).expect("options");
    let basket = store.basket(id).expect("basket");
    assert_eq!((basket.token_limit, basket.auto_refresh), (None, true));
    store.delete_basket(id).expect("delete");
    assert_eq!(
        store.basket(id).map_err(|e| e.code).err(),
        Some(ErrorCode::NotFound)
    );
    assert!(store.readable_basket_items().expect("items").is_empty());
    assert_eq!(
        store.delete_basket(id).map_err(|e| e.code).err(),
        Some(ErrorCode::NotFound)
    );
}
