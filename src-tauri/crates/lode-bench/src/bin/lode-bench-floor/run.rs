//! One timed session, timed at the same points as lode-bench-client: connecting (the server
//! started, `initialize` answered, `notifications/initialized` sent), the operation, closing.

use std::time::Instant;

use lode_core::TransportSpec;

use crate::args::{Args, Op};
use crate::http::HttpSession;
use crate::report::{ms, Report};
use crate::rusage;
use crate::session::{self, Transport};
use crate::stdio::StdioServer;
use crate::wire::Content;

pub fn run(args: &Args, started: Instant) -> Result<Report, String> {
    let connecting = Instant::now();
    match &args.spec {
        TransportSpec::Stdio {
            command,
            args: server_args,
            ..
        } => {
            let server = StdioServer::spawn(command, server_args)?;
            measure(args, server, connecting, started)
        }
        TransportSpec::Http { url, .. } => {
            let session = HttpSession::new(url)?;
            measure(args, session, connecting, started)
        }
        // The command line only makes the two above; the others are Lode's, not the bench's.
        other => Err(format!(
            "the floor speaks stdio and Streamable HTTP only, not {other:?}"
        )),
    }
}

fn measure<T: Transport>(
    args: &Args,
    mut transport: T,
    connecting: Instant,
    started: Instant,
) -> Result<Report, String> {
    session::initialize(&mut transport)?;
    let connected = Instant::now();
    let mut report = Report {
        client: "floor",
        op: args.op.name(),
        connect_ms: ms(connected - connecting),
        ..Report::default()
    };
    // What was received is dropped at the end of its arm, before op_ms is taken, as in
    // lode-bench-client, so both pay for freeing what they built.
    let heap_before = rusage::heap_in_use_bytes();
    let data_kb = |heap_after: Option<u64>| Some(heap_after?.saturating_sub(heap_before?) / 1024);
    match (args.op, args.uri.as_deref()) {
        (Op::List, _) => {
            let (resources, pages) = session::list_all(&mut transport)?;
            report.data_kb = data_kb(rusage::heap_in_use_bytes());
            report.count = Some(resources.len() as u64);
            report.pages = Some(pages);
        }
        (Op::Read, Some(uri)) => {
            let contents = session::read(&mut transport, uri)?;
            report.data_kb = data_kb(rusage::heap_in_use_bytes());
            report.bytes = Some(contents.iter().map(content_len).sum());
        }
        (Op::Init, _) | (Op::Read, None) => {}
    }
    report.op_ms = ms(connected.elapsed());
    transport.close();
    report.total_ms = ms(started.elapsed());
    Ok(report)
}

/// Bytes of text, or of base64 for a blob: what travelled, as the other two clients count it.
fn content_len(content: &Content) -> u64 {
    let text = content.text.as_deref().or(content.blob.as_deref());
    text.map_or(0, |t| t.len() as u64)
}
