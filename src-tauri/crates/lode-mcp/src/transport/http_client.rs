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
//! Answers are decoded by Lode's own decoder (`http_answer.rs`), not by rmcp.

use std::collections::HashMap;
use std::sync::Arc;

use futures::stream::BoxStream;
use http::{HeaderName, HeaderValue, StatusCode};
use rmcp::model::{ClientJsonRpcMessage, ClientRequest, ErrorData, ServerJsonRpcMessage};
use rmcp::transport::streamable_http_client::{
    AuthRequiredError, InsufficientScopeError, SseError, StreamableHttpClient, StreamableHttpError,
    StreamableHttpPostResponse,
};
use sse_stream::Sse;

use super::gated_events::event_stream;
use super::http_answer::{self, request_id};
use super::limits::MAX_MESSAGE_BYTES;
use super::tap::Tap;
use crate::decoding::decode_message;
use crate::http_failure::HttpFailure;

type HttpResult<T> = Result<T, StreamableHttpError<HttpFailure>>;

const SESSION_ID: &str = "mcp-session-id";
const LAST_EVENT_ID: &str = "last-event-id";
const EVENT_STREAM: &str = "text/event-stream";
const JSON: &str = "application/json";

#[derive(Clone)]
pub(crate) struct LodeHttpClient {
    client: reqwest::Client,
    /// Records every message posted and received from its bytes (the protocol history).
    tap: Tap,
}

impl LodeHttpClient {
    pub(crate) fn new(client: reqwest::Client, tap: Tap) -> Self {
        Self { client, tap }
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
        self.tap.sent_bytes(&message, &body);
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
            Some(ct) if ct.starts_with(EVENT_STREAM) => {
                let answer = http_answer::from_events(response, &message, new_session, &self.tap);
                Ok(answer.await)
            }
            Some(ct) if ct.starts_with(JSON) => {
                let answer = http_answer::from_json(response, &message, &self.tap)
                    .await
                    .map_err(StreamableHttpError::Client)?;
                match answer {
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
            Some(ct) if ct.starts_with(EVENT_STREAM) => Ok(http_answer::recorded(
                event_stream(response, MAX_MESSAGE_BYTES),
                &self.tap,
            )),
            other => Err(StreamableHttpError::UnexpectedContentType(other)),
        }
    }
}
