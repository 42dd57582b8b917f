//! One GET and its answer: the body read under a size cap, HTTP statuses and reqwest failures
//! mapped to Lode's typed errors.

use lode_core::{ErrorCode, LodeError, LodeResult};
use reqwest::header::{HeaderName, ACCEPT, LOCATION, WWW_AUTHENTICATE};
use reqwest::{Response, StatusCode, Url};
use serde_json::Value;

use super::{endpoint, RestClient};
use crate::error::timed_out;
use crate::http_failure::excerpt;

/// How much of an error answer Lode reads: enough for any `{"error": …}`, and an HTML error
/// page is only ever shown as an excerpt.
const ERROR_BODY_BYTES: u64 = 64 * 1024;

impl RestClient {
    /// GETs `url` and parses a successful answer as JSON. `what` starts every error message.
    pub(super) async fn get_json(&self, url: Url, what: &str) -> LodeResult<Value> {
        self.get_json_with_status(url, what)
            .await
            .map_err(|(_, error)| error)
    }

    /// [`RestClient::get_json`], the error paired with the status the server answered (`None`
    /// when the failure was not an error status).
    pub(super) async fn get_json_with_status(
        &self,
        url: Url,
        what: &str,
    ) -> Result<Value, (Option<StatusCode>, LodeError)> {
        let shown = endpoint::shown(&url);
        let response = self
            .http
            .get(url)
            .header(ACCEPT, "application/json")
            .send()
            .await
            .map_err(|e| (None, self.failed(&e, what, &shown)))?;
        let status = response.status();
        if !status.is_success() {
            return Err((Some(status), status_error(response, what).await));
        }
        let too_large = || {
            LodeError::new(
                ErrorCode::Protocol,
                format!(
                    "{what}: the answer is larger than {}; Lode stops reading there",
                    byte_size(self.body_limit)
                ),
            )
        };
        // A server that announces a huge body is refused before anything is downloaded.
        if response
            .content_length()
            .is_some_and(|n| n > self.body_limit)
        {
            return Err((None, too_large()));
        }
        let (body, complete) = read_body(response, self.body_limit)
            .await
            .map_err(|e| (None, self.failed(&e, what, &shown)))?;
        if !complete {
            return Err((None, too_large()));
        }
        serde_json::from_slice(&body).map_err(|e| {
            let error = LodeError::new(
                ErrorCode::Protocol,
                format!("{what}: the answer is not valid JSON ({e})"),
            )
            .with_detail(excerpt(&body));
            (None, error)
        })
    }

    /// A request that got no (complete) answer.
    fn failed(&self, error: &reqwest::Error, what: &str, shown: &str) -> LodeError {
        let cause = root_cause(error);
        if error.is_timeout() {
            return timed_out(what, self.timeout);
        }
        if is_tls_failure(error) {
            return LodeError::new(
                ErrorCode::Tls,
                format!("{what}: the TLS connection to {shown} failed: {cause}"),
            );
        }
        if error.is_body() || error.is_decode() {
            return LodeError::new(
                ErrorCode::TransportClosed,
                format!("{what}: the connection broke while reading the answer: {cause}"),
            );
        }
        if error.is_redirect() {
            return LodeError::new(ErrorCode::Http, format!("{what}: {cause}"));
        }
        LodeError::new(
            ErrorCode::TransportClosed,
            format!("could not reach {shown}: {cause}"),
        )
    }
}

/// Reads the body up to `limit` bytes, keeping a running total so a huge or endless answer
/// never sits in memory. `false` means the body went past `limit` (and was not read further).
pub(super) async fn read_body(
    mut response: Response,
    limit: u64,
) -> Result<(Vec<u8>, bool), reqwest::Error> {
    // On a 32-bit target a limit past usize::MAX is no limit at all.
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await? {
        let room = limit.saturating_sub(body.len());
        if chunk.len() > room {
            body.extend_from_slice(&chunk[..room]);
            return Ok((body, false));
        }
        body.extend_from_slice(&chunk);
    }
    Ok((body, true))
}

/// An answer with an error status. 400/404/405 carry the server's `{"error": "…"}` text.
pub(super) async fn status_error(response: Response, what: &str) -> LodeError {
    let status = response.status();
    let header = |name: HeaderName| {
        let value = response.headers().get(name)?.to_str().ok()?;
        Some(value.to_owned())
    };
    let challenge = header(WWW_AUTHENTICATE);
    let location = header(LOCATION);
    // The status alone is enough to report, so a body that fails to arrive is simply empty.
    let body = read_body(response, ERROR_BODY_BYTES)
        .await
        .map(|(body, _)| body)
        .unwrap_or_default();
    let server_says = server_error_text(&body);
    let said = |fallback: &str| match &server_says {
        Some(text) => format!("{what}: {text}"),
        None => format!("{what}: {fallback} (HTTP {status})"),
    };
    let error = match status {
        StatusCode::NOT_FOUND => LodeError::new(ErrorCode::NotFound, said("not found")),
        StatusCode::BAD_REQUEST => LodeError::new(
            ErrorCode::InvalidParams,
            said("the server refused the request"),
        ),
        StatusCode::METHOD_NOT_ALLOWED => LodeError::new(
            ErrorCode::MethodNotFound,
            said("the server does not offer this"),
        ),
        StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN => {
            let verdict = if status == StatusCode::UNAUTHORIZED {
                "the server requires authorization"
            } else {
                "the server refused access with these credentials"
            };
            let message = match &server_says {
                Some(text) => format!("{what}: {verdict} (HTTP {status}): {text}"),
                None => format!("{what}: {verdict} (HTTP {status})"),
            };
            let error = LodeError::new(ErrorCode::AuthRequired, message);
            return match challenge {
                Some(challenge) => error.with_detail(format!("WWW-Authenticate: {challenge}")),
                None => error,
            };
        }
        _ if status.is_redirection() => {
            let to = location.unwrap_or_else(|| "nowhere".to_owned());
            let message = format!(
                "{what}: the server redirects to {to}; Lode follows redirects only within the \
                 same origin, so the connection's headers never reach another host"
            );
            return LodeError::new(ErrorCode::Http, message);
        }
        _ => {
            let message = format!("{what}: the server answered HTTP {status}");
            return LodeError::new(ErrorCode::Http, message).with_detail(excerpt(&body));
        }
    };
    // Without the server's own words, the start of the body is the best explanation.
    match server_says {
        Some(_) => error,
        None if body.is_empty() => error,
        None => error.with_detail(excerpt(&body)),
    }
}

/// `{"error": "…"}`, or `{"error": {"message": "…"}}` as some frameworks send it.
fn server_error_text(body: &[u8]) -> Option<String> {
    let answer: Value = serde_json::from_slice(body).ok()?;
    let error = answer.get("error")?;
    let text = error
        .as_str()
        .or_else(|| error.get("message").and_then(Value::as_str))?;
    Some(text.trim().to_owned()).filter(|t| !t.is_empty())
}

/// `256 MiB` for the real limit, plain bytes for the small ones tests set.
fn byte_size(bytes: u64) -> String {
    const MIB: u64 = 1024 * 1024;
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else {
        format!("{bytes} bytes")
    }
}

/// The innermost error's text: "Connection refused (os error 111)" says more than reqwest's
/// "error sending request for url (…)".
fn root_cause(error: &reqwest::Error) -> String {
    let mut cause: &dyn std::error::Error = error;
    while let Some(inner) = cause.source() {
        cause = inner;
    }
    cause.to_string()
}

/// reqwest has no TLS error kind: a rustls error anywhere in the chain means the handshake or
/// the certificate check failed (inside `io::Error`s nested in each other).
fn is_tls_failure(error: &reqwest::Error) -> bool {
    crate::error_chain::find_in_chain::<rustls::Error>(error).is_some()
}
