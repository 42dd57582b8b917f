//! Streamable HTTP: every message is one POST to the server's URL; the answer comes back as
//! JSON or as an event stream. The session id from `initialize` goes on every later request.
//! reqwest is async, so a current-thread runtime (no thread hop, like lode-bench-client's)
//! drives each POST to its end before the call returns.

use std::error::Error;

use reqwest::header::{HeaderValue, ACCEPT, CONTENT_TYPE};
use reqwest::{Client, Response, StatusCode};
use serde::de::DeserializeOwned;
use tokio::runtime::Runtime;

use crate::session::Transport;
use crate::{sse, wire};

const SESSION_HEADER: &str = "mcp-session-id";
const VERSION_HEADER: &str = "mcp-protocol-version";

pub struct HttpSession {
    runtime: Runtime,
    client: Client,
    url: String,
    session: Option<HeaderValue>,
    version: Option<HeaderValue>,
    /// Every response body, one after the other: grown once, reused by every page.
    body: Vec<u8>,
}

/// What a POST brought back.
struct Answer {
    status: StatusCode,
    event_stream: bool,
}

impl HttpSession {
    pub fn new(url: &str) -> Result<Self, String> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the async runtime: {e}"))?;
        // No timeouts: the orchestrator's limit covers the whole run.
        // A plain-http server needs no trust store; loading it would cost the floor ~8 ms of
        // its connect time (Lode skips it the same way).
        let mut builder = Client::builder();
        if url.starts_with("http://") {
            builder = builder.tls_certs_only(std::iter::empty());
        }
        let client = builder
            .build()
            .map_err(|e| format!("cannot build the HTTP client: {}", chain(&e)))?;
        Ok(Self {
            runtime,
            client,
            url: url.to_string(),
            session: None,
            version: None,
            body: Vec::new(),
        })
    }

    /// POSTs one message and reads the whole answer into `self.body`.
    fn post(&mut self, message: Vec<u8>) -> Result<Answer, String> {
        let mut request = self
            .client
            .post(&self.url)
            .header(ACCEPT, "application/json, text/event-stream")
            .header(CONTENT_TYPE, "application/json")
            .body(message);
        if let Some(session) = &self.session {
            request = request.header(SESSION_HEADER, session.clone());
        }
        if let Some(version) = &self.version {
            request = request.header(VERSION_HEADER, version.clone());
        }
        let body = &mut self.body;
        let url = &self.url;
        let response = self.runtime.block_on(async {
            let response = request
                .send()
                .await
                .map_err(|e| format!("POST {url}: {}", chain(&e)))?;
            collect(response, body)
                .await
                .map_err(|e| format!("reading the answer from {url}: {}", chain(&e)))
        })?;
        if let Some(session) = response.headers().get(SESSION_HEADER) {
            self.session = Some(session.clone());
        }
        let event_stream = response
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("text/event-stream"));
        Ok(Answer {
            status: response.status(),
            event_stream,
        })
    }
}

/// The body, chunk after chunk, into the reused buffer; the response keeps its headers.
async fn collect(mut response: Response, body: &mut Vec<u8>) -> reqwest::Result<Response> {
    body.clear();
    while let Some(chunk) = response.chunk().await? {
        body.extend_from_slice(&chunk);
    }
    Ok(response)
}

impl Transport for HttpSession {
    fn request<T: DeserializeOwned>(&mut self, id: u64, message: Vec<u8>) -> Result<T, String> {
        let answer = self.post(message)?;
        if !answer.status.is_success() {
            return Err(format!(
                "response {id}: HTTP {}: {}",
                answer.status,
                excerpt(&self.body)
            ));
        }
        let found = if answer.event_stream {
            sse::find(&self.body, |data| wire::response(data, id))?
        } else {
            wire::response(&self.body, id)?
        };
        found.ok_or_else(|| format!("the answer to request {id} does not hold its response"))
    }

    fn notify(&mut self, message: Vec<u8>) -> Result<(), String> {
        let answer = self.post(message)?;
        if answer.status.is_success() {
            Ok(())
        } else {
            Err(format!(
                "notification refused: HTTP {}: {}",
                answer.status,
                excerpt(&self.body)
            ))
        }
    }

    fn negotiated(&mut self, protocol_version: &str) {
        self.version = HeaderValue::from_str(protocol_version).ok();
    }

    /// Ends the session on the server, as a polite client does; the answer does not matter.
    fn close(self) {
        let Some(session) = self.session else {
            return;
        };
        let request = self
            .client
            .delete(&self.url)
            .header(SESSION_HEADER, session);
        let _ = self.runtime.block_on(request.send());
    }
}

/// reqwest's own message is only "error sending request"; the causes say what happened.
fn chain(error: &dyn Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

/// The start of an error body, enough to say what the server objected to.
fn excerpt(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(&body[..body.len().min(200)]);
    text.trim().to_string()
}
