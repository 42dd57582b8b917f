//! What both HTTP transports share: the reqwest client, the request headers (connection headers
//! plus credentials), typed failures, bounded bodies and SSE events, and the one function that
//! decodes a server message. Also builds the Streamable HTTP transport over our own client.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use http::{HeaderName, HeaderValue};
use lode_core::{Credentials, ErrorCode, LodeError, LodeResult};
use rmcp::model::ServerJsonRpcMessage;
use rmcp::transport::common::client_side_sse::ExponentialBackoff;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::StreamableHttpClientTransport;
use url::Url;

use super::http_client::LodeHttpClient;
use super::stdio::MAX_MESSAGE_BYTES;

/// The most of an error body kept in a message: enough to show what the server said.
const EXCERPT_CHARS: usize = 300;
/// Error bodies are read only this far; the excerpt needs far less.
const MAX_ERROR_BODY: usize = 64 * 1024;
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// Same-origin redirects followed per request.
const MAX_REDIRECTS: usize = 10;
/// Reconnects of a dropped SSE stream: rmcp's default retries forever.
const STREAM_RETRIES: usize = 5;

/// Why an HTTP exchange failed, with the URL (query removed: it may carry secrets) and
/// whatever the server said. `error.rs` turns it into a Lode error code.
#[derive(Debug)]
pub(crate) enum HttpFailure {
    /// No answer at all: DNS, connection refused or reset.
    Unreachable {
        url: String,
        reason: String,
    },
    /// The TLS handshake or the certificate check failed.
    Tls {
        url: String,
        reason: String,
    },
    TimedOut {
        url: String,
    },
    /// The server answered with an error status.
    Status {
        url: String,
        status: u16,
        excerpt: String,
        challenge: Option<String>,
    },
    /// A body or one SSE event was larger than Lode accepts.
    TooLarge {
        url: String,
        limit: usize,
    },
    /// The server answered something that is not the protocol.
    Protocol {
        url: String,
        reason: String,
    },
    /// The connection broke while a body or stream was being read.
    Interrupted {
        url: String,
        reason: String,
    },
}

impl fmt::Display for HttpFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unreachable { url, reason } => write!(f, "could not reach {url}: {reason}"),
            Self::Tls { url, reason } => write!(f, "TLS with {url} failed: {reason}"),
            Self::TimedOut { url } => write!(f, "{url} did not answer in time"),
            Self::Status {
                url,
                status,
                excerpt,
                ..
            } => {
                write!(f, "{url} answered HTTP {status}")?;
                if let Some(reason) = http::StatusCode::from_u16(*status)
                    .ok()
                    .and_then(|s| s.canonical_reason())
                {
                    write!(f, " {reason}")?;
                }
                if !excerpt.is_empty() {
                    write!(f, ": {excerpt}")?;
                }
                Ok(())
            }
            Self::TooLarge { url, limit } => write!(
                f,
                "{url} sent a message larger than {} MiB",
                limit / (1024 * 1024)
            ),
            Self::Protocol { url, reason } => write!(f, "{url}: {reason}"),
            Self::Interrupted { url, reason } => {
                write!(f, "the connection to {url} broke: {reason}")
            }
        }
    }
}

impl std::error::Error for HttpFailure {}

impl HttpFailure {
    /// Classifies a reqwest error: TLS, timeout, unreachable, or a broken body.
    pub(crate) fn from_reqwest(error: &reqwest::Error, url: &str) -> Self {
        let url = display_url(url);
        let reason = root_cause(error);
        if is_tls(error) {
            Self::Tls { url, reason }
        } else if error.is_timeout() {
            Self::TimedOut { url }
        } else if error.is_connect() || error.is_request() {
            Self::Unreachable { url, reason }
        } else {
            Self::Interrupted { url, reason }
        }
    }

    /// A failed status: reads (a bounded part of) the body for the excerpt.
    pub(crate) async fn from_response(response: reqwest::Response) -> Self {
        Self::from_response_with_body(response).await.0
    }

    /// Like `from_response`, also returning the (bounded) body for callers that parse it.
    pub(crate) async fn from_response_with_body(response: reqwest::Response) -> (Self, Vec<u8>) {
        let url = display_url(response.url().as_str());
        let status = response.status().as_u16();
        let challenge = response
            .headers()
            .get(http::header::WWW_AUTHENTICATE)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned);
        let body = read_body(response, MAX_ERROR_BODY, true)
            .await
            .unwrap_or_default();
        let failure = Self::Status {
            url,
            status,
            excerpt: excerpt(&body),
            challenge,
        };
        (failure, body)
    }
}

/// A URL without its query and fragment, which may carry tokens.
pub(crate) fn display_url(url: &str) -> String {
    match Url::parse(url) {
        Ok(mut parsed) => {
            parsed.set_query(None);
            parsed.set_fragment(None);
            let _ = parsed.set_password(None);
            let _ = parsed.set_username("");
            parsed.to_string()
        }
        Err(_) => url.to_owned(),
    }
}

/// The first `EXCERPT_CHARS` characters of a body, whitespace collapsed.
pub(crate) fn excerpt(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(body);
    let mut out: String = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(EXCERPT_CHARS + 1)
        .collect();
    if out.chars().count() > EXCERPT_CHARS {
        out = out.chars().take(EXCERPT_CHARS - 1).collect();
        out.push('…');
    }
    out
}

fn root_cause(error: &(dyn std::error::Error + 'static)) -> String {
    let mut current = error;
    while let Some(next) = current.source() {
        current = next;
    }
    current.to_string()
}

/// A rustls error somewhere in the chain. It sits inside (nested) `io::Error`s, whose `source()`
/// skips the error they wrap, so those are unwrapped with `get_ref()` instead.
fn is_tls(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut current = Some(error);
    while let Some(err) = current {
        if err.is::<rustls::Error>() {
            return true;
        }
        current = match err
            .downcast_ref::<std::io::Error>()
            .and_then(|io| io.get_ref())
        {
            Some(inner) => Some(inner as &(dyn std::error::Error + 'static)),
            None => err.source(),
        };
    }
    false
}

/// Reads a whole body, refusing more than `limit` bytes. With `lossy`, a broken body returns
/// what arrived (for error excerpts).
pub(crate) async fn read_body(
    mut response: reqwest::Response,
    limit: usize,
    lossy: bool,
) -> Result<Vec<u8>, HttpFailure> {
    let url = response.url().to_string();
    let hint = response.content_length().unwrap_or(0);
    if hint > limit as u64 && !lossy {
        return Err(HttpFailure::TooLarge {
            url: display_url(&url),
            limit,
        });
    }
    // One allocation for a body of known size: a 26 MB listing is not copied while growing.
    let mut body = Vec::with_capacity(hint.min(limit as u64) as usize);
    loop {
        match response.chunk().await {
            Ok(Some(chunk)) if body.len() + chunk.len() > limit => {
                if lossy {
                    body.extend_from_slice(&chunk[..limit - body.len()]);
                    return Ok(body);
                }
                return Err(HttpFailure::TooLarge {
                    url: display_url(&url),
                    limit,
                });
            }
            Ok(Some(chunk)) => body.extend_from_slice(&chunk),
            Ok(None) => return Ok(body),
            Err(_) if lossy => return Ok(body),
            Err(error) => return Err(HttpFailure::from_reqwest(&error, &url)),
        }
    }
}

/// The one place server messages are decoded (a faster decoder can replace it).
pub(crate) fn decode_message(bytes: &[u8]) -> Result<ServerJsonRpcMessage, serde_json::Error> {
    serde_json::from_slice(bytes)
}

/// The reqwest client both transports use for the server at `url`: a bounded connect time,
/// and redirects only within the same origin (credentials and the session must never follow a
/// redirect elsewhere).
///
/// A plain `http` server never needs TLS: a redirect to `https` would change the origin and is
/// not followed. Its client skips loading the system's trusted certificates, which is most of
/// the time it takes to connect to a local server (~3 of 15 ms).
pub(crate) fn http_client(url: &Url) -> LodeResult<reqwest::Client> {
    let mut builder = reqwest::Client::builder();
    if url.scheme() == "http" {
        builder = builder.tls_certs_only(std::iter::empty());
    }
    builder
        .connect_timeout(CONNECT_TIMEOUT)
        .tcp_nodelay(true)
        .redirect(reqwest::redirect::Policy::custom(|attempt| {
            let same_origin = attempt
                .previous()
                .first()
                .is_some_and(|first| first.origin() == attempt.url().origin());
            // 301/302/303 would turn a POST into a body-less GET and lose the message.
            let keeps_body = matches!(
                attempt.status(),
                reqwest::StatusCode::TEMPORARY_REDIRECT | reqwest::StatusCode::PERMANENT_REDIRECT
            );
            if same_origin && keeps_body && attempt.previous().len() <= MAX_REDIRECTS {
                attempt.follow()
            } else {
                attempt.stop()
            }
        }))
        .build()
        .map_err(|e| {
            LodeError::new(
                ErrorCode::Internal,
                format!("could not set up the HTTP client: {e}"),
            )
        })
}

/// Parses a server URL; only http and https are MCP transports.
pub(crate) fn parse_url(url: &str) -> LodeResult<Url> {
    let parsed = Url::parse(url).map_err(|e| {
        LodeError::new(
            ErrorCode::InvalidInput,
            format!("`{}` is not a valid URL: {e}", display_url(url)),
        )
    })?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            format!("`{}` is not an http or https URL", display_url(url)),
        ));
    }
    Ok(parsed)
}

/// The headers sent with every request: the connection's own, then the credentials (which win
/// over a same-named connection header). The bearer token is included only when asked, because
/// the Streamable HTTP transport sends it through rmcp's `auth_header`.
pub(crate) fn request_headers(
    headers: &BTreeMap<String, String>,
    credentials: &Credentials,
    include_bearer: bool,
) -> LodeResult<HashMap<HeaderName, HeaderValue>> {
    let mut map = HashMap::new();
    for (name, value) in headers {
        let name = header_name(name)?;
        if is_reserved(&name) {
            return Err(LodeError::new(
                ErrorCode::InvalidInput,
                format!("the header `{name}` is set by Lode itself and cannot be configured"),
            ));
        }
        let value = HeaderValue::from_str(value).map_err(|_| {
            LodeError::new(
                ErrorCode::InvalidInput,
                format!("the value of header `{name}` is not valid in HTTP"),
            )
        })?;
        map.insert(name, value);
    }
    if credentials.bearer_token.is_some() {
        map.remove(&http::header::AUTHORIZATION);
    }
    for (name, value) in credentials.headers() {
        let name = header_name(&name)?;
        if name == http::header::AUTHORIZATION && !include_bearer {
            continue;
        }
        // Never echo a secret in an error message, only the header it belongs to.
        let mut value = HeaderValue::from_str(&value).map_err(|_| {
            LodeError::new(
                ErrorCode::InvalidInput,
                format!("the secret for header `{name}` is not valid in HTTP"),
            )
        })?;
        value.set_sensitive(true);
        map.insert(name, value);
    }
    Ok(map)
}

fn header_name(name: &str) -> LodeResult<HeaderName> {
    HeaderName::from_bytes(name.trim().as_bytes()).map_err(|_| {
        LodeError::new(
            ErrorCode::InvalidInput,
            format!("`{name}` is not a valid HTTP header name"),
        )
    })
}

/// Headers the transports manage: overriding them would break the protocol.
fn is_reserved(name: &HeaderName) -> bool {
    [
        "accept",
        "content-type",
        "content-length",
        "host",
        "mcp-session-id",
        "mcp-protocol-version",
        "last-event-id",
    ]
    .contains(&name.as_str())
}

/// Streamable HTTP over Lode's own client: credentials on every request (the GET stream too,
/// since rmcp passes `auth_header` and the custom headers to every call), events up to 256 MiB,
/// and a bounded reconnect policy.
pub(crate) fn streamable(
    url: &str,
    headers: &BTreeMap<String, String>,
    credentials: &Credentials,
) -> LodeResult<StreamableHttpClientTransport<LodeHttpClient>> {
    let url = parse_url(url)?;
    let mut config = StreamableHttpClientTransportConfig::with_uri(url.as_str())
        .custom_headers(request_headers(headers, credentials, false)?)
        .max_sse_event_size(MAX_MESSAGE_BYTES)
        .reinit_on_expired_session(true);
    if let Some(token) = &credentials.bearer_token {
        config = config.auth_header(token.clone());
    }
    let mut backoff = ExponentialBackoff::default();
    backoff.max_times = Some(STREAM_RETRIES);
    backoff.base_duration = Duration::from_millis(500);
    backoff.max_delay = Some(Duration::from_secs(8));
    config.retry_config = Arc::new(backoff);
    Ok(StreamableHttpClientTransport::with_client(
        LodeHttpClient::new(http_client(&url)?),
        config,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_are_short_and_urls_lose_their_query() {
        let long = "word ".repeat(200);
        let cut = excerpt(long.as_bytes());
        assert_eq!(cut.chars().count(), EXCERPT_CHARS);
        assert!(cut.ends_with('…'));
        assert_eq!(excerpt(b"  short\n body "), "short body");
        assert_eq!(
            display_url("https://u:p@h.example/mcp?key=secret#x"),
            "https://h.example/mcp"
        );
    }

    #[test]
    fn credentials_win_and_reserved_headers_are_refused() {
        let credentials = Credentials {
            bearer_token: Some("t".into()),
            secret_headers: Vec::new(),
        };
        let headers = BTreeMap::from([("Authorization".to_owned(), "Basic x".to_owned())]);
        let map = request_headers(&headers, &credentials, false).unwrap_or_default();
        assert!(!map.contains_key(&http::header::AUTHORIZATION));
        let map = request_headers(&headers, &credentials, true).unwrap_or_default();
        assert_eq!(
            map.get(&http::header::AUTHORIZATION)
                .map(|v| v.as_bytes().to_vec()),
            Some(b"Bearer t".to_vec())
        );
        let reserved = BTreeMap::from([("Mcp-Session-Id".to_owned(), "x".to_owned())]);
        assert!(request_headers(&reserved, &Credentials::default(), true).is_err());
    }
}
