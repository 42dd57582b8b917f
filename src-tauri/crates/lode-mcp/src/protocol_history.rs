//! A connection's protocol history: every JSON-RPC message in and out (time, direction, kind,
//! method, id, duration of a response, size, the JSON), recorded by the transport's tap
//! (`transport/tap.rs`). Bounded: the last [`KEPT_MESSAGES`] messages, each cut at
//! [`MESSAGE_CAP`] bytes with a marker, and at most [`KEPT_BYTES`] in all. A history may also
//! write every record to a trace file as a JSON line (`lode --trace FILE`).
//!
//! Secrets never enter it: HTTP headers are not part of a JSON-RPC message, and every secret
//! of the connection (its bearer token, its API keys, a stdio server's secret variables) is
//! scrubbed from the JSON before it is kept or written, in case a server echoes one back.

use std::collections::{HashMap, VecDeque};
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use lode_core::{SecretScrubber, WireDirection, WireKind, WireMessage};
use rmcp::model::JsonRpcMessage;
use serde::Serialize;

/// How many messages a connection's history keeps (the newest).
pub const KEPT_MESSAGES: usize = 2_000;
/// How much of one message's JSON is kept.
pub const MESSAGE_CAP: usize = 64 * 1024;
/// How many bytes of JSON one history keeps in all, oldest dropped first.
pub const KEPT_BYTES: usize = 32 * 1024 * 1024;
/// Requests awaiting their response that are remembered (for a response's method and time).
const PENDING_CAP: usize = 4_096;

/// A connection's protocol history, shared by its sessions (it outlives reconnects).
#[derive(Clone, Default)]
pub struct ProtocolHistory {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    state: Mutex<State>,
    trace: Option<Mutex<Box<dyn Write + Send>>>,
}

#[derive(Default)]
struct State {
    messages: VecDeque<WireMessage>,
    bytes: usize,
    last_seq: u64,
    /// Requests by direction and id: their method and when they went.
    pending: HashMap<(WireDirection, String), (Option<String>, Instant)>,
}

impl std::fmt::Debug for ProtocolHistory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ProtocolHistory")
    }
}

impl ProtocolHistory {
    pub fn new() -> Self {
        Self::default()
    }

    /// A history that also writes every record, JSON included, to `trace` as a JSON line.
    pub fn with_trace(trace: Box<dyn Write + Send>) -> Self {
        Self {
            inner: Arc::new(Inner {
                state: Mutex::default(),
                trace: Some(Mutex::new(trace)),
            }),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.inner
            .state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The messages kept, oldest first, without their JSON; only those whose method contains
    /// `method` (any case) when it is given.
    pub fn summaries(&self, method: Option<&str>) -> Vec<WireMessage> {
        let wanted = method
            .map(str::to_lowercase)
            .filter(|m| !m.trim().is_empty());
        self.state()
            .messages
            .iter()
            .filter(|message| match &wanted {
                Some(wanted) => message
                    .method
                    .as_deref()
                    .is_some_and(|m| m.to_lowercase().contains(wanted.trim())),
                None => true,
            })
            .map(|message| WireMessage {
                json: None,
                ..message.clone()
            })
            .collect()
    }

    /// One message, JSON included, if it is still kept.
    pub fn message(&self, seq: u64) -> Option<WireMessage> {
        self.state()
            .messages
            .iter()
            .find(|message| message.seq == seq)
            .cloned()
    }

    /// Writes every message kept, JSON included, as JSON lines; returns how many.
    pub fn export(&self, to: &mut dyn Write) -> std::io::Result<usize> {
        let messages: Vec<WireMessage> = self.state().messages.iter().cloned().collect();
        for message in &messages {
            serde_json::to_writer(&mut *to, message)?;
            to.write_all(b"\n")?;
        }
        to.flush()?;
        Ok(messages.len())
    }

    /// Records one message going `direction`, scrubbing `secrets` from it, by serializing it
    /// again: for messages whose bytes the transport does not have (a batch's members).
    pub(crate) fn record<Req, Resp, Not>(
        &self,
        direction: WireDirection,
        message: &JsonRpcMessage<Req, Resp, Not>,
        secrets: &SecretScrubber,
    ) where
        Req: Serialize,
        Resp: Serialize,
        Not: Serialize,
    {
        let mut written = Bounded::new(keep_bytes(secrets));
        // Serializing a message Lode sent or decoded cannot fail; if it did, the record says
        // so rather than losing the message.
        if serde_json::to_writer(&mut written, message).is_err() {
            written.kept = b"{\"error\":\"this message could not be shown\"}".to_vec();
        }
        let envelope = Envelope::of(message);
        self.record_bytes(direction, envelope, &written.kept, written.total, secrets);
    }

    /// Records one message going `direction` from its bytes as they went over the wire:
    /// `head` is at least its first [`keep_bytes`] (all of it when shorter), `total`
    /// its whole length. Nothing is parsed or serialized again.
    pub(crate) fn record_bytes(
        &self,
        direction: WireDirection,
        envelope: Envelope,
        head: &[u8],
        total: usize,
        secrets: &SecretScrubber,
    ) {
        let Envelope { kind, id } = envelope;
        let head = &head[..head.len().min(keep_bytes(secrets))];
        let size = total as u64;
        let (json, truncated) = scrub_and_cut(secrets, head, total);
        let now = Instant::now();
        let at_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| {
                u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
            });
        let mut state = self.state();
        let (method, duration_ms) = match (kind, &id) {
            (WireKind::Request, Some(id)) => {
                let method = method_in(&json);
                if state.pending.len() >= PENDING_CAP {
                    state.pending.clear();
                }
                state
                    .pending
                    .insert((direction, id.clone()), (method.clone(), now));
                (method, None)
            }
            (WireKind::Response | WireKind::Error, Some(id)) => {
                match state.pending.remove(&(opposite(direction), id.clone())) {
                    Some((method, sent)) => (
                        method,
                        Some(
                            u64::try_from(now.duration_since(sent).as_millis()).unwrap_or(u64::MAX),
                        ),
                    ),
                    None => (None, None),
                }
            }
            _ => (method_in(&json), None),
        };
        state.last_seq += 1;
        let record = WireMessage {
            seq: state.last_seq,
            at_ms,
            direction,
            kind,
            method,
            id,
            duration_ms,
            size,
            json: Some(json),
            truncated,
        };
        if let Some(trace) = &self.inner.trace {
            let mut trace = trace
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            // A trace file that cannot be written must not break the connection.
            let _ = serde_json::to_writer(&mut **trace, &record)
                .map_err(std::io::Error::from)
                .and_then(|()| trace.write_all(b"\n"))
                .and_then(|()| trace.flush());
        }
        state.bytes += json_len(&record);
        state.messages.push_back(record);
        while state.messages.len() > KEPT_MESSAGES
            || (state.bytes > KEPT_BYTES && state.messages.len() > 1)
        {
            if let Some(dropped) = state.messages.pop_front() {
                state.bytes -= json_len(&dropped);
            }
        }
    }
}

fn json_len(message: &WireMessage) -> usize {
    message.json.as_ref().map_or(0, String::len)
}

fn opposite(direction: WireDirection) -> WireDirection {
    match direction {
        WireDirection::Out => WireDirection::In,
        WireDirection::In => WireDirection::Out,
    }
}

fn id_text(id: &impl Serialize) -> String {
    serde_json::to_string(id).unwrap_or_default()
}

/// What a message is and which id it carries: taken from the decoded message (or the one
/// Lode sends), never from its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Envelope {
    pub kind: WireKind,
    pub id: Option<String>,
}

impl Envelope {
    pub(crate) fn of<Req, Resp, Not>(message: &JsonRpcMessage<Req, Resp, Not>) -> Self {
        let (kind, id) = match message {
            JsonRpcMessage::Request(request) => (WireKind::Request, Some(id_text(&request.id))),
            JsonRpcMessage::Response(response) => (WireKind::Response, Some(id_text(&response.id))),
            JsonRpcMessage::Notification(_) => (WireKind::Notification, None),
            JsonRpcMessage::Error(error) => (WireKind::Error, error.id.as_ref().map(id_text)),
        };
        Self { kind, id }
    }

    /// For bytes that decoded to no message (a response to no request, say): what they look
    /// like, read without building anything; an answer without id when they are no JSON.
    pub(crate) fn guess(bytes: &[u8]) -> Self {
        use serde::de::IgnoredAny;
        #[derive(serde::Deserialize)]
        struct Shape<'a> {
            #[serde(borrow)]
            id: Option<&'a serde_json::value::RawValue>,
            method: Option<IgnoredAny>,
            error: Option<IgnoredAny>,
        }
        let Ok(shape) = serde_json::from_slice::<Shape<'_>>(bytes) else {
            return Self {
                kind: WireKind::Response,
                id: None,
            };
        };
        let id = shape.id.map(|id| id.get().to_owned());
        let kind = match (&shape.method, &shape.error, &id) {
            (Some(_), _, Some(_)) => WireKind::Request,
            (Some(_), _, None) => WireKind::Notification,
            (None, Some(_), _) => WireKind::Error,
            (None, None, _) => WireKind::Response,
        };
        Self { kind, id }
    }
}

/// The `method` of a request or notification, from the start of its JSON: every SDK writes
/// it before `params`, so it is never past the kept part. A server's own bytes may have
/// spaces around the colon.
fn method_in(json: &str) -> Option<String> {
    let start = json.find("\"method\"")? + "\"method\"".len();
    let rest = json[start..].trim_start().strip_prefix(':')?.trim_start();
    let rest = rest.strip_prefix('"')?;
    let end = rest.find('"')?;
    Some(rest[..end].to_owned())
}

/// How many bytes of a message to keep for the history: its cap, and room for a secret
/// that the cap would cut in two (scrubbed whole, then cut).
pub(crate) fn keep_bytes(secrets: &SecretScrubber) -> usize {
    MESSAGE_CAP + secrets.longest_form()
}

/// `kept` (the start of a message of `total` bytes) as text with every secret replaced, cut
/// at [`MESSAGE_CAP`] with a marker; and whether it was cut. A secret that the cut would leave
/// half of is removed too.
fn scrub_and_cut(secrets: &SecretScrubber, kept: &[u8], total: usize) -> (String, bool) {
    let text = String::from_utf8_lossy(kept);
    let mut text = secrets.scrub(&text).into_owned();
    if total <= MESSAGE_CAP && text.len() <= MESSAGE_CAP {
        return (text, false);
    }
    let mut cut = MESSAGE_CAP.min(text.len());
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    text.truncate(cut);
    let partial = secrets.partial_at_end(&text);
    text.truncate(text.len() - partial);
    text.push_str(&format!(" … [cut at {MESSAGE_CAP} of {total} bytes]"));
    (text, true)
}

/// A writer that keeps the first `cap` bytes and counts them all.
struct Bounded {
    kept: Vec<u8>,
    cap: usize,
    total: usize,
}

impl Bounded {
    fn new(cap: usize) -> Self {
        Self {
            kept: Vec::new(),
            cap,
            total: 0,
        }
    }
}

impl Write for Bounded {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let room = self.cap.saturating_sub(self.kept.len());
        self.kept.extend_from_slice(&bytes[..room.min(bytes.len())]);
        self.total += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
#[path = "protocol_history_tests.rs"]
mod tests;
