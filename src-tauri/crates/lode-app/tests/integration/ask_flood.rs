//! A server that opens thousands of elicitation and sampling asks at once (lode-hostile-server
//! `--mode ask-flood`), with the window's desk open: a few are held, the rest refused at once
//! with an error the server sees, what the window reads and hears stays bounded, and the
//! connection keeps answering.

use std::sync::Arc;
use std::time::{Duration, Instant};

use lode_app::secrets::MemoryStore;
use lode_app::Lode;
use lode_core::asks::{
    AskAnswer, AskEvent, ElicitationAnswer, SamplingAnswer, MAX_ASK_BYTES,
    MAX_OPEN_ASKS_PER_CONNECTION, MAX_WAITING_ASKS,
};
use lode_core::browse::ListingState;
use lode_core::{ConnectionDraft, ConnectionId, ContentBlock, TransportSpec};
use serde_json::Value;

use crate::hostile_servers::hostile;
use crate::support::demo::demo;

const FLOOD: u64 = 5_000;

/// lode-hostile-server in `--mode ask-flood`; `LODE_TEST_HOSTILE_SERVER` names a copy of it when
/// builds of other trees share the target directory (and its binary).
fn flooding_server(extra: &[&str]) -> TransportSpec {
    let mut spec = hostile("ask-flood", extra);
    if let (Ok(copy), TransportSpec::Stdio { command, .. }) =
        (std::env::var("LODE_TEST_HOSTILE_SERVER"), &mut spec)
    {
        *command = copy;
    }
    spec
}

/// What the hostile server says became of its asks (its `stats` tool).
async fn ask_stats(lode: &Lode, evil: ConnectionId) -> Value {
    let started = Instant::now();
    let stats = tokio::time::timeout(
        Duration::from_secs(5),
        lode.call_tool(evil, "stats", serde_json::json!({})),
    )
    .await
    .expect("the connection still answers while its asks wait")
    .expect("stats");
    assert!(started.elapsed() < Duration::from_secs(5));
    let Some(ContentBlock::Text { text, .. }) = stats.content.first() else {
        panic!("stats are text: {stats:?}");
    };
    serde_json::from_str::<Value>(text).expect("json")["asks"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thousands_of_asks_hold_a_few_and_refuse_the_rest_at_once() {
    let data = tempfile::tempdir().expect("temp dir");
    let lode = Arc::new(
        Lode::open_with_secrets(data.path(), Some(demo()), Arc::new(MemoryStore::default()))
            .expect("open"),
    );
    // The window is there to answer: connections that start now offer elicitation and sampling.
    lode.asks().open();
    let mut events = lode.asks().events();
    let count = FLOOD.to_string();
    let evil = lode
        .add_connection(&ConnectionDraft::new(
            "Evil",
            flooding_server(&["--count", &count, "--size", "8192"]),
        ))
        .await
        .expect("added")
        .id;
    let started = Instant::now();
    lode.start_all().await.expect("started");

    // Until the server has heard back about every ask but those held.
    let mut peak = 0;
    let held = MAX_OPEN_ASKS_PER_CONNECTION as u64;
    let stats = loop {
        peak = peak.max(lode.asks().pending().len());
        let stats = ask_stats(&lode, evil).await;
        if stats["sent"] == FLOOD && stats["refused"].as_u64().unwrap_or(0) + held >= FLOOD {
            break stats;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the flood was not refused in time: {stats}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let refused_in = started.elapsed();
    let waiting = lode.asks().waiting();
    peak = peak.max(waiting.asks.len());
    let payload = serde_json::to_vec(&waiting).expect("json").len();
    println!(
        "ask flood: {FLOOD} asks; the server had its refusals within {} ms ({} ms to refused \
         and counted here); peak pending {peak}; pending payload {payload} bytes; refused as \
         the window reads it: {:?}",
        stats["refusedWithinMs"],
        refused_in.as_millis(),
        waiting.refused.iter().map(|r| r.count).collect::<Vec<_>>()
    );

    assert_eq!(stats["failed"], 0, "every refusal says why: {stats}");
    assert_eq!(stats["refused"], FLOOD - held, "{stats}");
    assert_eq!(stats["waiting"], held, "{stats}");
    assert_eq!(stats["answered"], 0, "{stats}");
    assert_eq!(waiting.asks.len(), MAX_OPEN_ASKS_PER_CONNECTION);
    assert!(peak <= MAX_OPEN_ASKS_PER_CONNECTION, "peak {peak}");
    assert!(
        payload <= MAX_WAITING_ASKS * (MAX_ASK_BYTES + 1024),
        "{payload}"
    );
    // Each of the four carries its 8 KiB text twice (message and description or system prompt).
    assert!(payload < 128 * 1024, "four asks of 8 KiB: {payload} bytes");

    // The window heard of the four, and of the refusals a few times, not thousands.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (mut opened, mut refusals, mut last_count) = (0, 0, 0);
    while let Ok(event) = events.try_recv() {
        match event {
            AskEvent::Opened { .. } => opened += 1,
            AskEvent::Refused { refused } => {
                refusals += 1;
                last_count = refused.count;
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    println!("ask flood: the window heard {opened} opened, {refusals} refusal notices");
    assert_eq!(opened, MAX_OPEN_ASKS_PER_CONNECTION);
    assert!((1..=60).contains(&refusals), "{refusals} refusal notices");
    assert_eq!(
        last_count,
        FLOOD - held,
        "the last notice has the whole count"
    );
    assert_eq!(lode.asks().waiting().refused[0].count, FLOOD - held);

    // The connection still lists and reads at once.
    let read = tokio::time::timeout(
        Duration::from_secs(5),
        lode.read_resource(evil, "hostile://quiet/1"),
    )
    .await
    .expect("read in time")
    .expect("read");
    assert!(!read.is_empty());
    let listed = lode
        .browse_status()
        .servers
        .iter()
        .any(|s| s.server == "Evil" && s.state == ListingState::Listed);
    assert!(listed, "the flood's server is listed");

    // The person answers the held ones: the server gets its answers, and once none is left
    // the refusals are forgotten.
    for ask in &waiting.asks {
        let answer = match ask.ask {
            lode_core::asks::AskRequest::Elicitation(_) => {
                AskAnswer::Elicitation(ElicitationAnswer::Decline)
            }
            lode_core::asks::AskRequest::Sampling(_) => {
                AskAnswer::Sampling(SamplingAnswer::Declined)
            }
        };
        lode.asks().answer(ask.id, answer).expect("answered");
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let stats = ask_stats(&lode, evil).await;
        if stats["waiting"] == 0 {
            // A declined sampling request is an error to the server, by the protocol.
            assert_eq!(
                stats["answered"].as_u64().unwrap() + stats["failed"].as_u64().unwrap(),
                held
            );
            break;
        }
        assert!(Instant::now() < deadline, "answers did not arrive: {stats}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(lode.asks().waiting().refused.is_empty());
}
