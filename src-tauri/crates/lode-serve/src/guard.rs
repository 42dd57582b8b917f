//! Who may talk to a basket served over HTTP: requests carrying the bearer token, from no
//! browser page other than a local one.
//!
//! Loopback alone is not enough: any local process, and any web page through the browser, can
//! reach 127.0.0.1. The token keeps out the processes; the Origin check keeps out web pages that
//! a DNS-rebinding attack would otherwise let through (a browser always sends `Origin` on the
//! cross-origin POSTs MCP uses; native clients send none).

use std::sync::{Arc, RwLock};

use axum::extract::{Request, State};
use axum::http::header::{AUTHORIZATION, ORIGIN, WWW_AUTHENTICATE};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

pub(crate) struct Guard {
    /// The token's digest: comparing digests takes the same time whatever the guess, and does
    /// not even reveal the token's length. Replaced when the token is rotated.
    token: RwLock<[u8; 32]>,
}

impl Guard {
    pub fn new(token: &str) -> Arc<Self> {
        Arc::new(Self {
            token: RwLock::new(digest(token)),
        })
    }

    /// From now on only `token` is admitted.
    pub fn replace(&self, token: &str) {
        *self.token.write().unwrap_or_else(|p| p.into_inner()) = digest(token);
    }

    fn admits(&self, headers: &HeaderMap) -> bool {
        let Some(offered) = headers
            .get(AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(bearer_token)
        else {
            return false;
        };
        let offered = digest(offered);
        let token = *self.token.read().unwrap_or_else(|p| p.into_inner());
        // Every byte is compared, whatever the first difference.
        offered
            .iter()
            .zip(token.iter())
            .fold(0u8, |diff, (a, b)| diff | (a ^ b))
            == 0
    }
}

fn digest(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// `Bearer <token>`; the scheme is case-insensitive (RFC 9110 §11.1).
fn bearer_token(value: &str) -> Option<&str> {
    let (scheme, token) = value.trim().split_once(' ')?;
    let token = token.trim_start();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

/// Whether an `Origin` is a page served from this machine: `http(s)://localhost`,
/// `127.0.0.1` or `[::1]`, with or without a port.
pub(crate) fn is_local_origin(origin: &str) -> bool {
    let origin = origin.to_ascii_lowercase();
    let Some(authority) = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
    else {
        return false;
    };
    ["localhost", "127.0.0.1", "[::1]"].iter().any(|host| {
        authority
            .strip_prefix(host)
            .is_some_and(|rest| match rest.strip_prefix(':') {
                None => rest.is_empty(),
                Some(port) => {
                    !port.is_empty()
                        && port.bytes().all(|b| b.is_ascii_digit())
                        && port.parse::<u16>().is_ok()
                }
            })
    })
}

/// The axum middleware: 403 for a foreign Origin, 401 (with `WWW-Authenticate: Bearer`) without
/// the right token, else the request goes on to the MCP service.
pub(crate) async fn check(
    State(guard): State<Arc<Guard>>,
    request: Request,
    next: Next,
) -> Response {
    let foreign = request
        .headers()
        .get_all(ORIGIN)
        .iter()
        .any(|origin| !origin.to_str().is_ok_and(is_local_origin));
    if foreign {
        return (StatusCode::FORBIDDEN, "requests from web pages are refused").into_response();
    }
    if !guard.admits(request.headers()) {
        let mut response = (StatusCode::UNAUTHORIZED, "a bearer token is required").into_response();
        response
            .headers_mut()
            .insert(WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        return response;
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_local_origins_pass() {
        for origin in [
            "http://localhost",
            "http://localhost:5173",
            "https://127.0.0.1:8443",
            "http://[::1]:80",
            "HTTP://LOCALHOST",
        ] {
            assert!(is_local_origin(origin), "{origin}");
        }
        for origin in [
            "http://evil.example",
            "http://localhost.evil.example",
            "http://127.0.0.1.nip.io",
            "http://localhost:",
            "http://localhost:99999",
            "http://localhost:80@evil.example",
            "http://localhost/",
            "null",
            "file://",
            "tauri://localhost",
        ] {
            assert!(!is_local_origin(origin), "{origin}");
        }
    }

    #[test]
    fn the_token_must_match_exactly() {
        let guard = Guard::new("s3cret");
        let with = |value: &str| {
            let mut headers = HeaderMap::new();
            if let Ok(value) = HeaderValue::from_str(value) {
                headers.insert(AUTHORIZATION, value);
            }
            guard.admits(&headers)
        };
        assert!(with("Bearer s3cret"));
        assert!(with("bearer s3cret"));
        assert!(!with("Bearer s3cre"));
        assert!(!with("Bearer s3cret2"));
        assert!(!with("Basic s3cret"));
        assert!(!with("s3cret"));
        assert!(!with("Bearer "));
        assert!(!guard.admits(&HeaderMap::new()));
        guard.replace("rotated");
        assert!(!with("Bearer s3cret"), "the old token stops at once");
        assert!(with("Bearer rotated"));
    }
}
