//! One GET of a registry's JSON, bounded: 10 s to connect, 30 s for the whole answer, at most
//! 4 MiB read (refused while it is read, whatever `Content-Length` says), redirects followed
//! only within the registry's own origin (scheme, host and port), at most five of them.

use std::time::Duration;

use lode_core::registry::MAX_ANSWER_BYTES;
use lode_core::{ErrorCode, LodeError, LodeResult};
use reqwest::redirect::{Attempt, Policy};
use serde_json::Value;
use url::Url;

use crate::failure::{exchange_failed, not_json, status_failed, too_large};

pub(crate) const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
pub(crate) const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);
const MAX_REDIRECTS: usize = 5;
/// An error answer is read only this far: its message needs far less.
const MAX_ERROR_BODY: usize = 64 * 1024;

pub(crate) fn http_client(answer_timeout: Duration) -> LodeResult<reqwest::Client> {
    reqwest::Client::builder()
        .connect_timeout(CONNECT_TIMEOUT)
        .timeout(answer_timeout)
        .redirect(Policy::custom(same_origin))
        .user_agent(concat!("Lode/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| {
            LodeError::new(
                ErrorCode::Internal,
                format!("could not set up the registry's HTTP client: {e}"),
            )
        })
}

/// A redirect is followed only to the origin first asked; any other is left as the answer (and
/// reported, with where it pointed).
fn same_origin(attempt: Attempt<'_>) -> reqwest::redirect::Action {
    let same = attempt
        .previous()
        .first()
        .is_some_and(|first| first.origin() == attempt.url().origin());
    if !same {
        attempt.stop()
    } else if attempt.previous().len() > MAX_REDIRECTS {
        attempt.error(format!("more than {MAX_REDIRECTS} redirects"))
    } else {
        attempt.follow()
    }
}

/// GETs `url` of `registry` and parses its answer as JSON.
pub(crate) async fn get_json(
    http: &reqwest::Client,
    registry: &str,
    url: Url,
) -> LodeResult<Value> {
    let asked = url.to_string();
    let response = http
        .get(url)
        .header(reqwest::header::ACCEPT, "application/json")
        .send()
        .await
        .map_err(|e| exchange_failed(registry, &asked, &e))?;
    let status = response.status();
    if !status.is_success() {
        let redirect_to = status
            .is_redirection()
            .then(|| {
                response
                    .headers()
                    .get(reqwest::header::LOCATION)
                    .and_then(|value| value.to_str().ok())
                    .map(str::to_owned)
            })
            .flatten();
        let body = read_body(response, MAX_ERROR_BODY)
            .await
            .unwrap_or_else(|partial| partial.unwrap_or_default());
        return Err(status_failed(
            registry,
            &asked,
            status,
            redirect_to.as_deref(),
            &body,
        ));
    }
    let body = match read_body(response, MAX_ANSWER_BYTES).await {
        Ok(body) => body,
        Err(Some(_)) => return Err(too_large(registry, &asked, MAX_ANSWER_BYTES)),
        Err(None) => {
            return Err(LodeError::new(
                ErrorCode::TransportClosed,
                format!("the connection to the registry {registry} broke while it answered"),
            )
            .with_detail(format!("asked: GET {asked}")))
        }
    };
    serde_json::from_slice(&body).map_err(|e| not_json(registry, &asked, &e, &body))
}

/// The whole body, or `Err(Some(first limit bytes))` when it is longer than `limit`, or
/// `Err(None)` when the connection broke. A `Content-Length` over the limit is refused before
/// reading; a body without one is refused as soon as it passes the limit.
pub(crate) async fn read_body(
    mut response: reqwest::Response,
    limit: usize,
) -> Result<Vec<u8>, Option<Vec<u8>>> {
    if response
        .content_length()
        .is_some_and(|length| length > limit as u64)
    {
        return Err(Some(Vec::new()));
    }
    let mut body = Vec::new();
    loop {
        match response.chunk().await {
            Ok(Some(chunk)) if body.len() + chunk.len() > limit => {
                body.extend_from_slice(&chunk[..limit - body.len()]);
                return Err(Some(body));
            }
            Ok(Some(chunk)) => body.extend_from_slice(&chunk),
            Ok(None) => return Ok(body),
            Err(_) => return Err(None),
        }
    }
}
