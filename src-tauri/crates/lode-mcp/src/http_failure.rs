//! Why an HTTP exchange failed (`HttpFailure`), told without what a URL may carry
//! (`display_url`) and with an excerpt of what the server said; and reading a body within a
//! limit, which fails the same way. Shared by both HTTP transports, OAuth and `error.rs`.

use std::fmt;

use url::Url;

/// The most of an error body kept in a message: enough to show what the server said.
const EXCERPT_CHARS: usize = 300;
/// Error bodies are read only this far; the excerpt needs far less.
const MAX_ERROR_BODY: usize = 64 * 1024;

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
}
