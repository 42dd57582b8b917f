//! How the hostile server answers `server/discover` (`--discover`), the 2026-07-28 handshake
//! that servers of earlier eras answer in many ways: a JSON-RPC error (`-32601`, or `-32022`
//! listing only 2025 versions, as an rmcp server pinned to 2025 does), an empty result, an HTTP
//! error page, or nothing at all. A client must still reach them through `initialize`.
//!
//! The empty result, the error page and the silence are not JSON-RPC answers rmcp's server can
//! give, so they are given on the wire, before rmcp sees the request (`wire_answer`): by the
//! line filter on stdio (`stdio_filter`) and by a middleware over HTTP (`http.rs`). Every
//! `server/discover` the process sees is counted, and the `stats` tool reports the count.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use rmcp::model::ProtocolVersion;
use rmcp::ErrorData;
use serde_json::{json, Value};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum DiscoverAnswer {
    /// JSON-RPC `-32601` (method not found), as most 2025 servers answer.
    #[default]
    Refuse,
    /// JSON-RPC `-32022` (unsupported protocol version) whose data lists only 2025 versions.
    Only2025,
    /// A result that is an empty object.
    Empty,
    /// HTTP 400 with an HTML page, no JSON-RPC (over stdio: the same as `refuse`).
    HttpError,
    /// No answer at all; `initialize` after it is answered as usual.
    Silent,
}

/// `server/discover` requests this process has seen, over every session.
static DISCOVERS: AtomicU64 = AtomicU64::new(0);
/// Where each one is also noted as a line (`--discover-log`): a count across processes, for a
/// client that starts the server again after a failed probe.
static LOG: OnceLock<PathBuf> = OnceLock::new();

pub fn discovers_seen() -> u64 {
    DISCOVERS.load(Ordering::Relaxed)
}

pub fn log_discovers_to(path: PathBuf) {
    let _ = LOG.set(path);
}

fn count() {
    DISCOVERS.fetch_add(1, Ordering::Relaxed);
    if let Some(path) = LOG.get() {
        let written = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut file| file.write_all(b"server/discover\n"));
        if let Err(error) = written {
            eprintln!(
                "lode-hostile-server: could not write {}: {error}",
                path.display()
            );
        }
    }
}

/// What the wire layer does with one incoming message.
pub enum Wire {
    /// Hand it to rmcp.
    Pass,
    /// Answer it with this JSON-RPC message instead.
    Answer(Value),
    /// Answer with an HTTP error page (over stdio: hand it to rmcp).
    HttpError,
    /// Drop it: never answered.
    Swallow,
}

/// What to do with `message` (one JSON-RPC message as text), counting it if it is a
/// `server/discover` request answered here.
pub fn wire_answer(answer: DiscoverAnswer, message: &[u8]) -> Wire {
    let Ok(value) = serde_json::from_slice::<Value>(message) else {
        return Wire::Pass;
    };
    if value.get("method").and_then(Value::as_str) != Some("server/discover") {
        return Wire::Pass;
    }
    let wire = match answer {
        DiscoverAnswer::Empty => {
            Wire::Answer(json!({"jsonrpc": "2.0", "id": value["id"], "result": {}}))
        }
        DiscoverAnswer::HttpError => Wire::HttpError,
        DiscoverAnswer::Silent => Wire::Swallow,
        // rmcp answers, and `refusal` counts it.
        DiscoverAnswer::Refuse | DiscoverAnswer::Only2025 => return Wire::Pass,
    };
    count();
    wire
}

/// The JSON-RPC error rmcp's server sends for a `server/discover` that reached it (counted).
pub fn refusal(answer: DiscoverAnswer) -> ErrorData {
    count();
    match answer {
        DiscoverAnswer::Only2025 => ErrorData::unsupported_protocol_version(
            ProtocolVersion::V_2026_07_28,
            &[
                ProtocolVersion::V_2025_06_18,
                ProtocolVersion::V_2025_03_26,
                ProtocolVersion::V_2024_11_05,
            ],
        ),
        _ => ErrorData::method_not_found::<rmcp::model::DiscoverRequestMethod>(),
    }
}
