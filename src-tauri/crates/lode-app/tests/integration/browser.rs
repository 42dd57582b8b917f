//! The browser's index, fed by the supervisor from real demo servers: a connection's pages
//! arrive in the index, searching and the tree answer over every server at once,
//! `list_changed` lists the server again in place, and a stopped connection leaves the index.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::support::demo as support;

use lode_app::secrets::MemoryStore;
use lode_app::Lode;
use lode_core::browse::{BrowseStatus, ListingState};
use lode_core::index::{Filters, Query, SortKey, TreeNode, TreeQuery};
use lode_core::{ConnectionDraft, TransportSpec};
use serde_json::json;
use support::demo;

/// The demo server with `n` synthetic resources more, listed in pages of `page`.
fn demo_with(n: usize, page: usize) -> TransportSpec {
    let TransportSpec::Stdio {
        command, mut args, ..
    } = demo()
    else {
        panic!("the demo server runs over stdio");
    };
    args.extend([
        "--n".into(),
        n.to_string(),
        "--page".into(),
        page.to_string(),
    ]);
    TransportSpec::Stdio {
        command,
        args,
        env: Default::default(),
        cwd: None,
    }
}

async fn until(
    lode: &Lode,
    what: &str,
    mut done: impl FnMut(&BrowseStatus) -> bool,
) -> BrowseStatus {
    let mut changes = lode.browse_changes();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let status = lode.browse_status();
        if done(&status) {
            return status;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if tokio::time::timeout(left, changes.changed()).await.is_err() {
            panic!("timed out waiting until {what}; last status: {status:#?}");
        }
    }
}

fn listed(status: &BrowseStatus, server: &str) -> Option<usize> {
    status
        .servers
        .iter()
        .find(|s| s.server == server && s.state == ListingState::Listed)
        .map(|s| s.resources)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn indexes_every_server_and_follows_their_changes() {
    let data = tempfile::tempdir().expect("temp dir");
    let lode = Arc::new(
        Lode::open_with_secrets(data.path(), Some(demo()), Arc::new(MemoryStore::default()))
            .expect("open"),
    );
    let big = lode
        .add_connection(&ConnectionDraft::new("Big", demo_with(3000, 100)))
        .await
        .expect("added");
    lode.start_all().await.expect("started");

    // Both servers listed; pages of the big one were seen arriving.
    let mut saw_pages = false;
    let status = until(&lode, "both servers are listed", |status| {
        saw_pages |= status.servers.iter().any(|s| {
            s.server == "Big" && matches!(s.state, ListingState::Listing { pages, .. } if pages > 1)
        });
        listed(status, "Demo").is_some() && listed(status, "Big").is_some()
    })
    .await;
    let demo_count = listed(&status, "Demo").expect("demo listed");
    let big_count = listed(&status, "Big").expect("big listed");
    assert_eq!(big_count, demo_count + 3000, "{status:#?}");
    assert!(saw_pages, "the big listing showed no progress by pages");
    let templates = status.servers.iter().map(|s| s.templates).max();
    assert!(
        templates > Some(0),
        "templates were not listed: {status:#?}"
    );

    // One search over both servers, in windows.
    let all = lode
        .browse_list(Query {
            limit: 10,
            ..Query::default()
        })
        .await
        .expect("list");
    assert_eq!(all.total, demo_count + big_count);
    assert_eq!(all.rows.len(), 10);
    let readme = lode
        .browse_list(Query {
            text: "readme".into(),
            limit: 5,
            ..Query::default()
        })
        .await
        .expect("search");
    // The same matches on each server (Big is the demo plus synthetic resources, none a README).
    for server in ["Demo", "Big"] {
        let one = lode
            .browse_list(Query {
                text: "readme".into(),
                filters: Filters {
                    servers: Some(vec![server.into()]),
                    ..Filters::default()
                },
                ..Query::default()
            })
            .await
            .expect("search one server");
        assert_eq!(one.total * 2, readme.total, "{server}: {one:#?}");
    }
    assert!(readme.rows[0].item.name.to_lowercase().contains("readme"));
    assert!(!readme.rows[0].name_matches.is_empty() || !readme.rows[0].uri_matches.is_empty());

    // The tree: one folder per server, each with its templates.
    let tree = lode
        .browse_tree(TreeQuery {
            query: Query {
                limit: 100,
                ..Query::default()
            },
            ..TreeQuery::default()
        })
        .await
        .expect("tree");
    let servers: Vec<String> = tree
        .rows
        .iter()
        .filter_map(|row| match &row.node {
            TreeNode::Folder { label, count, .. } => Some(format!("{label} {count}")),
            _ => None,
        })
        .collect();
    assert_eq!(
        servers,
        [format!("Big {big_count}"), format!("Demo {demo_count}")]
    );

    // A note added on the big server: list_changed lists it again, in place.
    let before = lode.browse_status().generation;
    let added = lode
        .call_tool(
            big.id,
            "add_note",
            json!({"title": "Browser note", "text": "Indexed after list_changed"}),
        )
        .await
        .expect("tool ran");
    assert!(!added.is_error, "{added:?}");
    let status = until(&lode, "the new note is indexed", |status| {
        status.generation > before && listed(status, "Big") == Some(big_count + 1)
    })
    .await;
    assert_eq!(listed(&status, "Demo"), Some(demo_count));
    let note = lode
        .browse_list(Query {
            text: "browser note".into(),
            sort: SortKey::Relevance,
            limit: 5,
            ..Query::default()
        })
        .await
        .expect("search");
    assert_eq!(note.total, 1);
    assert_eq!(note.rows[0].item.server, "Big");

    // Disabled: the big server's resources leave the index.
    let mut draft = ConnectionDraft::new("Big", demo_with(3000, 100));
    draft.enabled = false;
    lode.update_connection(big.id, &draft)
        .await
        .expect("disabled");
    until(&lode, "the big server is gone", |status| {
        status.servers.iter().all(|s| s.server != "Big")
    })
    .await;
    let left = lode.browse_list(Query::default()).await.expect("list");
    assert_eq!(left.total, demo_count);
    lode.shutdown().await;
}
