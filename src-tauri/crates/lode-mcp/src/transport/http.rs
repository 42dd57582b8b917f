//! What both HTTP transports share: the reqwest client and the request headers (connection
//! headers plus credentials). Also builds the Streamable HTTP transport over our own client.
//! Their failures are `crate::http_failure`'s.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::Duration;

use http::{HeaderName, HeaderValue};
use lode_core::{Credentials, ErrorCode, LodeError, LodeResult};
use rmcp::transport::common::client_side_sse::ExponentialBackoff;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use url::Url;

use super::http_client::LodeHttpClient;
use super::http_session::StreamableSession;
use super::limits::MAX_MESSAGE_BYTES;
use super::tap::Tap;
use crate::http_failure::display_url;

const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// Same-origin redirects followed per request.
const MAX_REDIRECTS: usize = 10;
/// Reconnects of a dropped SSE stream: rmcp's default retries forever.
const STREAM_RETRIES: usize = 5;

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
/// and a bounded reconnect policy; its close cannot hang on a flooding server (`http_session.rs`).
pub(crate) fn streamable(
    url: &str,
    headers: &BTreeMap<String, String>,
    credentials: &Credentials,
    tap: Tap,
) -> LodeResult<StreamableSession> {
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
    Ok(StreamableSession::start(
        LodeHttpClient::new(http_client(&url)?, tap),
        config,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_win_and_reserved_headers_are_refused() {
        let credentials = Credentials {
            bearer_token: Some("t".into()),
            ..Credentials::default()
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
