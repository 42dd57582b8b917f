//! Fetching a server's `https:` icon for the window, which never fetches anything itself (its
//! CSP allows images from `data:` only): bounded in size and time, images only, and checked
//! to be the image its content type says (a server's icon URL may answer anything).

use std::time::Duration;

use futures::StreamExt;
use lode_core::{ErrorCode, LodeError, LodeResult};
use reqwest::header::{ACCEPT, CONTENT_LENGTH, CONTENT_TYPE};
use url::Url;

use crate::error::from_http_failure;
use crate::http_failure::HttpFailure;

/// The largest icon fetched: an icon is a small picture, not a download.
pub const ICON_MAX_BYTES: usize = 256 * 1024;
/// How long one icon may take, from connecting to the last byte.
pub const ICON_TIME_LIMIT: Duration = Duration::from_secs(10);
/// Redirects followed (each to `https:` again).
const MAX_REDIRECTS: usize = 3;

/// The image types an icon may be; anything else is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IconType {
    Png,
    Jpeg,
    Gif,
    Webp,
    Svg,
}

impl IconType {
    pub fn mime_type(self) -> &'static str {
        match self {
            Self::Png => "image/png",
            Self::Jpeg => "image/jpeg",
            Self::Gif => "image/gif",
            Self::Webp => "image/webp",
            Self::Svg => "image/svg+xml",
        }
    }

    /// The type a `Content-Type` header names (parameters and case ignored); `None` when it
    /// is not one of the image types an icon may be.
    pub fn from_content_type(header: &str) -> Option<Self> {
        let essence = header.split(';').next()?.trim().to_ascii_lowercase();
        match essence.as_str() {
            "image/png" => Some(Self::Png),
            "image/jpeg" | "image/jpg" => Some(Self::Jpeg),
            "image/gif" => Some(Self::Gif),
            "image/webp" => Some(Self::Webp),
            "image/svg+xml" => Some(Self::Svg),
            _ => None,
        }
    }

    /// What the bytes are, by their signature; `None` when they are none of the icon types.
    /// SVG has no signature: it must be UTF-8 text whose first element is `<svg`.
    pub fn sniff(bytes: &[u8]) -> Option<Self> {
        if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(Self::Png)
        } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(Self::Jpeg)
        } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
            Some(Self::Gif)
        } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            Some(Self::Webp)
        } else if svg_root(bytes) {
            Some(Self::Svg)
        } else {
            None
        }
    }
}

/// Whether `bytes` is UTF-8 text whose first element, after an XML declaration, comments and
/// a doctype, is `<svg`.
fn svg_root(bytes: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return false;
    };
    let mut rest = text.trim_start_matches('\u{feff}').trim_start();
    loop {
        if let Some(after) = rest.strip_prefix("<svg") {
            let next = after.chars().next();
            return next.is_some_and(|c| c.is_whitespace() || c == '>' || c == '/');
        }
        let end = if rest.starts_with("<?") {
            rest.find("?>").map(|at| at + 2)
        } else if rest.starts_with("<!--") {
            rest.find("-->").map(|at| at + 3)
        } else if rest.starts_with("<!DOCTYPE") || rest.starts_with("<!doctype") {
            rest.find('>').map(|at| at + 1)
        } else {
            return false;
        };
        let Some(end) = end else {
            return false;
        };
        rest = rest[end..].trim_start();
    }
}

/// An icon as fetched: its type (declared and sniffed alike) and its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchedIcon {
    pub kind: IconType,
    pub bytes: Vec<u8>,
}

/// Fetches icons over `https:` only.
#[derive(Clone)]
pub struct IconFetch {
    client: reqwest::Client,
    plain_loopback: bool,
}

impl IconFetch {
    pub fn new() -> LodeResult<Self> {
        Self::build(ICON_TIME_LIMIT, false)
    }

    /// For tests: a shorter time limit, and plain `http:` to this machine allowed (the test
    /// servers have no certificate). Never used by the app.
    pub fn for_tests(time_limit: Duration) -> LodeResult<Self> {
        Self::build(time_limit, true)
    }

    fn build(time_limit: Duration, plain_loopback: bool) -> LodeResult<Self> {
        let redirects = reqwest::redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() >= MAX_REDIRECTS {
                attempt.error("too many redirects")
            } else if allowed(attempt.url(), plain_loopback) {
                attempt.follow()
            } else {
                attempt.error("a redirect to another scheme than https")
            }
        });
        let client = reqwest::Client::builder()
            .timeout(time_limit)
            .redirect(redirects)
            .build()
            .map_err(|e| {
                LodeError::new(
                    ErrorCode::Internal,
                    format!("could not set up the HTTP client for icons: {e}"),
                )
            })?;
        Ok(Self {
            client,
            plain_loopback,
        })
    }

    /// The icon at `src`: refused unless it is `https:`, answers 2xx with an image type of
    /// [`IconType`], is at most [`ICON_MAX_BYTES`], arrives within the time limit, and its
    /// bytes are the type it declares.
    pub async fn fetch(&self, src: &str) -> LodeResult<FetchedIcon> {
        let url = Url::parse(src).map_err(|e| {
            LodeError::new(ErrorCode::InvalidInput, format!("not an icon URL: {e}"))
        })?;
        if !allowed(&url, self.plain_loopback) {
            return Err(LodeError::new(
                ErrorCode::UrlRefused,
                format!("icons are fetched over https only, not {}:", url.scheme()),
            ));
        }
        let shown = crate::http_failure::display_url(src);
        let failed = |e: &reqwest::Error| {
            from_http_failure(&HttpFailure::from_reqwest(e, src), "fetching an icon")
        };
        let response = self
            .client
            .get(url)
            .header(
                ACCEPT,
                "image/png, image/jpeg, image/gif, image/webp, image/svg+xml",
            )
            .send()
            .await
            .map_err(|e| failed(&e))?;
        if !response.status().is_success() {
            return Err(LodeError::new(
                ErrorCode::Http,
                format!(
                    "the icon {shown} answered HTTP {}",
                    response.status().as_u16()
                ),
            ));
        }
        let header = |name| {
            response
                .headers()
                .get(name)
                .and_then(|value: &reqwest::header::HeaderValue| value.to_str().ok())
                .map(str::to_owned)
        };
        let declared = header(CONTENT_TYPE).unwrap_or_default();
        let Some(kind) = IconType::from_content_type(&declared) else {
            return Err(not_an_icon(&shown, &format!("its type is {declared:?}")));
        };
        let length = header(CONTENT_LENGTH).and_then(|text| text.parse::<u64>().ok());
        if length.is_some_and(|length| length > ICON_MAX_BYTES as u64) {
            return Err(too_large(&shown));
        }
        let mut bytes = Vec::new();
        let mut body = response.bytes_stream();
        while let Some(chunk) = body.next().await {
            let chunk = chunk.map_err(|e| failed(&e))?;
            if bytes.len() + chunk.len() > ICON_MAX_BYTES {
                return Err(too_large(&shown));
            }
            bytes.extend_from_slice(&chunk);
        }
        match IconType::sniff(&bytes) {
            Some(sniffed) if sniffed == kind => Ok(FetchedIcon { kind, bytes }),
            _ => Err(not_an_icon(
                &shown,
                &format!("its bytes are not the {} it claims", kind.mime_type()),
            )),
        }
    }
}

/// `https:`, or (tests only) plain `http:` to a loopback address.
fn allowed(url: &Url, plain_loopback: bool) -> bool {
    match url.scheme() {
        "https" => true,
        "http" if plain_loopback => match url.host() {
            Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
            Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
            Some(url::Host::Domain(name)) => name.eq_ignore_ascii_case("localhost"),
            None => false,
        },
        _ => false,
    }
}

fn not_an_icon(shown: &str, why: &str) -> LodeError {
    LodeError::new(
        ErrorCode::Protocol,
        format!("the icon {shown} is not a PNG, JPEG, GIF, WebP or SVG image: {why}"),
    )
}

fn too_large(shown: &str) -> LodeError {
    LodeError::new(
        ErrorCode::Protocol,
        format!(
            "the icon {shown} is larger than {} KiB",
            ICON_MAX_BYTES / 1024
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffing_knows_each_image_type_and_refuses_the_rest() {
        assert_eq!(
            IconType::sniff(b"\x89PNG\r\n\x1a\n...."),
            Some(IconType::Png)
        );
        assert_eq!(
            IconType::sniff(&[0xFF, 0xD8, 0xFF, 0xE0]),
            Some(IconType::Jpeg)
        );
        assert_eq!(IconType::sniff(b"GIF89a...."), Some(IconType::Gif));
        assert_eq!(
            IconType::sniff(b"RIFF\0\0\0\0WEBPVP8 "),
            Some(IconType::Webp)
        );
        let svg = "\u{feff}<?xml version='1.0'?>\n<!-- hi -->\n<!DOCTYPE svg>\n<svg xmlns='http://www.w3.org/2000/svg'/>";
        assert_eq!(IconType::sniff(svg.as_bytes()), Some(IconType::Svg));
        assert_eq!(IconType::sniff(b"<html><svg></svg></html>"), None);
        assert_eq!(IconType::sniff(b"<svgx>"), None);
        assert_eq!(IconType::sniff(b"<!-- never closed <svg>"), None);
        assert_eq!(IconType::sniff(b"plain text"), None);
    }

    #[test]
    fn content_types_are_images_only() {
        assert_eq!(
            IconType::from_content_type("Image/PNG; charset=binary"),
            Some(IconType::Png)
        );
        assert_eq!(IconType::from_content_type("text/html"), None);
        assert_eq!(IconType::from_content_type("image/tiff"), None);
    }

    #[test]
    fn only_https_unless_a_test_allows_plain_loopback() {
        let url = |text: &str| Url::parse(text).unwrap();
        assert!(allowed(&url("https://example.org/i.png"), false));
        assert!(!allowed(&url("http://example.org/i.png"), false));
        assert!(!allowed(&url("http://127.0.0.1/i.png"), false));
        assert!(allowed(&url("http://127.0.0.1/i.png"), true));
        assert!(!allowed(&url("http://192.168.1.2/i.png"), true));
        assert!(!allowed(&url("file:///etc/passwd"), true));
    }
}
