//! The HTTP side of OAuth: fetching metadata documents, registering, and token requests. One
//! small reqwest client with no redirects (a token request must never be re-sent elsewhere),
//! bounded times and bounded bodies. Which URLs it may be sent to is [`super::policy`]'s
//! decision; its resolver refuses names that resolve to private addresses
//! ([`crate::addresses`]).

use std::time::Duration;

use lode_core::{ErrorCode, LodeError, LodeResult};
use reqwest::header::{ACCEPT, CONTENT_TYPE, WWW_AUTHENTICATE};
use reqwest::{Response, StatusCode};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use url::Url;

use super::policy::UrlPolicy;
use crate::addresses::{proxy_hosts, refused_in, GuardedResolver};
use crate::error::from_http_failure;
use crate::http_failure::{display_url, excerpt, HttpFailure};

const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// Metadata, registrations and token responses are a few KB; anything far larger is wrong.
const MAX_BODY_BYTES: usize = 1 << 20;

pub(crate) struct OAuthHttp {
    client: reqwest::Client,
}

/// An OAuth error response (RFC 6749 §5.2).
#[derive(Deserialize)]
struct ErrorResponse {
    error: String,
    #[serde(default)]
    error_description: Option<String>,
}

impl OAuthHttp {
    /// The client of a sign-in to `server`, or a refresh of its tokens: names other than the
    /// server's own host (and the environment's proxies) must resolve to addresses `policy`
    /// allows.
    pub(crate) fn new(server: &Url, policy: &UrlPolicy) -> LodeResult<Self> {
        let mut trusted = proxy_hosts();
        trusted.extend(server.host_str().map(str::to_owned));
        let resolver = GuardedResolver::new(trusted, policy.server_on_loopback());
        let client = reqwest::Client::builder()
            .dns_resolver(std::sync::Arc::new(resolver))
            .connect_timeout(CONNECT_TIMEOUT)
            .timeout(REQUEST_TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| {
                LodeError::new(
                    ErrorCode::Internal,
                    format!("could not set up the HTTP client for OAuth: {e}"),
                )
            })?;
        Ok(Self { client })
    }

    /// The `WWW-Authenticate` challenge the MCP server answers an unauthenticated request with,
    /// if it answers 401 (a `ping`, which changes nothing on the server).
    pub(crate) async fn challenge(&self, server: &Url) -> LodeResult<Option<String>> {
        let response = self
            .client
            .post(server.clone())
            .header(ACCEPT, "application/json, text/event-stream")
            .header(CONTENT_TYPE, "application/json")
            .body(r#"{"jsonrpc":"2.0","id":0,"method":"ping"}"#)
            .send()
            .await
            .map_err(|e| unreachable(&e, server))?;
        if response.status() != StatusCode::UNAUTHORIZED {
            return Ok(None);
        }
        Ok(response
            .headers()
            .get(WWW_AUTHENTICATE)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned))
    }

    /// A metadata document, or `None` when the server has none there (any error status), so
    /// the caller can try the next well-known location.
    pub(crate) async fn metadata<T: DeserializeOwned>(
        &self,
        url: &Url,
        what: &str,
    ) -> LodeResult<Option<T>> {
        let response = self
            .client
            .get(url.clone())
            .header(ACCEPT, "application/json")
            .send()
            .await
            .map_err(|e| unreachable(&e, url))?;
        if !response.status().is_success() {
            return Ok(None);
        }
        let body = read_capped(response, url).await?;
        parse(&body, url, what).map(Some)
    }

    /// Dynamic client registration (RFC 7591): POSTs the client's metadata as JSON.
    pub(crate) async fn register<T: DeserializeOwned>(
        &self,
        url: &Url,
        metadata: &serde_json::Value,
    ) -> LodeResult<T> {
        let response = self
            .client
            .post(url.clone())
            .header(ACCEPT, "application/json")
            .json(metadata)
            .send()
            .await
            .map_err(|e| unreachable(&e, url))?;
        let what = "registering Lode with the authorization server";
        successful(response, url, what, ErrorCode::Http)
            .await
            .and_then(|body| parse(&body, url, what))
    }

    /// A token request (code exchange or refresh): a form POST, the client authenticated
    /// with HTTP Basic when `basic` is given. A refused grant is `AuthRequired`: only a new
    /// sign-in helps.
    pub(crate) async fn token<T: DeserializeOwned>(
        &self,
        url: &Url,
        form: &[(&str, &str)],
        basic: Option<(&str, &str)>,
    ) -> LodeResult<T> {
        let body = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(form)
            .finish();
        let mut request = self
            .client
            .post(url.clone())
            .header(ACCEPT, "application/json")
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(body);
        if let Some((id, secret)) = basic {
            // RFC 6749 §2.3.1: both parts form-urlencoded before Basic encoding.
            request = request.basic_auth(form_encode(id), Some(form_encode(secret)));
        }
        let response = request.send().await.map_err(|e| unreachable(&e, url))?;
        let what = "requesting tokens";
        successful(response, url, what, ErrorCode::AuthRequired)
            .await
            .and_then(|body| parse(&body, url, what))
    }
}

fn form_encode(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

/// The body of a successful response; an error status becomes an error carrying the OAuth
/// `error` code and description when the body has them (never a success body: it holds tokens).
async fn successful(
    response: Response,
    url: &Url,
    what: &str,
    refused: ErrorCode,
) -> LodeResult<Vec<u8>> {
    let status = response.status();
    let body = read_capped(response, url).await?;
    if status.is_success() {
        return Ok(body);
    }
    let error = match serde_json::from_slice::<ErrorResponse>(&body) {
        Ok(oauth) => {
            let description = oauth
                .error_description
                .map(|d| format!(" ({d})"))
                .unwrap_or_default();
            LodeError::new(
                refused,
                format!(
                    "{what}: the authorization server refused: {}{description}",
                    oauth.error
                ),
            )
        }
        Err(_) => LodeError::new(
            ErrorCode::Http,
            format!(
                "{what}: {} answered HTTP {status}",
                display_url(url.as_str())
            ),
        )
        .with_detail(excerpt(&body)),
    };
    Err(error)
}

async fn read_capped(mut response: Response, url: &Url) -> LodeResult<Vec<u8>> {
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|e| unreachable(&e, url))? {
        if body.len() + chunk.len() > MAX_BODY_BYTES {
            return Err(LodeError::new(
                ErrorCode::Protocol,
                format!(
                    "{} answered more than {MAX_BODY_BYTES} bytes, far more than OAuth needs",
                    display_url(url.as_str())
                ),
            ));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

fn parse<T: DeserializeOwned>(body: &[u8], url: &Url, what: &str) -> LodeResult<T> {
    serde_json::from_slice(body).map_err(|e| {
        // serde_json quotes the offending value, which may be a token: only a missing field
        // is named, otherwise the position.
        let reason = e.to_string();
        let reason = if reason.starts_with("missing field") {
            reason
        } else {
            format!(
                "unexpected content at line {} column {}",
                e.line(),
                e.column()
            )
        };
        LodeError::new(
            ErrorCode::Protocol,
            format!(
                "{what}: {} answered JSON Lode cannot use: {reason}",
                display_url(url.as_str())
            ),
        )
    })
}

fn unreachable(error: &reqwest::Error, url: &Url) -> LodeError {
    if let Some(why) = refused_in(error) {
        return LodeError::new(
            ErrorCode::UrlRefused,
            format!(
                "Lode refused to contact {}: {why}, where a remote server may not send Lode",
                display_url(url.as_str())
            ),
        );
    }
    from_http_failure(&HttpFailure::from_reqwest(error, url.as_str()), "OAuth")
}
