//! The browser against the hostile test server (lode-hostile-server), one attack per test,
//! beside a healthy demo connection: each attack ends with what was listed kept, the listing's
//! state saying why it stopped, and both connections still answering.

use std::sync::Arc;
use std::time::{Duration, Instant};

use lode_app::secrets::MemoryStore;
use lode_app::Lode;
use lode_core::browse::{BrowseStatus, ListingState, ServerListing};
use lode_core::{
    ConnectionDraft, ConnectionEventKind, ConnectionId, ContentBlock, ListingCut, ServerEvent,
    TransportSpec,
};

use crate::support::demo::{demo, demo_command};

/// lode-hostile-server in `mode`, over stdio, built beside the demo server.
pub(crate) fn hostile(mode: &str, extra: &[&str]) -> TransportSpec {
    let command = std::path::Path::new(&demo_command()).with_file_name(if cfg!(windows) {
        "lode-hostile-server.exe"
    } else {
        "lode-hostile-server"
    });
    assert!(
        command.is_file(),
        "build the hostile server first: cargo build -p lode-hostile-server ({})",
        command.display()
    );
    let mut args = vec!["--mode".to_owned(), mode.to_owned()];
    args.extend(extra.iter().map(|a| (*a).to_owned()));
    TransportSpec::Stdio {
        command: command.display().to_string(),
        args,
        env: Default::default(),
        cwd: None,
    }
}

/// Lode with the demo connection and `Evil` (the hostile server), started.
async fn lode_with(evil: TransportSpec) -> (tempfile::TempDir, Arc<Lode>, ConnectionId) {
    let data = tempfile::tempdir().expect("temp dir");
    let lode = Arc::new(
        Lode::open_with_secrets(data.path(), Some(demo()), Arc::new(MemoryStore::default()))
            .expect("open"),
    );
    let evil = lode
        .add_connection(&ConnectionDraft::new("Evil", evil))
        .await
        .expect("added");
    lode.start_all().await.expect("started");
    (data, lode, evil.id)
}

async fn until(
    lode: &Lode,
    what: &str,
    mut done: impl FnMut(&BrowseStatus) -> bool,
) -> BrowseStatus {
    let mut changes = lode.browse_changes();
    let deadline = Instant::now() + Duration::from_secs(30);
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

fn server<'s>(status: &'s BrowseStatus, name: &str) -> Option<&'s ServerListing> {
    status.servers.iter().find(|s| s.server == name)
}

fn is_listed(status: &BrowseStatus, name: &str) -> bool {
    server(status, name).is_some_and(|s| s.state == ListingState::Listed)
}

/// Both connections still answer: a read of Evil's, and the demo's listing in the index.
async fn both_alive(lode: &Lode, evil: ConnectionId, uri: &str) {
    let read = tokio::time::timeout(Duration::from_secs(10), lode.read_resource(evil, uri))
        .await
        .expect("the read answered in time")
        .expect("the hostile connection still reads");
    assert_eq!(read.len(), 1);
    let status = lode.browse_status();
    assert!(is_listed(&status, "Demo"), "{status:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_repeated_cursor_ends_the_listing_at_once_with_its_resources_kept() {
    let (_data, lode, evil) = lode_with(hostile("repeat-cursor", &[])).await;
    let status = until(&lode, "Evil's listing is cut and Demo listed", |status| {
        server(status, "Evil").is_some_and(|s| matches!(s.state, ListingState::Cut { .. }))
            && is_listed(status, "Demo")
    })
    .await;
    let listing = server(&status, "Evil").expect("Evil");
    assert_eq!(
        listing.state,
        ListingState::Cut {
            cut: ListingCut::RepeatedCursor { page: 2 }
        }
    );
    // The same three resources, once each: not 190,000 copies.
    assert_eq!(listing.resources, 3, "{status:#?}");
    both_alive(&lode, evil, "hostile://repeat/a").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_person_stops_an_endless_listing_and_keeps_what_it_listed() {
    let (_data, lode, evil) = lode_with(hostile("endless-pages", &["--count", "50"])).await;
    until(&lode, "Evil has listed a few pages", |status| {
        server(status, "Evil")
            .is_some_and(|s| matches!(s.state, ListingState::Listing { pages, .. } if pages > 3))
    })
    .await;
    assert!(lode.stop_listing(evil), "a listing was running");
    let stopped = until(&lode, "Evil's listing shows as stopped", |status| {
        server(status, "Evil").is_some_and(|s| {
            s.state
                == ListingState::Cut {
                    cut: ListingCut::Stopped,
                }
        })
    })
    .await;
    let kept = server(&stopped, "Evil").expect("Evil").resources;
    assert!(kept >= 150, "the pages listed before the stop stay: {kept}");
    // Nothing more arrives once stopped.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let later = lode.browse_status();
    assert_eq!(server(&later, "Evil").map(|s| s.resources), Some(kept));
    assert!(!lode.stop_listing(evil), "nothing left to stop");
    until(&lode, "Demo is listed", |status| is_listed(status, "Demo")).await;
    both_alive(&lode, evil, "hostile://endless/0/0").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_list_changed_costs_one_listing_at_a_time() {
    let notifications = 200_000;
    let started = Instant::now();
    let (_data, lode, evil) = lode_with(hostile(
        "notification-flood",
        &["--count", &notifications.to_string()],
    ))
    .await;
    until(&lode, "Evil and Demo are listed", |status| {
        is_listed(status, "Evil") && is_listed(status, "Demo")
    })
    .await;
    // The flood is over once the listings stop: each list_changed window brings one more.
    let mut lists = stats_lists(&lode, evil).await;
    loop {
        tokio::time::sleep(Duration::from_millis(1000)).await;
        let now = stats_lists(&lode, evil).await;
        if now == lists {
            break;
        }
        lists = now;
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the flood never ended"
        );
    }
    let elapsed = started.elapsed();
    // A third of the notifications are list_changed: 66,667 of them. Coalesced, they cost
    // at most one listing per 50 ms window of the flood, plus the first.
    let bound = 2 + elapsed.as_millis() as u64 / 50;
    assert!(
        lists <= bound,
        "{lists} listings for {notifications} notifications in {elapsed:?} (bound {bound})"
    );
    eprintln!("notification flood: {lists} listings in {elapsed:?}");
    both_alive(&lode, evil, "hostile://quiet/1").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_large_log_messages_reaches_the_app_cut_and_rate_limited() {
    let (count, size) = (20_000, 5_000);
    let data = tempfile::tempdir().expect("temp dir");
    let lode = Arc::new(
        Lode::open_with_secrets(data.path(), Some(demo()), Arc::new(MemoryStore::default()))
            .expect("open"),
    );
    // Listening before the connection starts: the flood begins right after initialization.
    let mut events = lode.events();
    let evil = lode
        .add_connection(&ConnectionDraft::new(
            "Evil",
            hostile(
                "log-flood",
                &["--count", &count.to_string(), "--size", &size.to_string()],
            ),
        ))
        .await
        .expect("added")
        .id;
    lode.start_all().await.expect("started");
    let started = Instant::now();
    let (mut logs, mut largest, mut left_out_notes) = (0usize, 0usize, 0usize);
    // The flood is over when no log of Evil's has come for a second since the first.
    let mut first_log = None;
    let mut last_log = Instant::now();
    while first_log.is_none() || last_log.elapsed() < Duration::from_secs(1) {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the flood never ended"
        );
        let Ok(received) = tokio::time::timeout(Duration::from_millis(200), events.recv()).await
        else {
            continue;
        };
        let event = match received {
            Ok(event) => event,
            // Fewer events reach the app than the server sends: none should be dropped here.
            Err(error) => panic!("the test fell behind the app's events: {error}"),
        };
        let ConnectionEventKind::Server(ServerEvent::Log { logger, data, .. }) = event.kind else {
            continue;
        };
        if event.connection != evil {
            continue;
        }
        last_log = Instant::now();
        first_log.get_or_insert(last_log);
        if logger.as_deref() == Some("lode") {
            left_out_notes += 1;
            continue;
        }
        logs += 1;
        largest = largest.max(data.to_string().len());
    }
    let flood = last_log.duration_since(first_log.unwrap_or(last_log));
    eprintln!(
        "log flood: {logs} of {count} messages passed on in {flood:?}, the largest {largest} bytes"
    );
    assert!(logs > 0, "the server's messages reach the app");
    // Each message's data cut to 4 KiB (plus `…` and the JSON quotes).
    assert!(
        largest <= 4 * 1024 + 8,
        "a log of {largest} bytes reached the app"
    );
    // At most 50 per 50 ms window; the rest left out, and the person told so.
    let windows = 2 + flood.as_millis() as usize / 50;
    assert!(logs <= 50 * windows, "{logs} logs in {windows} windows");
    assert_eq!(
        left_out_notes > 0,
        logs < count,
        "told of what was left out exactly when something was"
    );
    both_alive(&lode, evil, "hostile://quiet/1").await;
}

/// How many listings the hostile server answered, from its `stats` tool.
async fn stats_lists(lode: &Lode, evil: ConnectionId) -> u64 {
    let stats = tokio::time::timeout(
        Duration::from_secs(10),
        lode.call_tool(evil, "stats", serde_json::json!({})),
    )
    .await
    .expect("the stats answered in time")
    .expect("stats");
    let Some(ContentBlock::Text { text, .. }) = stats.content.first() else {
        panic!("stats are text: {stats:?}");
    };
    serde_json::from_str::<serde_json::Value>(text).expect("json")["lists"]
        .as_u64()
        .expect("a count")
}
