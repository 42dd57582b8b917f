//! One timed session: connect, the operation, close.

use std::time::{Duration, Instant};

use lode_core::{LodeResult, ResourceContent};
use lode_mcp::{ConnectOptions, McpClient, ProtocolHistory};

use crate::args::{Args, Op};
use crate::report::{ms, Report};
use crate::rusage;

/// Above the orchestrator's own 120 s limit, so a slow run is reported as its timeout rather
/// than as an error of the client.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(180);

pub async fn run(args: &Args, started: Instant) -> LodeResult<Report> {
    let mut options = ConnectOptions::new("bench");
    options.request_timeout = REQUEST_TIMEOUT;
    if args.history {
        options.history = Some(ProtocolHistory::new());
    }
    let connecting = Instant::now();
    let client = McpClient::connect(&args.spec, options).await?;
    let connected = Instant::now();
    let mut report = Report {
        client: "lode",
        op: args.op.name(),
        connect_ms: ms(connected - connecting),
        ..Report::default()
    };
    let heap_before = rusage::heap_in_use_bytes();
    // Measured while the result is still held; `data_kb` is what holding it costs.
    let data_kb = |heap_after: Option<u64>| Some(heap_after?.saturating_sub(heap_before?) / 1024);
    match (args.op, args.uri.as_deref()) {
        (Op::List, _) => {
            let listing = client.list_resources_with(|_| {}).await?;
            report.data_kb = data_kb(rusage::heap_in_use_bytes());
            report.count = Some(listing.resources.len() as u64);
            report.pages = Some(listing.pages);
        }
        (Op::Read, Some(uri)) => {
            let contents = client.read_resource(uri).await?;
            report.data_kb = data_kb(rusage::heap_in_use_bytes());
            report.bytes = Some(contents.iter().map(content_len).sum());
        }
        (Op::Init, _) | (Op::Read, None) => {}
    }
    report.op_ms = ms(connected.elapsed());
    client.close().await;
    report.total_ms = ms(started.elapsed());
    Ok(report)
}

/// Bytes of text, or of base64 for a blob (what travelled, like the peer's `chars`).
fn content_len(content: &ResourceContent) -> u64 {
    match content {
        ResourceContent::Text { text, .. } => text.len() as u64,
        ResourceContent::Blob { blob, .. } => blob.len() as u64,
    }
}
