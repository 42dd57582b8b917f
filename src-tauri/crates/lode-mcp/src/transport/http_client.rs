//! Lode's `StreamableHttpClient` for rmcp's Streamable HTTP worker. rmcp's reqwest client falls
//! short in four ways (rmcp 3.9 `common/reqwest/streamable_http_client.rs`):
//! - a JSON response body is capped at 16 MiB (`MAX_JSON_RESPONSE_SIZE`); Lode accepts 256 MiB;
//! - a 400 answering a stale `Mcp-Session-Id` comes with an id-less JSON-RPC error that rmcp
//!   hands to the service, which cannot correlate it: the request hangs. Here it becomes
//!   `SessionExpired`, like a 404, so rmcp re-initializes and retries;
//! - an error status keeps no body (`HttpStatusError`); here it keeps an excerpt;
//! - an id-less JSON-RPC error answering a request (any status) would also hang: it is
//!   correlated to the request it answers.
//!
//! And answers are decoded by Lode's typed decoder (`decode/`), not by rmcp: rmcp parses every
//! message through its untagged enums, which first build serde's `Content` tree of the whole
//! message (a 26 MB listing took 273 MB). A JSON body is decoded as the answer to the request
//! that was posted; an event stream is read up to its first message, and when that message is
//! the answer it is decoded the same way and handed to rmcp as a JSON answer (the usual case).
//! A stream that starts with anything else (progress, or a server request such as
//! `sampling/createMessage` that the server awaits before answering) goes to rmcp as it is,
//! from its first event on, so nothing is lost or held back.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use futures::stream::BoxStream;
use futures::StreamExt;
use http::{HeaderName, HeaderValue, StatusCode};
use rmcp::model::{ClientJsonRpcMessage, ClientRequest, ErrorData, ServerJsonRpcMessage};
use rmcp::transport::streamable_http_client::{
    AuthRequiredError, InsufficientScopeError, SseError, StreamableHttpClient, StreamableHttpError,
    StreamableHttpPostResponse,
};
use sse_stream::Sse;

use super::decode::{Decoder, Fault};
use super::event_stream::{event_stream, Events};
use super::http::{decode_message, read_body, HttpFailure};
use super::stdio::MAX_MESSAGE_BYTES;

type HttpResult<T> = Result<T, StreamableHttpError<HttpFailure>>;

const SESSION_ID: &str = "mcp-session-id";
const LAST_EVENT_ID: &str = "last-event-id";
const EVENT_STREAM: &str = "text/event-stream";
const JSON: &str = "application/json";

#[derive(Clone)]
pub(crate) struct LodeHttpClient {
    client: reqwest::Client,
}

impl LodeHttpClient {
    pub(crate) fn new(client: reqwest::Client) -> Self {
        Self { client }
    }

    fn request(
        &self,
        method: reqwest::Method,
        uri: &str,
        session_id: Option<&str>,
        auth_token: Option<String>,
        headers: HashMap<HeaderName, HeaderValue>,
    ) -> reqwest::RequestBuilder {
        let mut request = self.client.request(method, uri);
        if let Some(token) = auth_token {
            request = request.bearer_auth(token);
        }
        for (name, value) in headers {
            request = request.header(name, value);
        }
        if let Some(session_id) = session_id {
            request = request.header(SESSION_ID, session_id);
        }
        request
    }
}

fn client_error(error: &reqwest::Error, uri: &str) -> StreamableHttpError<HttpFailure> {
    StreamableHttpError::Client(HttpFailure::from_reqwest(error, uri))
}

/// 401 and 403 with a challenge use rmcp's own errors, so rmcp's authorization checks (and a
/// later OAuth flow) recognise them. Without a challenge they stay plain status failures.
fn auth_failure(response: &reqwest::Response) -> Option<StreamableHttpError<HttpFailure>> {
    let challenge = response
        .headers()
        .get(http::header::WWW_AUTHENTICATE)?
        .to_str()
        .ok()?
        .to_owned();
    match response.status() {
        StatusCode::UNAUTHORIZED => Some(StreamableHttpError::AuthRequired(
            AuthRequiredError::new(challenge),
        )),
        StatusCode::FORBIDDEN => Some(StreamableHttpError::InsufficientScope(
            InsufficientScopeError::new(challenge, None),
        )),
        _ => None,
    }
}

fn content_type(response: &reqwest::Response) -> Option<String> {
    response
        .headers()
        .get(http::header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .map(str::to_ascii_lowercase)
}

fn request_id(message: &ClientJsonRpcMessage) -> Option<rmcp::model::RequestId> {
    match message {
        ClientJsonRpcMessage::Request(request) => Some(request.id.clone()),
        _ => None,
    }
}

/// Decodes a message from the server with the posted message as the only request it can
/// answer. An error without an id is thereby attributed to that request (rmcp would leave the
/// request waiting forever), and a malformed answer fails it with a specific error.
fn decode_reply(bytes: &[u8], posted: &ClientJsonRpcMessage) -> VecDeque<ServerJsonRpcMessage> {
    let mut decoder = Decoder::default();
    decoder.sent(posted);
    let mut out = VecDeque::with_capacity(1);
    decoder.decode(bytes, &mut out);
    out
}

/// The answer to the posted request, when `replies` is exactly that.
fn sole_answer(
    mut replies: VecDeque<ServerJsonRpcMessage>,
    posted: &ClientJsonRpcMessage,
) -> Option<ServerJsonRpcMessage> {
    let id = request_id(posted)?;
    let reply = replies.pop_front()?;
    let answers = match &reply {
        ServerJsonRpcMessage::Response(response) => response.id == id,
        ServerJsonRpcMessage::Error(error) => error.id.as_ref() == Some(&id),
        _ => false,
    };
    (answers && replies.is_empty()).then_some(reply)
}

/// An event that carries a JSON-RPC message, as rmcp reads them.
fn carries_message(event: &sse_stream::Sse) -> bool {
    matches!(event.event.as_deref(), None | Some("") | Some("message"))
        && event.data.as_deref().is_some_and(|d| !d.trim().is_empty())
}

/// A POST's event stream: its answer as JSON when the answer comes first, else the whole
/// stream for rmcp (see the module comment).
async fn answer_or_stream(
    mut events: Events,
    posted: &ClientJsonRpcMessage,
    session_id: Option<String>,
) -> StreamableHttpPostResponse {
    // Events before the first message (a priming event carries only an id to resume from)
    // are replayed to rmcp if it gets the stream.
    let mut seen = Vec::new();
    while let Some(item) = events.next().await {
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
        if let Some(answer) = sole_answer(decode_reply(data.as_bytes(), posted), posted) {
            return StreamableHttpPostResponse::Json(answer, session_id);
        }
        seen.push(Ok(event));
        break;
    }
    let replay = futures::stream::iter(seen).chain(events).boxed();
    StreamableHttpPostResponse::Sse(replay, session_id)
}

/// What a JSON body answers. A body that is no message at all still fails the posted request
/// with a specific error rather than leaving it waiting.
fn json_answer(body: &[u8], posted: &ClientJsonRpcMessage) -> Option<ServerJsonRpcMessage> {
    let mut replies = decode_reply(body, posted);
    if replies.len() > 1 {
        tracing::warn!(
            extra = replies.len() - 1,
            "ignored messages that came with the answer in a JSON body"
        );
    }
    if let Some(id) = request_id(posted) {
        let position = replies.iter().position(|reply| match reply {
            ServerJsonRpcMessage::Response(response) => response.id == id,
            ServerJsonRpcMessage::Error(error) => error.id.as_ref() == Some(&id),
            _ => false,
        });
        if let Some(position) = position {
            return replies.remove(position);
        }
        let message = "the server's HTTP answer does not answer the request it was sent with";
        let error = Fault::NotJsonRpc.error(message.to_owned(), None);
        return Some(ServerJsonRpcMessage::error(error, Some(id)));
    }
    replies.pop_front()
}

/// What a failed status means for the posted message.
async fn failed_post(
    response: reqwest::Response,
    message: &ClientJsonRpcMessage,
    session_attached: bool,
    session_id: Option<String>,
) -> HttpResult<StreamableHttpPostResponse> {
    let status = response.status();
    let json = content_type(&response).is_some_and(|ct| ct.starts_with(JSON));
    if status == StatusCode::NOT_FOUND && session_attached {
        return Err(StreamableHttpError::SessionExpired);
    }
    let (failure, body) = HttpFailure::from_response_with_body(response).await;
    let error = if json {
        match decode_message(&body) {
            Ok(ServerJsonRpcMessage::Error(error)) => Some(error),
            _ => None,
        }
    } else {
        None
    };
    // A JSON-RPC error naming its request is an ordinary error answer: deliver it.
    if let Some(error) = &error {
        if error.id.is_some() {
            return Ok(StreamableHttpPostResponse::Json(
                ServerJsonRpcMessage::Error(error.clone()),
                session_id,
            ));
        }
    }
    // A restarted server answers a session it no longer knows with 400 and an id-less error.
    if status == StatusCode::BAD_REQUEST && session_attached {
        return Err(StreamableHttpError::SessionExpired);
    }
    // A pre-2026 server rejects `server/discover` (no session yet): hand rmcp a correlated
    // JSON-RPC error so its lifecycle falls back to `initialize`, as rmcp's own client does.
    let is_discover = matches!(
        message,
        ClientJsonRpcMessage::Request(request)
            if matches!(request.request, ClientRequest::DiscoverRequest(_))
    );
    let auth = matches!(status, StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN);
    if is_discover && status.is_client_error() && !auth {
        let data = match error {
            Some(error) => error.error,
            None => ErrorData::invalid_request(
                format!("server/discover rejected with HTTP {status}"),
                None,
            ),
        };
        return Ok(StreamableHttpPostResponse::Json(
            ServerJsonRpcMessage::error(data, request_id(message)),
            None,
        ));
    }
    Err(StreamableHttpError::Client(failure))
}

impl StreamableHttpClient for LodeHttpClient {
    type Error = HttpFailure;

    async fn post_message(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_token: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> HttpResult<StreamableHttpPostResponse> {
        let body = serde_json::to_vec(&message)?;
        let response = self
            .request(
                reqwest::Method::POST,
                &uri,
                session_id.as_deref(),
                auth_token,
                custom_headers,
            )
            .header(http::header::ACCEPT, format!("{JSON}, {EVENT_STREAM}"))
            .header(http::header::CONTENT_TYPE, JSON)
            .body(body)
            .send()
            .await
            .map_err(|e| client_error(&e, &uri))?;
        if let Some(error) = auth_failure(&response) {
            return Err(error);
        }
        let status = response.status();
        if matches!(status, StatusCode::ACCEPTED | StatusCode::NO_CONTENT) {
            return Ok(StreamableHttpPostResponse::Accepted);
        }
        let new_session = response
            .headers()
            .get(SESSION_ID)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned);
        if !status.is_success() {
            return failed_post(response, &message, session_id.is_some(), new_session).await;
        }
        let expects_answer = matches!(message, ClientJsonRpcMessage::Request(_));
        match content_type(&response) {
            Some(ct) if ct.starts_with(EVENT_STREAM) => Ok(answer_or_stream(
                event_stream(response, MAX_MESSAGE_BYTES),
                &message,
                new_session,
            )
            .await),
            Some(ct) if ct.starts_with(JSON) => {
                let body = read_body(response, MAX_MESSAGE_BYTES, false)
                    .await
                    .map_err(StreamableHttpError::Client)?;
                match json_answer(&body, &message) {
                    Some(answer) => Ok(StreamableHttpPostResponse::Json(answer, new_session)),
                    // Some servers answer a notification with an empty or odd 200 body.
                    None => Ok(StreamableHttpPostResponse::Accepted),
                }
            }
            _ if !expects_answer => Ok(StreamableHttpPostResponse::Accepted),
            other => Err(StreamableHttpError::UnexpectedContentType(other)),
        }
    }

    async fn delete_session(
        &self,
        uri: Arc<str>,
        session_id: Arc<str>,
        auth_token: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> HttpResult<()> {
        let response = self
            .request(
                reqwest::Method::DELETE,
                &uri,
                Some(&session_id),
                auth_token,
                custom_headers,
            )
            .send()
            .await
            .map_err(|e| client_error(&e, &uri))?;
        let status = response.status();
        // 405: the server keeps sessions until they expire; 404: it already forgot this one.
        if status.is_success()
            || status == StatusCode::METHOD_NOT_ALLOWED
            || status == StatusCode::NOT_FOUND
        {
            return Ok(());
        }
        Err(StreamableHttpError::Client(
            HttpFailure::from_response(response).await,
        ))
    }

    async fn get_stream(
        &self,
        uri: Arc<str>,
        session_id: Option<Arc<str>>,
        last_event_id: Option<String>,
        auth_token: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> HttpResult<BoxStream<'static, Result<Sse, SseError>>> {
        let mut request = self
            .request(
                reqwest::Method::GET,
                &uri,
                session_id.as_deref(),
                auth_token,
                custom_headers,
            )
            .header(http::header::ACCEPT, EVENT_STREAM);
        if let Some(id) = last_event_id {
            request = request.header(LAST_EVENT_ID, id);
        }
        let response = request.send().await.map_err(|e| client_error(&e, &uri))?;
        if response.status() == StatusCode::METHOD_NOT_ALLOWED {
            return Err(StreamableHttpError::ServerDoesNotSupportSse);
        }
        if let Some(error) = auth_failure(&response) {
            return Err(error);
        }
        if !response.status().is_success() {
            return Err(StreamableHttpError::Client(
                HttpFailure::from_response(response).await,
            ));
        }
        match content_type(&response) {
            Some(ct) if ct.starts_with(EVENT_STREAM) => {
                Ok(event_stream(response, MAX_MESSAGE_BYTES))
            }
            other => Err(StreamableHttpError::UnexpectedContentType(other)),
        }
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

    fn error_id(message: Option<ServerJsonRpcMessage>) -> Option<NumberOrString> {
        match message {
            Some(ServerJsonRpcMessage::Error(error)) => error.id,
            other => panic!("expected an error, got {other:?}"),
        }
    }

    #[test]
    fn an_id_less_error_answers_the_posted_request() {
        let body = br#"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"boom"}}"#;
        assert_eq!(
            error_id(json_answer(body, &ping(7))),
            Some(NumberOrString::Number(7))
        );
    }

    #[test]
    fn a_body_that_is_no_answer_still_fails_the_request() {
        for body in [
            &b"<html>oops</html>"[..],
            br#"{"jsonrpc":"2.0","id":99,"result":{}}"#,
        ] {
            assert_eq!(
                error_id(json_answer(body, &ping(7))),
                Some(NumberOrString::Number(7))
            );
        }
    }

    #[test]
    fn only_the_answer_itself_short_cuts_the_event_stream() {
        let answer = br#"{"jsonrpc":"2.0","id":7,"result":{}}"#;
        assert!(sole_answer(decode_reply(answer, &ping(7)), &ping(7)).is_some());
        let progress = br#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}"#;
        assert!(sole_answer(decode_reply(progress, &ping(7)), &ping(7)).is_none());
        let sampling = br#"{"jsonrpc":"2.0","id":1,"method":"sampling/createMessage","params":{"messages":[],"maxTokens":5}}"#;
        assert!(sole_answer(decode_reply(sampling, &ping(7)), &ping(7)).is_none());
    }
}
