//! A server's `ttlMs` is honoured: a listing it declared fresh is served again without a
//! request, until the time is up or the server announces that its list changed.

use crate::support::scripted;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use scripted::{answer, contents, uri_of, Act};
use serde_json::json;

#[tokio::test]
async fn a_fresh_listing_is_reused_until_the_server_says_the_list_changed() {
    let lists = Arc::new(AtomicUsize::new(0));
    let counted = lists.clone();
    let client = scripted::connect(
        move |request| match request["method"].as_str() {
            Some("resources/list") => {
                let n = counted.fetch_add(1, Ordering::SeqCst) + 1;
                vec![answer(
                    request,
                    json!({"resources": [{"uri": format!("test://listing/{n}"), "name": "x"}],
                           "ttlMs": 60_000}),
                )]
            }
            // Reading this resource changes the list: the server says so before answering.
            Some("resources/read") => vec![
                Act::Line(
                    json!({"jsonrpc": "2.0", "method": "notifications/resources/list_changed"})
                        .to_string(),
                ),
                answer(request, contents(uri_of(request), "changed")),
            ],
            _ => vec![],
        },
        Duration::from_secs(5),
    )
    .await;

    let first = client
        .list_resources_with(|_| {})
        .await
        .expect("first list");
    assert_eq!(first.cache.ttl_ms, Some(60_000));
    let again = client.list_resources().await.expect("second list");
    assert_eq!(again[0].uri, "test://listing/1", "served from the cache");
    assert_eq!(
        lists.load(Ordering::SeqCst),
        1,
        "one request for two listings"
    );

    client
        .read_resource("test://change")
        .await
        .expect("read that changes the list");
    let after = client
        .list_resources()
        .await
        .expect("list after the change");
    assert_eq!(
        after[0].uri, "test://listing/2",
        "asked again after list_changed"
    );
    assert_eq!(lists.load(Ordering::SeqCst), 2);
}

#[tokio::test]
async fn a_listing_without_ttl_is_asked_for_every_time() {
    let lists = Arc::new(AtomicUsize::new(0));
    let counted = lists.clone();
    let client = scripted::connect(
        move |request| {
            counted.fetch_add(1, Ordering::SeqCst);
            vec![answer(
                request,
                json!({"resources": [{"uri": "test://a", "name": "a"}]}),
            )]
        },
        Duration::from_secs(5),
    )
    .await;
    client.list_resources().await.expect("first");
    client.list_resources().await.expect("second");
    assert_eq!(lists.load(Ordering::SeqCst), 2);
}
