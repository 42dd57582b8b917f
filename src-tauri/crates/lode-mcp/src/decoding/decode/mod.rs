//! Decoding one server message, fast, and turning every way it can be wrong into an error a
//! person can act on. Transport-agnostic: a transport hands in each message it sends
//! ([`Decoder::sent`]) and each complete message it receives, as bytes ([`Decoder::decode`]).
//!
//! Why not rmcp's own decoding: `ServerJsonRpcMessage` and `ServerResult` are
//! `#[serde(untagged)]`, so every message is first buffered into serde's `Content` tree and then
//! tried against some twenty shapes in turn. Lode knows which request each response answers, so
//! it reads only the envelope (`id`, `method`, and `result`/`error` as unparsed JSON text) and
//! then parses `result` once, straight into the type that request asked for. Requests,
//! notifications and results of other methods still go through rmcp's decoding: they are
//! small and rare. A `resources/read` result is parsed by Lode itself (`read.rs`): rmcp's
//! decoding would hold a resource's text three times over.
//!
//! Faults never leave a request hanging: the decoder knows which requests are outstanding, so a
//! message it cannot attribute (malformed JSON, bytes that are not UTF-8, an error without an
//! id, a message over the size cap) is answered on the server's behalf with a JSON-RPC error
//! for each of them. Those errors carry a Lode-private code and a marker in `data`, which
//! `error.rs` turns into a Lode error code.

use std::collections::{HashMap, VecDeque};

use rmcp::model::{
    ClientJsonRpcMessage, ClientNotification, ErrorCode as JsonRpcCode, ErrorData, JsonRpcMessage,
    ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult, ListToolsResult,
    RequestId, ServerJsonRpcMessage, ServerResult,
};
use serde::Deserialize;
use serde_json::value::RawValue;

use super::lenient;
use read::ReadResult;

mod json_string;
mod read;

/// At most this many characters of a bad message are quoted in an error.
const EXCERPT_CHARS: usize = 200;
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";
/// The `data` key that marks a JSON-RPC error as made by Lode, not sent by the server.
const FAULT_KEY: &str = "dev.lode/fault";
const DETAIL_KEY: &str = "detail";

/// What a transport could not deliver as the server sent it. Each kind has its own code in the
/// JSON-RPC server-error range (-32000..=-32099), at its far end, away from the codes MCP uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fault {
    /// A line starting with `{` or `[` that is not JSON.
    MalformedJson,
    /// Bytes that are not UTF-8; JSON must be.
    NotUtf8,
    /// A message over `MAX_MESSAGE_BYTES` (`transport/limits.rs`).
    TooLarge,
    /// JSON that is not a JSON-RPC message (no `result`, `error` or `method`, or a bad `id`).
    NotJsonRpc,
    /// A JSON-RPC error without an `id`: it fails every request still waiting.
    UnattributedError,
    /// A response whose `result` (or `error`) does not have the shape its method requires.
    MalformedResult,
    /// The server closed its output: it exited or crashed.
    ServerExited,
}

impl Fault {
    const ALL: [Fault; 7] = [
        Fault::MalformedJson,
        Fault::NotUtf8,
        Fault::TooLarge,
        Fault::NotJsonRpc,
        Fault::UnattributedError,
        Fault::MalformedResult,
        Fault::ServerExited,
    ];

    fn code(self) -> i32 {
        match self {
            Fault::MalformedJson => -32090,
            Fault::NotUtf8 => -32091,
            Fault::TooLarge => -32092,
            Fault::NotJsonRpc => -32093,
            Fault::UnattributedError => -32094,
            Fault::MalformedResult => -32095,
            Fault::ServerExited => -32096,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Fault::MalformedJson => "malformed-json",
            Fault::NotUtf8 => "not-utf8",
            Fault::TooLarge => "too-large",
            Fault::NotJsonRpc => "not-json-rpc",
            Fault::UnattributedError => "unattributed-error",
            Fault::MalformedResult => "malformed-result",
            Fault::ServerExited => "server-exited",
        }
    }

    /// The JSON-RPC error that stands in for the server's answer.
    pub(crate) fn error(self, message: String, detail: Option<String>) -> ErrorData {
        let mut data = serde_json::Map::new();
        data.insert(FAULT_KEY.to_owned(), self.name().into());
        if let Some(detail) = detail {
            data.insert(DETAIL_KEY.to_owned(), detail.into());
        }
        ErrorData::new(JsonRpcCode(self.code()), message, Some(data.into()))
    }

    /// The fault a JSON-RPC error stands for, when Lode made it (code and marker both match:
    /// a server using the same code for its own purposes is not mistaken for a fault).
    pub(crate) fn of(error: &ErrorData) -> Option<(Fault, Option<&str>)> {
        let data = error.data.as_ref()?;
        let name = data.get(FAULT_KEY)?.as_str()?;
        let fault = Fault::ALL
            .into_iter()
            .find(|f| f.name() == name && f.code() == error.code.0)?;
        Some((fault, data.get(DETAIL_KEY).and_then(|d| d.as_str())))
    }
}

/// What Lode expects in answer to a request it sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Expect {
    ListResources,
    ReadResource,
    ListResourceTemplates,
    ListTools,
    ListPrompts,
    /// `server/discover` or `initialize`: rmcp handles their failures itself.
    Handshake,
    Other,
}

impl Expect {
    pub(crate) fn of_method(method: &str) -> Self {
        match method {
            "resources/list" => Expect::ListResources,
            "resources/read" => Expect::ReadResource,
            "resources/templates/list" => Expect::ListResourceTemplates,
            "tools/list" => Expect::ListTools,
            "prompts/list" => Expect::ListPrompts,
            "initialize" | "server/discover" => Expect::Handshake,
            _ => Expect::Other,
        }
    }

    fn method(self) -> &'static str {
        match self {
            Expect::ListResources => "resources/list",
            Expect::ReadResource => "resources/read",
            Expect::ListResourceTemplates => "resources/templates/list",
            Expect::ListTools => "tools/list",
            Expect::ListPrompts => "prompts/list",
            Expect::Handshake => "the handshake",
            Expect::Other => "the request",
        }
    }
}

/// Decodes the `result` of a response to a request of kind `expect`. The common results are
/// parsed straight into their type; a `resources/list` page that does not parse is repaired
/// item by item; anything else takes rmcp's general decoding, which also knows results that
/// may stand in for the plain one (`input_required`, tasks). `Err` says what is wrong.
pub(crate) fn decode_result(expect: Expect, raw: &str) -> Result<ServerResult, String> {
    let typed = match expect {
        Expect::ListResources => {
            serde_json::from_str::<ListResourcesResult>(raw).map(|mut page| {
                lenient::check_page(&mut page);
                ServerResult::ListResourcesResult(page)
            })
        }
        Expect::ReadResource => serde_json::from_str::<ReadResult>(raw)
            .map(|read| ServerResult::ReadResourceResult(read.0)),
        Expect::ListResourceTemplates => serde_json::from_str::<ListResourceTemplatesResult>(raw)
            .map(ServerResult::ListResourceTemplatesResult),
        Expect::ListTools => {
            serde_json::from_str::<ListToolsResult>(raw).map(ServerResult::ListToolsResult)
        }
        Expect::ListPrompts => {
            serde_json::from_str::<ListPromptsResult>(raw).map(ServerResult::ListPromptsResult)
        }
        Expect::Handshake | Expect::Other => {
            return serde_json::from_str::<ServerResult>(raw).map_err(|e| e.to_string())
        }
    };
    let typed_error = match typed {
        Ok(result) => return Ok(result),
        Err(error) => error,
    };
    if expect == Expect::ListResources {
        if let Some(page) = lenient::repair_page(raw) {
            return Ok(ServerResult::ListResourcesResult(page));
        }
    }
    match serde_json::from_str::<ServerResult>(raw) {
        // The catch-alls: the result has no shape rmcp knows for this request.
        Ok(ServerResult::CustomResult(_)) | Ok(ServerResult::EmptyResult(_)) | Err(_) => {
            Err(typed_error.to_string())
        }
        Ok(other) => Ok(other),
    }
}

/// The JSON-RPC envelope with `result` and `error` left unparsed (borrowed from the input).
#[derive(Deserialize)]
struct Envelope<'a> {
    /// `null` and absent both read as `None`.
    #[serde(default)]
    id: Option<RequestId>,
    #[serde(default, borrow)]
    method: Option<&'a RawValue>,
    #[serde(default, borrow)]
    result: Option<&'a RawValue>,
    #[serde(default, borrow)]
    error: Option<&'a RawValue>,
}

/// The envelope with `result` parsed as `T` in the same pass (see `Decoder::speculate`): this
/// saves the pass that only finds where `result` ends, a quarter of the decoding time.
#[derive(Deserialize)]
struct TypedEnvelope<'a, T> {
    #[serde(default)]
    id: Option<RequestId>,
    #[serde(default, borrow)]
    method: Option<&'a RawValue>,
    #[serde(default = "Option::default")]
    result: Option<T>,
    #[serde(default, borrow)]
    error: Option<&'a RawValue>,
}

/// The requests of one connection still waiting for an answer, and the decoding that needs
/// them. Not shared: rmcp calls a transport's `send` and `receive` one at a time.
#[derive(Debug, Default)]
pub(crate) struct Decoder {
    outstanding: HashMap<RequestId, Expect>,
    /// The kind of the request sent last: the answer most likely to come next.
    latest: Option<Expect>,
}

impl Decoder {
    /// Records what an outgoing message means for the answers to come: a request is now
    /// outstanding; a cancellation means its answer, if any, is no longer awaited.
    pub(crate) fn sent(&mut self, message: &ClientJsonRpcMessage) {
        match message {
            JsonRpcMessage::Request(request) => {
                let expect = Expect::of_method(request.request.method());
                self.outstanding.insert(request.id.clone(), expect);
                self.latest = Some(expect);
            }
            JsonRpcMessage::Notification(notification) => {
                if let ClientNotification::CancelledNotification(cancelled) =
                    &notification.notification
                {
                    if let Some(id) = &cancelled.params.request_id {
                        self.outstanding.remove(id);
                    }
                }
            }
            _ => {}
        }
    }

    /// Whether a request of this kind waits for its answer.
    pub(crate) fn awaits(&self, expect: Expect) -> bool {
        self.outstanding.values().any(|waiting| *waiting == expect)
    }

    /// How many requests wait for an answer.
    #[cfg(test)]
    pub(crate) fn outstanding(&self) -> usize {
        self.outstanding.len()
    }

    /// Decodes one complete message into `out`: nothing (a message that answers nothing Lode
    /// waits for), one message, several (a batch), or errors standing in for the answers of
    /// the requests a broken message leaves without one.
    pub(crate) fn decode(&mut self, bytes: &[u8], out: &mut VecDeque<ServerJsonRpcMessage>) {
        // RFC 8259 §8.1 lets a parser ignore a byte order mark; some Windows servers send one.
        let bytes = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);
        // Checked once for the whole message so the parser can take it as `str` and never
        // check again.
        let text = match std::str::from_utf8(bytes) {
            Ok(text) => text,
            Err(error) => return self.not_utf8(bytes, error.valid_up_to(), out),
        };
        if text.trim_start().starts_with('[') {
            match serde_json::from_str::<Vec<&RawValue>>(text) {
                Ok(batch) => {
                    for message in batch {
                        self.decode_one(message.get(), out);
                    }
                }
                Err(error) => self.unparseable(text, &error, out),
            }
        } else {
            self.decode_one(text, out);
        }
    }

    /// Answers every outstanding request with the error `fault` (all but the handshake when
    /// `handshake` is false: rmcp reports a failed handshake in its own words).
    pub(crate) fn fail_outstanding(
        &mut self,
        fault: Fault,
        message: &str,
        detail: Option<&str>,
        handshake: bool,
        out: &mut VecDeque<ServerJsonRpcMessage>,
    ) {
        let ids: Vec<RequestId> = self
            .outstanding
            .iter()
            .filter(|(_, expect)| handshake || **expect != Expect::Handshake)
            .map(|(id, _)| id.clone())
            .collect();
        if ids.is_empty() {
            tracing::warn!(fault = fault.name(), "{message}");
            return;
        }
        for id in ids {
            self.outstanding.remove(&id);
            let error = fault.error(message.to_owned(), detail.map(str::to_owned));
            out.push_back(ServerJsonRpcMessage::error(error, Some(id)));
        }
    }

    fn decode_one(&mut self, text: &str, out: &mut VecDeque<ServerJsonRpcMessage>) {
        if let Some(message) = self.speculate(text) {
            out.push_back(message);
            return;
        }
        let envelope: Envelope<'_> = match serde_json::from_str(text) {
            Ok(envelope) => envelope,
            Err(error) => return self.unparseable(text, &error, out),
        };
        match envelope {
            Envelope {
                method: Some(_), ..
            } => self.request_or_notification(text, out),
            Envelope {
                id: Some(id),
                result: Some(result),
                error: None,
                ..
            } => self.result(id, result.get(), out),
            Envelope {
                id: Some(id),
                result: None,
                error: Some(error),
                ..
            } => self.error(id, error.get(), out),
            Envelope {
                id: None,
                result: None,
                error: Some(error),
                ..
            } => self.unattributed_error(error.get(), out),
            Envelope { id: Some(id), .. } => match self.take(&id) {
                Some((id, _)) => {
                    let message = format!(
                        "the server answered with neither a result nor an error: {}",
                        excerpt(text)
                    );
                    let error = Fault::NotJsonRpc.error(message, None);
                    out.push_back(ServerJsonRpcMessage::error(error, Some(id)));
                }
                None => tracing::warn!(%id, "ignored a message that is not JSON-RPC"),
            },
            Envelope { id: None, .. } => {
                let message = format!(
                    "the server sent a message that is not JSON-RPC: {}",
                    excerpt(text)
                );
                self.fail_outstanding(Fault::NotJsonRpc, &message, None, true, out);
            }
        }
    }

    /// One pass instead of two: the message is parsed as the answer to the latest kind of
    /// request (in a listing, every page answers a `resources/list`), and kept only when its
    /// id is indeed a request of that kind. `None`, with nothing consumed, for anything else
    /// (a notification, another request's answer, a malformed page): the general path then
    /// handles it, at the cost of a second parse (at worst twice the work, and only while
    /// requests of different kinds overlap).
    fn speculate(&mut self, text: &str) -> Option<ServerJsonRpcMessage> {
        let expect = self.latest?;
        let (id, result) = match expect {
            Expect::ListResources => {
                let (id, mut page) = self.typed::<ListResourcesResult>(text, expect)?;
                lenient::check_page(&mut page);
                (id, ServerResult::ListResourcesResult(page))
            }
            Expect::ReadResource => {
                let (id, read) = self.typed::<ReadResult>(text, expect)?;
                (id, ServerResult::ReadResourceResult(read.0))
            }
            Expect::ListResourceTemplates => {
                let (id, page) = self.typed::<ListResourceTemplatesResult>(text, expect)?;
                (id, ServerResult::ListResourceTemplatesResult(page))
            }
            Expect::ListTools => {
                let (id, page) = self.typed::<ListToolsResult>(text, expect)?;
                (id, ServerResult::ListToolsResult(page))
            }
            Expect::ListPrompts => {
                let (id, page) = self.typed::<ListPromptsResult>(text, expect)?;
                (id, ServerResult::ListPromptsResult(page))
            }
            Expect::Handshake | Expect::Other => return None,
        };
        Some(ServerJsonRpcMessage::response(result, id))
    }

    fn typed<T: serde::de::DeserializeOwned>(
        &mut self,
        text: &str,
        expect: Expect,
    ) -> Option<(RequestId, T)> {
        let envelope: TypedEnvelope<'_, T> = serde_json::from_str(text).ok()?;
        if envelope.method.is_some() || envelope.error.is_some() {
            return None;
        }
        let result = envelope.result?;
        let id = self.key(&envelope.id?)?;
        if self.outstanding.get(&id) != Some(&expect) {
            return None;
        }
        self.outstanding.remove(&id);
        Some((id, result))
    }

    /// Requests and notifications from the server: small and rare, so rmcp decodes them.
    fn request_or_notification(&mut self, text: &str, out: &mut VecDeque<ServerJsonRpcMessage>) {
        match serde_json::from_str::<ServerJsonRpcMessage>(text) {
            Ok(message) => out.push_back(message),
            // Only a known method with malformed params gets here (rmcp has catch-alls for
            // the rest). No request of Lode's waits on it, so it is only logged.
            Err(error) => tracing::warn!(
                %error,
                message = excerpt(text),
                "ignored a server request or notification Lode could not read"
            ),
        }
    }

    fn result(&mut self, id: RequestId, raw: &str, out: &mut VecDeque<ServerJsonRpcMessage>) {
        let Some((id, expect)) = self.take(&id) else {
            tracing::warn!(%id, "ignored an answer to a request Lode is not waiting for");
            return;
        };
        let message = match decode_result(expect, raw) {
            Ok(result) => ServerJsonRpcMessage::response(result, id),
            Err(problem) => {
                let message = format!(
                    "the server's answer to {} is malformed: {problem}",
                    expect.method()
                );
                ServerJsonRpcMessage::error(Fault::MalformedResult.error(message, None), Some(id))
            }
        };
        out.push_back(message);
    }

    fn error(&mut self, id: RequestId, raw: &str, out: &mut VecDeque<ServerJsonRpcMessage>) {
        let Some((id, _)) = self.take(&id) else {
            tracing::warn!(%id, "ignored an error for a request Lode is not waiting for");
            return;
        };
        let error = serde_json::from_str::<ErrorData>(raw).unwrap_or_else(|problem| {
            let message = format!(
                "the server answered with a malformed error: {}",
                excerpt(raw)
            );
            Fault::MalformedResult.error(message, Some(problem.to_string()))
        });
        out.push_back(ServerJsonRpcMessage::error(error, Some(id)));
    }

    /// An error without an id (`"id": null` or none, as JSON-RPC prescribes when the server
    /// could not read the request's id) would otherwise fail nothing and leave requests hanging.
    fn unattributed_error(&mut self, raw: &str, out: &mut VecDeque<ServerJsonRpcMessage>) {
        let (said, detail) = match serde_json::from_str::<ErrorData>(raw) {
            Ok(error) => (
                format!("{} (code {})", error.message, error.code.0),
                error.data.map(|data| data.to_string()),
            ),
            Err(_) => (excerpt(raw), None),
        };
        let message =
            format!("the server reported an error without saying which request failed: {said}");
        self.fail_outstanding(
            Fault::UnattributedError,
            &message,
            detail.as_deref(),
            true,
            out,
        );
    }

    fn unparseable(
        &mut self,
        text: &str,
        error: &serde_json::Error,
        out: &mut VecDeque<ServerJsonRpcMessage>,
    ) {
        let (fault, message) = if error.is_syntax() || error.is_eof() {
            (
                Fault::MalformedJson,
                format!("the server sent malformed JSON: {}", excerpt(text)),
            )
        } else {
            // Well-formed JSON of the wrong shape, e.g. an `id` that is an object.
            (
                Fault::NotJsonRpc,
                format!(
                    "the server sent a message that is not JSON-RPC: {}",
                    excerpt(text)
                ),
            )
        };
        let detail = error.to_string();
        self.fail_outstanding(fault, &message, Some(&detail), true, out);
    }

    /// Invalid UTF-8 is almost always inside a string; when the rest of the message still
    /// says which request it answers, only that request fails.
    fn not_utf8(&mut self, bytes: &[u8], at: usize, out: &mut VecDeque<ServerJsonRpcMessage>) {
        let lossy = String::from_utf8_lossy(bytes);
        let message = format!(
            "the server sent bytes that are not UTF-8 (at byte {at}): {}",
            excerpt(&lossy)
        );
        let id = serde_json::from_str::<Envelope<'_>>(&lossy)
            .ok()
            .filter(|e| e.method.is_none())
            .and_then(|e| e.id)
            .and_then(|id| self.take(&id));
        match id {
            Some((id, _)) => {
                let error = Fault::NotUtf8.error(message, None);
                out.push_back(ServerJsonRpcMessage::error(error, Some(id)));
            }
            None => self.fail_outstanding(Fault::NotUtf8, &message, None, true, out),
        }
    }

    /// Removes an answered request. Like rmcp, accepts `"7"` as the answer to request 7: some
    /// servers echo ids as strings. Returns the id as Lode sent it, so rmcp finds it.
    fn take(&mut self, id: &RequestId) -> Option<(RequestId, Expect)> {
        let id = self.key(id)?;
        let expect = self.outstanding.remove(&id)?;
        Some((id, expect))
    }

    /// The outstanding request `id` answers, as Lode sent its id.
    fn key(&self, id: &RequestId) -> Option<RequestId> {
        if self.outstanding.contains_key(id) {
            return Some(id.clone());
        }
        let RequestId::String(text) = id else {
            return None;
        };
        let number = RequestId::Number(text.parse().ok()?);
        self.outstanding.contains_key(&number).then_some(number)
    }
}

/// The start of a bad message, for an error message: at most `EXCERPT_CHARS` characters.
fn excerpt(text: &str) -> String {
    let text = text.trim();
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests;
