//! Each way a registry's answer can fail, as a `LodeError` a person can act on: which registry,
//! what went wrong, and what the registry itself said (its message, cut). The URL asked goes in
//! the detail; the message names only the registry.

use lode_core::{ErrorCode, LodeError};
use serde_json::Value;

/// The most of a registry's own words kept in a message.
const SAID_CHARS: usize = 300;

/// The request could not be made or its answer not read: unreachable, TLS, timed out, broken.
pub(crate) fn exchange_failed(registry: &str, url: &str, error: &reqwest::Error) -> LodeError {
    let cause = root_cause(error);
    let (code, message) = if is_tls(error) {
        (
            ErrorCode::Tls,
            format!("TLS with the registry {registry} failed: {cause}"),
        )
    } else if error.is_timeout() {
        (
            ErrorCode::Timeout,
            format!("the registry {registry} did not answer in time"),
        )
    } else if error.is_connect() {
        (
            ErrorCode::TransportClosed,
            format!("could not reach the registry {registry}: {cause}"),
        )
    } else {
        (
            ErrorCode::TransportClosed,
            format!("the connection to the registry {registry} broke: {cause}"),
        )
    };
    LodeError::new(code, message).with_detail(format!("asked: GET {url}"))
}

/// The registry answered an error status (or a redirect Lode did not follow).
pub(crate) fn status_failed(
    registry: &str,
    url: &str,
    status: reqwest::StatusCode,
    redirect_to: Option<&str>,
    body: &[u8],
) -> LodeError {
    let mut message = format!("the registry {registry} answered HTTP {}", status.as_u16());
    if let Some(reason) = status.canonical_reason() {
        message.push(' ');
        message.push_str(reason);
    }
    if let Some(target) = redirect_to {
        message.push_str(&format!(
            ": a redirect to {}, not followed (Lode follows redirects only within the registry's \
             own address)",
            cut(target, SAID_CHARS)
        ));
    } else {
        let said = said(body);
        if !said.is_empty() {
            message.push_str(": ");
            message.push_str(&said);
        }
    }
    let code = if status == reqwest::StatusCode::NOT_FOUND {
        ErrorCode::NotFound
    } else {
        ErrorCode::Http
    };
    LodeError::new(code, message).with_detail(format!("asked: GET {url}"))
}

pub(crate) fn too_large(registry: &str, url: &str, limit: usize) -> LodeError {
    LodeError::new(
        ErrorCode::Protocol,
        format!(
            "the registry {registry} sent an answer larger than {} MiB: Lode reads no more",
            limit / (1024 * 1024)
        ),
    )
    .with_detail(format!("asked: GET {url}"))
}

pub(crate) fn not_json(
    registry: &str,
    url: &str,
    error: &serde_json::Error,
    body: &[u8],
) -> LodeError {
    LodeError::new(
        ErrorCode::Protocol,
        format!("the registry {registry} did not answer JSON ({error})"),
    )
    .with_detail(format!(
        "asked: GET {url}\nit began: {}",
        cut(&collapsed(body), 120)
    ))
}

/// What an error answer says: its JSON message (`detail`, `error`, `message` or `title`; the
/// official registry answers RFC 9457 problems, `{title, status, detail}`), or its text.
fn said(body: &[u8]) -> String {
    let from_json = serde_json::from_slice::<Value>(body).ok().and_then(|json| {
        ["detail", "error", "message", "title"]
            .iter()
            .find_map(|key| json.get(key).and_then(Value::as_str).map(str::to_owned))
    });
    cut(&from_json.unwrap_or_else(|| collapsed(body)), SAID_CHARS)
}

/// The body as text, its whitespace runs made single spaces.
fn collapsed(body: &[u8]) -> String {
    let head = &body[..body.len().min(64 * 1024)];
    String::from_utf8_lossy(head)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// At most `limit` characters, an ellipsis saying when it was cut.
fn cut(text: &str, limit: usize) -> String {
    match text.char_indices().nth(limit) {
        None => text.to_owned(),
        Some((end, _)) => format!("{}…", &text[..end]),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_status_says_what_the_registry_said_cut() {
        let problem =
            br#"{"$schema":"x","title":"Not Found","status":404,"detail":"Server not found"}"#;
        let error = status_failed(
            "https://r.example",
            "https://r.example/v0.1/servers/a%2Fb/versions",
            reqwest::StatusCode::NOT_FOUND,
            None,
            problem,
        );
        assert_eq!(error.code, ErrorCode::NotFound);
        assert_eq!(
            error.message,
            "the registry https://r.example answered HTTP 404 Not Found: Server not found"
        );
        let error = status_failed(
            "r",
            "u",
            reqwest::StatusCode::BAD_GATEWAY,
            None,
            "<html>\n  <b>down</b>\n</html>".as_bytes(),
        );
        assert_eq!(error.code, ErrorCode::Http);
        assert!(error
            .message
            .ends_with("Bad Gateway: <html> <b>down</b> </html>"));
        let long = format!(r#"{{"error":"{}"}}"#, "x".repeat(5000));
        let error = status_failed(
            "r",
            "u",
            reqwest::StatusCode::INTERNAL_SERVER_ERROR,
            None,
            long.as_bytes(),
        );
        assert!(error.message.chars().count() < 400 && error.message.ends_with('…'));
        let moved = status_failed(
            "r",
            "u",
            reqwest::StatusCode::FOUND,
            Some("https://elsewhere.example/x"),
            b"",
        );
        assert!(moved
            .message
            .contains("a redirect to https://elsewhere.example/x, not followed"));
    }

    #[test]
    fn a_body_that_is_not_json_shows_how_it_began() {
        let body = b"<!doctype html><title>Sign in</title>";
        let error = serde_json::from_slice::<Value>(body).expect_err("not JSON");
        let failure = not_json(
            "https://r.example",
            "https://r.example/v0.1/servers",
            &error,
            body,
        );
        assert_eq!(failure.code, ErrorCode::Protocol);
        assert!(failure
            .message
            .starts_with("the registry https://r.example did not answer JSON"));
        assert!(failure
            .detail
            .is_some_and(|d| d.contains("it began: <!doctype html>")));
    }
}
