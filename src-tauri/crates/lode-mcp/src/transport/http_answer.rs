//! The answer to one POST of Streamable HTTP, decoded by Lode's typed decoder (`decode/`) and,
//! for a large listing page, while it arrives (`page_stream`).
//!
//! Why not rmcp: it parses every message through its untagged enums, which first build serde's
//! `Content` tree of the whole message (a 26 MB listing took 273 MB). A JSON body is decoded as
//! the answer to the request that was posted. An event stream is read up to its first message;
//! when that message is the answer it is decoded the same way and handed to rmcp as a JSON
//! answer (the usual case). A stream that starts with anything else (progress, or a server
//! request such as `sampling/createMessage` that the server awaits before answering) goes to
//! rmcp as it is, from its first event on, so nothing is lost or held back.

use std::collections::VecDeque;

use futures::stream::BoxStream;
use futures::StreamExt;
use rmcp::model::{ClientJsonRpcMessage, RequestId, ServerJsonRpcMessage};
use rmcp::transport::streamable_http_client::StreamableHttpPostResponse;
use sse_stream::Sse;

use super::event_stream::EventReader;
use super::gated_events::gated;
use super::limits::MAX_MESSAGE_BYTES;
use super::tap::{MessageHead, Tap};
use crate::decoding::decode::{Decoder, Fault};
use crate::decoding::page_stream::PageStreams;
use crate::http_failure::{display_url, HttpFailure};

/// Decodes what the server sends back for one posted message, which is the only request its
/// messages can answer. An error without an id is thereby attributed to that request (rmcp
/// would leave the request waiting forever), and a malformed answer fails it with a specific
/// error.
struct Replies {
    decoder: Decoder,
    pages: PageStreams,
    /// Every reply is recorded from its bytes; `head` keeps the start of one streamed in.
    tap: Tap,
    head: MessageHead,
}

impl Replies {
    fn new(posted: &ClientJsonRpcMessage, tap: &Tap) -> Self {
        let mut decoder = Decoder::default();
        decoder.sent(posted);
        Self {
            decoder,
            pages: PageStreams::default(),
            tap: tap.clone(),
            head: MessageHead::default(),
        }
    }

    /// More of a message arrived; returns how many of its bytes were consumed.
    fn partial(&mut self, pending: &[u8]) -> usize {
        if self.tap.is_on() {
            self.head.saw(pending, self.tap.keep_bytes());
        }
        let used = self.pages.partial(pending, &self.decoder);
        self.head.consumed(used);
        used
    }

    /// The message ended with `rest` (all of it, unless `partial` consumed some).
    fn end(&mut self, rest: &[u8]) -> VecDeque<ServerJsonRpcMessage> {
        let mut out = VecDeque::with_capacity(1);
        if !self.pages.end(rest, &mut self.decoder, &mut out) {
            self.decoder.decode(rest, &mut out);
        }
        if self.tap.is_on() {
            let (head, total) = self.head.finish(rest, self.tap.keep_bytes());
            self.tap.received_bytes(&head, total, out.iter());
        }
        self.head.reset();
        out
    }
}

/// `events` with every message they carry recorded from its bytes: a stream handed to rmcp,
/// which parses its messages itself.
pub(crate) fn recorded<E: Send + 'static>(
    events: BoxStream<'static, Result<Sse, E>>,
    tap: &Tap,
) -> BoxStream<'static, Result<Sse, E>> {
    if !tap.is_on() {
        return events;
    }
    let tap = tap.clone();
    events
        .inspect(move |event| {
            if let Ok(event) = event {
                if carries_message(event) {
                    let bytes = event.data.as_deref().unwrap_or_default().as_bytes();
                    let head = &bytes[..bytes.len().min(tap.keep_bytes())];
                    tap.received_bytes(head, bytes.len(), std::iter::empty());
                }
            }
        })
        .boxed()
}

/// Whether `reply` is the answer (result or error) to the request `id`.
fn answers(reply: &ServerJsonRpcMessage, id: &RequestId) -> bool {
    match reply {
        ServerJsonRpcMessage::Response(response) => response.id == *id,
        ServerJsonRpcMessage::Error(error) => error.id.as_ref() == Some(id),
        _ => false,
    }
}

/// The answer to the posted request, when `replies` is exactly that.
fn sole_answer(
    mut replies: VecDeque<ServerJsonRpcMessage>,
    posted: &ClientJsonRpcMessage,
) -> Option<ServerJsonRpcMessage> {
    let id = request_id(posted)?;
    let reply = replies.pop_front()?;
    (answers(&reply, &id) && replies.is_empty()).then_some(reply)
}

/// An event that carries a JSON-RPC message, as rmcp reads them.
fn carries_message(event: &Sse) -> bool {
    matches!(event.event.as_deref(), None | Some("") | Some("message"))
        && event.data.as_deref().is_some_and(|d| !d.trim().is_empty())
}

/// A POST answered with an event stream: its answer as JSON when the answer comes first,
/// else the whole stream for rmcp (see the module comment).
pub(crate) async fn from_events(
    response: reqwest::Response,
    posted: &ClientJsonRpcMessage,
    session_id: Option<String>,
    tap: &Tap,
) -> StreamableHttpPostResponse {
    let mut events = EventReader::new(response, MAX_MESSAGE_BYTES);
    let mut replies = Replies::new(posted, tap);
    // Events before the first message (a priming event carries only an id to resume from)
    // are replayed to rmcp if it gets the stream.
    let mut seen = Vec::new();
    while let Some(item) = events.next_with(|data| replies.partial(data)).await {
        let event = match item {
            Ok(event) if carries_message(&event) => event,
            Ok(event) => {
                seen.push(Ok(event));
                continue;
            }
            Err(error) => {
                seen.push(Err(error));
                break;
            }
        };
        let data = event.data.as_deref().unwrap_or_default();
        if let Some(answer) = sole_answer(replies.end(data.as_bytes()), posted) {
            return StreamableHttpPostResponse::Json(answer, session_id);
        }
        seen.push(Ok(event));
        break;
    }
    // The first message is recorded already (`replies`); the rest as rmcp reads them.
    let replay = futures::stream::iter(seen)
        .chain(recorded(gated(events), tap))
        .boxed();
    StreamableHttpPostResponse::Sse(replay, session_id)
}

/// A POST answered with a JSON body: what it answers, read as it arrives (a large listing page
/// is never held whole). `None` when the body answers nothing (some servers answer a
/// notification with an empty or odd body); a body that does not answer a posted request still
/// fails it with a specific error rather than leaving it waiting.
pub(crate) async fn from_json(
    mut response: reqwest::Response,
    posted: &ClientJsonRpcMessage,
    tap: &Tap,
) -> Result<Option<ServerJsonRpcMessage>, HttpFailure> {
    let url = display_url(response.url().as_str());
    let too_large = || HttpFailure::TooLarge {
        url: url.clone(),
        limit: MAX_MESSAGE_BYTES,
    };
    if response.content_length().unwrap_or(0) > MAX_MESSAGE_BYTES as u64 {
        return Err(too_large());
    }
    let mut replies = Replies::new(posted, tap);
    let mut pending = Vec::new();
    let mut total: usize = 0;
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|e| HttpFailure::from_reqwest(&e, &url))?
    {
        total += chunk.len();
        if total > MAX_MESSAGE_BYTES {
            return Err(too_large());
        }
        pending.extend_from_slice(&chunk);
        let used = replies.partial(&pending);
        pending.drain(..used);
    }
    Ok(answer_of(replies.end(&pending), posted))
}

/// The reply that answers `posted` (others are logged and dropped: a JSON body has room for
/// one answer only).
fn answer_of(
    mut replies: VecDeque<ServerJsonRpcMessage>,
    posted: &ClientJsonRpcMessage,
) -> Option<ServerJsonRpcMessage> {
    if replies.len() > 1 {
        tracing::warn!(
            extra = replies.len() - 1,
            "ignored messages that came with the answer in a JSON body"
        );
    }
    let Some(id) = request_id(posted) else {
        return replies.pop_front();
    };
    let position = replies.iter().position(|reply| answers(reply, &id));
    if let Some(position) = position {
        return replies.remove(position);
    }
    let message = "the server's HTTP answer does not answer the request it was sent with";
    let error = Fault::NotJsonRpc.error(message.to_owned(), None);
    Some(ServerJsonRpcMessage::error(error, Some(id)))
}

/// The id of the request `message` posts; None for a notification or a response.
pub(crate) fn request_id(message: &ClientJsonRpcMessage) -> Option<rmcp::model::RequestId> {
    match message {
        ClientJsonRpcMessage::Request(request) => Some(request.id.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rmcp::model::{ClientRequest, NumberOrString, PingRequest};

    fn ping(id: i64) -> ClientJsonRpcMessage {
        ClientJsonRpcMessage::request(
            ClientRequest::PingRequest(PingRequest::default()),
            NumberOrString::Number(id),
        )
    }

    fn decode(body: &[u8], posted: &ClientJsonRpcMessage) -> VecDeque<ServerJsonRpcMessage> {
        Replies::new(posted, &Tap::default()).end(body)
    }

    fn error_id(message: Option<ServerJsonRpcMessage>) -> Option<NumberOrString> {
        match message {
            Some(ServerJsonRpcMessage::Error(error)) => error.id,
            other => panic!("expected an error, got {other:?}"),
        }
    }

    #[test]
    fn an_id_less_error_answers_the_posted_request() {
        let body = br#"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"boom"}}"#;
        let answer = answer_of(decode(body, &ping(7)), &ping(7));
        assert_eq!(error_id(answer), Some(NumberOrString::Number(7)));
    }

    #[test]
    fn a_body_that_is_no_answer_still_fails_the_request() {
        for body in [
            &b"<html>oops</html>"[..],
            br#"{"jsonrpc":"2.0","id":99,"result":{}}"#,
        ] {
            let answer = answer_of(decode(body, &ping(7)), &ping(7));
            assert_eq!(error_id(answer), Some(NumberOrString::Number(7)));
        }
    }

    #[test]
    fn only_the_answer_itself_short_cuts_the_event_stream() {
        let answer = br#"{"jsonrpc":"2.0","id":7,"result":{}}"#;
        assert!(sole_answer(decode(answer, &ping(7)), &ping(7)).is_some());
        let progress = br#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}"#;
        assert!(sole_answer(decode(progress, &ping(7)), &ping(7)).is_none());
        let sampling = br#"{"jsonrpc":"2.0","id":1,"method":"sampling/createMessage","params":{"messages":[],"maxTokens":5}}"#;
        assert!(sole_answer(decode(sampling, &ping(7)), &ping(7)).is_none());
    }
}
