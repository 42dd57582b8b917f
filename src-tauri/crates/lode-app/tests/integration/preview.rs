//! What the preview asks of Lode, against real servers: a read in pieces that adds up to the
//! plain read, and live updates of an opened resource in both protocol eras (the demo server's
//! clock; server-everything 2026 on the `initialize` lifecycle), or a plain "not offered".

use crate::support::demo as support;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use lode_app::{decode_base64, ContentKind, Lode, ReadPiece};
use lode_core::{
    ConnectionDraft, ConnectionEvent, ConnectionEventKind, ConnectionId, ProtocolEra,
    ResourceContent, ServerEvent, TransportSpec,
};
use lode_secrets::MemoryStore;
use support::{demo, demo_command};
use tokio::sync::broadcast;

const CLOCK: &str = "demo://clock/now";

fn open(dir: &tempfile::TempDir) -> Lode {
    Lode::open_with_secrets(dir.path(), None, Arc::new(MemoryStore::default())).expect("open Lode")
}

async fn add(lode: &Lode, name: &str, transport: TransportSpec) -> ConnectionId {
    let mut draft = ConnectionDraft::new(name, transport);
    draft.timeout_secs = 30;
    lode.add_connection(&draft).await.expect("added").id
}

/// The demo server with a clock that ticks every 200 ms.
fn fast_clock_demo() -> TransportSpec {
    TransportSpec::Stdio {
        command: demo_command(),
        args: vec!["stdio".into(), "--update-interval-ms".into(), "200".into()],
        env: Default::default(),
        cwd: None,
    }
}

/// A node script of tests/servers (installed by `npm ci --prefix tests/servers`), as a transport.
fn node_server(relative: &str, args: &[&str]) -> TransportSpec {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../tests/servers/node_modules")
        .join(relative);
    assert!(
        script.is_file(),
        "not installed: run `npm ci --prefix tests/servers` from the repository root (looked for {})",
        script.display()
    );
    TransportSpec::Stdio {
        command: "node".into(),
        args: std::iter::once(script.display().to_string())
            .chain(args.iter().map(|a| (*a).to_owned()))
            .collect(),
        env: Default::default(),
        cwd: None,
    }
}

/// Waits for `resourceUpdated` of `uri` from connection `id`; false after `limit`.
async fn updated(
    events: &mut broadcast::Receiver<ConnectionEvent>,
    id: ConnectionId,
    uri: &str,
    limit: Duration,
) -> bool {
    let waiting = async {
        loop {
            match events.recv().await {
                Ok(ConnectionEvent {
                    connection,
                    kind: ConnectionEventKind::Server(ServerEvent::ResourceUpdated { uri: changed }),
                }) if connection == id && changed == uri => return,
                Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(broadcast::error::RecvError::Closed) => panic!("the supervisor's events ended"),
            }
        }
    };
    tokio::time::timeout(limit, waiting).await.is_ok()
}

/// Every piece of a read, and the contents they add up to.
async fn read_in_pieces(
    lode: &Lode,
    id: ConnectionId,
    uri: &str,
    piece_bytes: usize,
) -> (Vec<ReadPiece>, Vec<(ContentKind, String)>) {
    let mut seen = Vec::new();
    lode.read_resource_in_pieces(id, uri, None, piece_bytes, |piece| {
        seen.push(piece);
        Ok(())
    })
    .await
    .expect("read in pieces");
    let Some(ReadPiece::Started { contents, .. }) = seen.first() else {
        panic!("a read starts with its heads: {:?}", seen.first());
    };
    let mut assembled: Vec<(ContentKind, String)> =
        contents.iter().map(|h| (h.kind, String::new())).collect();
    for piece in &seen {
        if let ReadPiece::Piece { content, data, .. } = piece {
            assembled[*content].1.push_str(data);
        }
    }
    assert_eq!(seen.last(), Some(&ReadPiece::Done), "a read ends with Done");
    (seen, assembled)
}

#[tokio::test]
async fn a_read_in_pieces_adds_up_to_the_plain_read() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = Lode::open(dir.path(), Some(demo())).expect("open Lode");
    let id = lode.list_connections().expect("connections")[0].id;

    // About 100 KB of text in 4 KiB pieces: ordered, bounded, counted, and whole again.
    let log = "file:///project/logs/server.log";
    let (seen, assembled) = read_in_pieces(&lode, id, log, 4096).await;
    let plain = lode.read_resource(id, log).await.expect("plain read");
    let [ResourceContent::Text { text, .. }] = plain.as_slice() else {
        panic!("one text content: {plain:?}");
    };
    assert_eq!(assembled, vec![(ContentKind::Text, text.clone())]);
    let Some(ReadPiece::Started { total_bytes, .. }) = seen.first() else {
        unreachable!()
    };
    assert_eq!(*total_bytes, text.len() as u64);
    let sizes: Vec<u64> = seen
        .iter()
        .filter_map(|p| match p {
            ReadPiece::Piece {
                data, sent_bytes, ..
            } => {
                assert!(data.len() <= 4096, "a piece of {} bytes", data.len());
                Some(*sent_bytes)
            }
            _ => None,
        })
        .collect();
    assert!(sizes.len() >= 20, "{} pieces", sizes.len());
    assert!(sizes.windows(2).all(|w| w[0] < w[1]), "progress only grows");
    assert_eq!(sizes.last(), Some(total_bytes));

    // A blob travels as base64 and decodes to the real PDF.
    let (_, assembled) = read_in_pieces(&lode, id, "file:///project/docs/spec.pdf", 1000).await;
    let [(ContentKind::Blob, base64)] = assembled.as_slice() else {
        panic!("one blob: {assembled:?}");
    };
    let bytes = decode_base64(base64).expect("valid base64");
    assert!(bytes.starts_with(b"%PDF-"), "a PDF: {:?}", &bytes[..8]);
    lode.shutdown().await;
}

#[tokio::test]
async fn a_contents_meta_reaches_the_read_and_its_head() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = Lode::open(dir.path(), Some(demo())).expect("open Lode");
    let id = lode.list_connections().expect("connections")[0].id;

    // The demo's clock is its one content with a `_meta`; every other has none.
    let plain = lode.read_resource(id, CLOCK).await.expect("plain read");
    let meta = plain
        .first()
        .and_then(ResourceContent::meta)
        .expect("the clock's _meta");
    let fields: serde_json::Value = serde_json::from_str(&meta.json).expect("whole JSON");
    assert_eq!(fields["dev.lode.demo/zone"], "UTC", "{}", meta.json);
    assert!(fields["dev.lode.demo/epochMs"].is_i64(), "{}", meta.json);
    assert!(!meta.cut);

    let (seen, _) = read_in_pieces(&lode, id, CLOCK, 4096).await;
    let Some(ReadPiece::Started { contents, .. }) = seen.first() else {
        unreachable!("read_in_pieces checked it")
    };
    let head_meta = contents[0]
        .meta
        .as_ref()
        .expect("the head carries the _meta");
    assert!(
        head_meta.json.contains("\"dev.lode.demo/zone\":\"UTC\""),
        "{}",
        head_meta.json
    );

    let readme = lode
        .read_resource(id, "file:///project/README.md")
        .await
        .expect("read README");
    assert_eq!(readme.first().and_then(ResourceContent::meta), None);
    lode.shutdown().await;
}

#[tokio::test]
async fn the_subscribed_clock_reports_updates_until_unsubscribed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = open(&dir);
    let id = add(&lode, "Clock", fast_clock_demo()).await;
    let mut events = lode.events();

    assert!(
        lode.subscribe_resource(id, CLOCK).await.expect("subscribe"),
        "the demo server offers subscriptions"
    );
    let era = lode.server_info(id).await.expect("info").era;
    assert!(
        updated(&mut events, id, CLOCK, Duration::from_secs(10)).await,
        "an update of the clock within 10 s ({era:?} era)"
    );
    let first = lode.read_resource(id, CLOCK).await.expect("read");
    assert!(updated(&mut events, id, CLOCK, Duration::from_secs(10)).await);
    let second = lode.read_resource(id, CLOCK).await.expect("read again");
    assert_ne!(first, second, "the clock moved between updates");

    lode.unsubscribe_resource(id, CLOCK)
        .await
        .expect("unsubscribe");
    // An update already on its way may still arrive; after that, silence.
    tokio::time::sleep(Duration::from_millis(400)).await;
    let mut events = lode.events();
    assert!(
        !updated(&mut events, id, CLOCK, Duration::from_millis(1200)).await,
        "no updates after unsubscribing ({era:?} era)"
    );
    lode.shutdown().await;
}

#[tokio::test]
async fn a_legacy_server_reports_updates_of_a_subscribed_resource() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = open(&dir);
    let everything = node_server(
        "@modelcontextprotocol/server-everything/dist/index.js",
        &["stdio"],
    );
    let id = add(&lode, "Everything", everything).await;
    let uri = "demo://resource/static/document/features.md";
    let mut events = lode.events();

    assert!(lode.subscribe_resource(id, uri).await.expect("subscribe"));
    assert_eq!(
        lode.server_info(id).await.expect("info").era,
        ProtocolEra::Legacy,
        "server-everything 2026 speaks resources/subscribe"
    );
    // It sends updates of subscribed resources once the session turns them on.
    lode.call_tool(id, "toggle-subscriber-updates", serde_json::json!({}))
        .await
        .expect("toggle updates");
    assert!(
        updated(&mut events, id, uri, Duration::from_secs(20)).await,
        "an update within 20 s"
    );
    lode.unsubscribe_resource(id, uri)
        .await
        .expect("unsubscribe");
    lode.shutdown().await;
}

#[tokio::test]
async fn a_server_without_subscriptions_says_so_without_an_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = open(&dir);
    let id = add(
        &lode,
        "Hello",
        node_server("mcp-hello-world/build/stdio.js", &[]),
    )
    .await;
    assert_eq!(
        lode.subscribe_resource(id, "hello://world").await.ok(),
        Some(false),
        "not offered"
    );
    lode.unsubscribe_resource(id, "hello://world")
        .await
        .expect("nothing to undo");
    lode.shutdown().await;
}
