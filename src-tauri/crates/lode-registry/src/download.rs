//! A bundle named by a registry entry (`registryType: mcpb`, its `identifier` a URL), fetched
//! bounded: https (plain http only to this computer, as the tests' registry serves it), 10 s to
//! connect, 5 minutes for the whole file, at most `limit` bytes read (refused while it is
//! read), redirects followed to https only (release files redirect to another host), at most
//! five. Its SHA-256 is checked by the caller against the entry's `fileSha256`.

use std::time::Duration;

use lode_core::{ErrorCode, LodeError, LodeResult};
use reqwest::redirect::{Attempt, Policy};
use url::Url;

use crate::failure::{exchange_failed, too_large};
use crate::transfer::{read_body, CONNECT_TIMEOUT};

const DOWNLOAD_TIMEOUT: Duration = Duration::from_secs(300);
const MAX_REDIRECTS: usize = 5;

fn is_this_computer(url: &Url) -> bool {
    matches!(url.host_str(), Some("localhost" | "127.0.0.1" | "[::1]"))
}

fn allowed(url: &Url) -> bool {
    url.scheme() == "https" || url.scheme() == "http" && is_this_computer(url)
}

fn https_only(attempt: Attempt<'_>) -> reqwest::redirect::Action {
    if attempt.previous().len() > MAX_REDIRECTS {
        attempt.error(format!("more than {MAX_REDIRECTS} redirects"))
    } else if allowed(attempt.url()) {
        attempt.follow()
    } else {
        attempt.error("a redirect to a plain-http address")
    }
}

/// The bytes at `url`, a bundle of registry `registry`'s entry; at most `limit` of them.
pub async fn download_mcpb(registry: &str, url: &str, limit: usize) -> LodeResult<Vec<u8>> {
    let parsed = Url::parse(url).ok().filter(allowed).ok_or_else(|| {
        LodeError::new(
            ErrorCode::UrlRefused,
            format!(
                "the bundle's address {url:?} is not https: Lode downloads bundles over https only"
            ),
        )
    })?;
    let http = reqwest::Client::builder()
        .connect_timeout(CONNECT_TIMEOUT)
        .timeout(DOWNLOAD_TIMEOUT)
        .redirect(Policy::custom(https_only))
        .user_agent(concat!("Lode/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| {
            LodeError::new(
                ErrorCode::Internal,
                format!("could not set up a download: {e}"),
            )
        })?;
    let response = http
        .get(parsed)
        .send()
        .await
        .map_err(|e| exchange_failed(registry, url, &e))?;
    let status = response.status();
    if !status.is_success() {
        return Err(LodeError::new(
            ErrorCode::Http,
            format!("the bundle's address answered HTTP {}", status.as_u16()),
        )
        .with_detail(format!("asked: GET {url}")));
    }
    match read_body(response, limit).await {
        Ok(body) => Ok(body),
        Err(Some(_)) => Err(too_large(registry, url, limit)),
        Err(None) => Err(LodeError::new(
            ErrorCode::TransportClosed,
            "the download of the bundle broke off".to_owned(),
        )
        .with_detail(format!("asked: GET {url}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn only_https_or_this_computer_is_asked() {
        for url in [
            "http://example.com/x.mcpb",
            "file:///etc/passwd",
            "ftp://example.com/x.mcpb",
            "not a url",
        ] {
            let error = download_mcpb("r", url, 1024).await.expect_err(url);
            assert_eq!(
                error.code,
                ErrorCode::UrlRefused,
                "{url}: {}",
                error.message
            );
        }
        assert!(allowed(
            &Url::parse("http://127.0.0.1:9/x.mcpb").expect("url")
        ));
        assert!(allowed(
            &Url::parse("https://github.com/o/r/releases/x.mcpb").expect("url")
        ));
    }
}
