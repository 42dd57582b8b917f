//! The legacy HTTP+SSE transport of protocol 2024-11-05, which rmcp no longer ships: one long GET
//! whose event stream first names (`endpoint` event) the URL to POST client messages to, then
//! carries every server message as a `message` event. Headers and credentials go on the GET and
//! on every POST; the endpoint must be on the server's own origin so they go nowhere else.

use std::collections::BTreeMap;
use std::future::Future;
use std::sync::{Arc, OnceLock};

use futures::StreamExt;
use http::HeaderMap;
use lode_core::{Credentials, LodeResult};
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
use rmcp::transport::Transport;
use rmcp::RoleClient;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use url::Url;

use super::event_stream::{EventError, Events};
use super::gated_events::event_stream;
use super::http::{http_client, parse_url, request_headers};
use super::limits::MAX_MESSAGE_BYTES;
use super::tap::Tap;
use crate::decoding::decode_message;
use crate::error::from_http_failure;
use crate::http_failure::{display_url, read_body, HttpFailure};

/// Messages read ahead of the service; back-pressure beyond that slows the server's stream.
const INCOMING_BUFFER: usize = 64;
/// A POST answer is normally "Accepted"; it is read only so the connection can be reused.
const MAX_POST_ANSWER: usize = 64 * 1024;

/// An open legacy SSE session. Dropping it ends the stream (and the server's session).
pub(crate) struct LegacySseTransport {
    client: reqwest::Client,
    endpoint: Arc<str>,
    headers: Arc<HeaderMap>,
    incoming: mpsc::Receiver<ServerJsonRpcMessage>,
    /// Why the event stream ended, for the sends that come after it.
    ended: Arc<OnceLock<String>>,
    reader: JoinHandle<()>,
    /// Records every message in and out from its bytes (the protocol history).
    tap: Tap,
}

/// Opens the event stream and waits for the endpoint to post to.
pub(crate) async fn connect(
    url: &str,
    headers: &BTreeMap<String, String>,
    credentials: &Credentials,
    server: &str,
    tap: Tap,
) -> LodeResult<LegacySseTransport> {
    let what = format!("connecting to {server}");
    let sse_url = parse_url(url)?;
    let headers: HeaderMap = request_headers(headers, credentials, true)?
        .into_iter()
        .collect();
    let client = http_client(&sse_url)?;
    let (endpoint, events) = open_stream(&client, &sse_url, &headers)
        .await
        .map_err(|e| from_http_failure(&e, &what))?;

    let (sender, incoming) = mpsc::channel(INCOMING_BUFFER);
    let ended = Arc::new(OnceLock::new());
    let url = display_url(url);
    let reader = tokio::spawn(read_events(events, sender, ended.clone(), url, tap.clone()));
    Ok(LegacySseTransport {
        client,
        endpoint: endpoint.as_str().into(),
        headers: Arc::new(headers),
        incoming,
        ended,
        reader,
        tap,
    })
}

async fn open_stream(
    client: &reqwest::Client,
    sse_url: &Url,
    headers: &HeaderMap,
) -> Result<(Url, Events), HttpFailure> {
    let response = client
        .get(sse_url.clone())
        .headers(headers.clone())
        .header(http::header::ACCEPT, "text/event-stream")
        .send()
        .await
        .map_err(|e| HttpFailure::from_reqwest(&e, sse_url.as_str()))?;
    if !response.status().is_success() {
        return Err(HttpFailure::from_response(response).await);
    }
    let content_type = response
        .headers()
        .get(http::header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase();
    if !content_type.starts_with("text/event-stream") {
        return Err(protocol(
            sse_url,
            format!(
                "answered `{content_type}` instead of an event stream \
                 (a Streamable HTTP server needs the HTTP transport, not SSE)"
            ),
        ));
    }
    let mut events = event_stream(response, MAX_MESSAGE_BYTES);
    loop {
        match events.next().await {
            Some(Ok(event)) if event.event.as_deref() == Some("endpoint") => {
                let endpoint = resolve_endpoint(sse_url, event.data.as_deref().unwrap_or(""))?;
                return Ok((endpoint, events));
            }
            // Nothing can be answered before the endpoint is known.
            Some(Ok(_)) => tracing::debug!("ignoring an SSE event before the endpoint"),
            Some(Err(error)) => return Err(stream_failure(sse_url, &error)),
            None => {
                return Err(protocol(
                    sse_url,
                    "the event stream ended before naming the endpoint to post to".to_owned(),
                ))
            }
        }
    }
}

/// The endpoint may be relative to the SSE URL; on another origin it would receive the
/// credentials meant for this server, so it is refused.
fn resolve_endpoint(sse_url: &Url, data: &str) -> Result<Url, HttpFailure> {
    let endpoint = sse_url
        .join(data.trim())
        .map_err(|e| protocol(sse_url, format!("the endpoint event is not a URL ({e})")))?;
    if endpoint.origin() != sse_url.origin() {
        return Err(protocol(
            sse_url,
            format!(
                "the server named an endpoint on another origin ({}); Lode posts only to the \
                 server it connected to",
                endpoint.origin().ascii_serialization()
            ),
        ));
    }
    Ok(endpoint)
}

fn protocol(url: &Url, reason: String) -> HttpFailure {
    HttpFailure::Protocol {
        url: display_url(url.as_str()),
        reason,
    }
}

/// A broken stream: our own failure (too large, connection lost) if that is the cause.
fn stream_failure(url: &Url, error: &EventError) -> HttpFailure {
    use std::error::Error as _;
    match error.source().and_then(|s| s.downcast_ref::<HttpFailure>()) {
        Some(HttpFailure::TooLarge { limit, .. }) => HttpFailure::TooLarge {
            url: display_url(url.as_str()),
            limit: *limit,
        },
        _ => HttpFailure::Interrupted {
            url: display_url(url.as_str()),
            reason: error.to_string(),
        },
    }
}

/// Forwards `message` events until the stream ends, then records why.
async fn read_events(
    mut events: Events,
    sender: mpsc::Sender<ServerJsonRpcMessage>,
    ended: Arc<OnceLock<String>>,
    url: String,
    tap: Tap,
) {
    let reason = loop {
        let event = match events.next().await {
            Some(Ok(event)) => event,
            Some(Err(error)) => break format!("the event stream broke: {error}"),
            None => break "the server closed the event stream".to_owned(),
        };
        if !matches!(event.event.as_deref(), None | Some("message")) {
            continue;
        }
        let Some(data) = event.data.filter(|d| !d.trim().is_empty()) else {
            continue;
        };
        let decoded = decode_message(data.as_bytes());
        let bytes = data.as_bytes();
        let head = &bytes[..bytes.len().min(tap.keep_bytes())];
        tap.received_bytes(head, bytes.len(), decoded.iter());
        match decoded {
            Ok(message) => {
                if sender.send(message).await.is_err() {
                    return; // the transport is gone
                }
            }
            // The request it answers times out; the session stays usable for the others.
            Err(error) => {
                tracing::warn!(%url, "skipping an SSE message that is not JSON-RPC: {error}")
            }
        }
    };
    tracing::warn!(%url, "legacy SSE session ended: {reason}");
    let _ = ended.set(reason);
}

impl Transport<RoleClient> for LegacySseTransport {
    type Error = HttpFailure;

    fn send(
        &mut self,
        item: ClientJsonRpcMessage,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        let client = self.client.clone();
        let endpoint = self.endpoint.clone();
        let headers = self.headers.clone();
        let ended = self.ended.clone();
        let body = serde_json::to_vec(&item);
        if let Ok(body) = &body {
            self.tap.sent_bytes(&item, body);
        }
        async move {
            let url = display_url(&endpoint);
            if let Some(reason) = ended.get() {
                return Err(HttpFailure::Interrupted {
                    url,
                    reason: reason.clone(),
                });
            }
            let body = body.map_err(|e| HttpFailure::Protocol {
                url: url.clone(),
                reason: format!("could not encode the message: {e}"),
            })?;
            let response = client
                .post(&*endpoint)
                .headers((*headers).clone())
                .header(http::header::CONTENT_TYPE, "application/json")
                .body(body)
                .send()
                .await
                .map_err(|e| HttpFailure::from_reqwest(&e, &endpoint))?;
            if !response.status().is_success() {
                return Err(HttpFailure::from_response(response).await);
            }
            // The answer arrives on the event stream; the body is read only to free the socket.
            let _ = read_body(response, MAX_POST_ANSWER, true).await;
            Ok(())
        }
    }

    fn receive(&mut self) -> impl Future<Output = Option<ServerJsonRpcMessage>> + Send {
        self.incoming.recv()
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.reader.abort();
        self.incoming.close();
        Ok(())
    }
}

impl Drop for LegacySseTransport {
    fn drop(&mut self) {
        self.reader.abort();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoints_resolve_against_the_stream_and_stay_on_its_origin() {
        let base = Url::parse("http://127.0.0.1:3001/sse?x=1").expect("url");
        let endpoint = resolve_endpoint(&base, " /message?sessionId=abc\n").expect("relative");
        assert_eq!(
            endpoint.as_str(),
            "http://127.0.0.1:3001/message?sessionId=abc"
        );
        assert!(resolve_endpoint(&base, "http://127.0.0.1:3001/m").is_ok());
        assert!(resolve_endpoint(&base, "http://evil.example/m").is_err());
        assert!(resolve_endpoint(&base, "https://127.0.0.1:3001/m").is_err());
    }
}
