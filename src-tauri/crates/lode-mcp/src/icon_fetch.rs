//! Fetching a server's `https:` icon for the window, which never fetches anything itself (its
//! CSP allows images from `data:` only): bounded in size and time, images only, and checked
//! to be the image its content type says (a server's icon URL may answer anything).
//!
//! Where from: public addresses only, through the same guard as OAuth ([`crate::addresses`]):
//! no loopback, private, link-local or carrier-grade NAT address, whether written in the URL
//! or answered by DNS (checked on the very addresses the connection then uses, so a name that
//! rebinds gets nowhere), and the same for every redirect. The one exception is a server on
//! this machine listing icons on its own address (host and port). Which URLs may be fetched
//! at all (those a server listed) is the caller's check (`listed_icons.rs`).

use std::time::Duration;

use futures::StreamExt;
use lode_core::{ErrorCode, LodeError, LodeResult};
use reqwest::header::{ACCEPT, CONTENT_LENGTH, CONTENT_TYPE};
use url::Url;

use crate::addresses::{host_kind, proxy_hosts, refused_in, GuardedResolver, Restricted};
use crate::error::from_http_failure;
use crate::http_failure::HttpFailure;

/// The largest icon fetched: an icon is a small picture, not a download.
pub const ICON_MAX_BYTES: usize = 256 * 1024;
/// The longest icon URL fetched (a server's `data:` icons are not fetched, and may be longer).
pub const ICON_MAX_URL_BYTES: usize = 2048;
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

/// Fetches icons over `https:` only, from public addresses (see the module's comment).
#[derive(Clone)]
pub struct IconFetch {
    time_limit: Duration,
    plain_loopback: bool,
    /// The DNS lookup under the guard: the system's, or a scripted one in tests.
    lookup: Option<crate::addresses::Lookup>,
}

impl IconFetch {
    pub fn new() -> LodeResult<Self> {
        Ok(Self::build(ICON_TIME_LIMIT, false))
    }

    /// For tests: a shorter time limit, and plain `http:` allowed where `https:` would be (to
    /// a server's own loopback address: the test servers have no certificate). Never used by
    /// the app.
    pub fn for_tests(time_limit: Duration) -> LodeResult<Self> {
        Ok(Self::build(time_limit, true))
    }

    fn build(time_limit: Duration, plain_loopback: bool) -> Self {
        Self {
            time_limit,
            plain_loopback,
            lookup: None,
        }
    }

    #[cfg(test)]
    fn with_lookup(mut self, lookup: crate::addresses::Lookup) -> Self {
        self.lookup = Some(lookup);
        self
    }

    /// The icon at `src`, listed by the server at `listed_by` (its URL; `None` for a local
    /// process): refused unless it is `https:`, at most [`ICON_MAX_URL_BYTES`] long, on a
    /// public address (or on `listed_by`'s own address when that is on this machine), answers
    /// 2xx with an image type of [`IconType`], is at most [`ICON_MAX_BYTES`], arrives within
    /// the time limit, and its bytes are the type it declares.
    pub async fn fetch(&self, src: &str, listed_by: Option<&Url>) -> LodeResult<FetchedIcon> {
        if src.len() > ICON_MAX_URL_BYTES {
            return Err(LodeError::new(
                ErrorCode::UrlRefused,
                format!("icon URLs longer than {ICON_MAX_URL_BYTES} bytes are not fetched"),
            ));
        }
        let url = Url::parse(src).map_err(|e| {
            LodeError::new(ErrorCode::InvalidInput, format!("not an icon URL: {e}"))
        })?;
        let rule = AddressRule {
            own: listed_by.and_then(own_loopback_address),
            plain_loopback: self.plain_loopback,
        };
        rule.check(&url)?;
        let shown = crate::http_failure::display_url(src);
        let failed = |e: &reqwest::Error| match refused_in(e) {
            Some(why) => LodeError::new(
                ErrorCode::UrlRefused,
                format!("Lode refused to fetch the icon {shown}: {why}"),
            ),
            None => from_http_failure(&HttpFailure::from_reqwest(e, src), "fetching an icon"),
        };
        let response = self
            .client(&rule, &url)?
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

    /// A client for one fetch: its resolver refuses names answering restricted addresses,
    /// except the listing server's own host when the fetch is on its own loopback address;
    /// each redirect is held to `rule` again.
    fn client(&self, rule: &AddressRule, url: &Url) -> LodeResult<reqwest::Client> {
        let mut trusted = proxy_hosts();
        if rule.is_own(url) {
            trusted.extend(url.host_str().map(str::to_owned));
        }
        let hops = rule.clone();
        let redirects = reqwest::redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() >= MAX_REDIRECTS {
                attempt.error("too many redirects")
            } else if let Err(refused) = hops.check(attempt.url()) {
                attempt.error(refused.message)
            } else {
                attempt.follow()
            }
        });
        let mut resolver = GuardedResolver::new(trusted, false);
        if let Some(lookup) = &self.lookup {
            resolver = resolver.with_lookup(lookup.clone());
        }
        reqwest::Client::builder()
            .dns_resolver(std::sync::Arc::new(resolver))
            .timeout(self.time_limit)
            .redirect(redirects)
            .build()
            .map_err(|e| {
                LodeError::new(
                    ErrorCode::Internal,
                    format!("could not set up the HTTP client for icons: {e}"),
                )
            })
    }
}

/// The host and port of a server on this machine.
#[derive(Debug, Clone, PartialEq, Eq)]
struct OwnAddress {
    host: String,
    port: Option<u16>,
}

/// `server`'s host and port when it is on this machine (`None` for any other server).
fn own_loopback_address(server: &Url) -> Option<OwnAddress> {
    (host_kind(server) == Some(Restricted::Loopback)).then(|| OwnAddress {
        host: server.host_str().unwrap_or_default().to_ascii_lowercase(),
        port: server.port_or_known_default(),
    })
}

/// Where one icon fetch (and each of its redirects) may go.
#[derive(Debug, Clone)]
struct AddressRule {
    /// The listing server's own address, when it is on this machine.
    own: Option<OwnAddress>,
    plain_loopback: bool,
}

impl AddressRule {
    fn is_own(&self, url: &Url) -> bool {
        self.own.as_ref().is_some_and(|own| {
            url.host_str()
                .is_some_and(|host| host.eq_ignore_ascii_case(&own.host))
                && url.port_or_known_default() == own.port
        })
    }

    /// `https:` (or, in tests, plain `http:` to the server's own loopback address), to a
    /// public address or the server's own loopback address. Names are checked again when
    /// they resolve.
    fn check(&self, url: &Url) -> LodeResult<()> {
        let own = self.is_own(url);
        let scheme_ok = match url.scheme() {
            "https" => true,
            "http" => self.plain_loopback && own,
            _ => false,
        };
        if !scheme_ok {
            return Err(LodeError::new(
                ErrorCode::UrlRefused,
                format!("icons are fetched over https only, not {}:", url.scheme()),
            ));
        }
        match host_kind(url) {
            Some(kind) if !own => Err(LodeError::new(
                ErrorCode::UrlRefused,
                format!(
                    "Lode refused to fetch the icon {}: its host is {}",
                    crate::http_failure::display_url(url.as_str()),
                    kind.describe()
                ),
            )),
            _ => Ok(()),
        }
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

    fn rule(server: Option<&str>) -> AddressRule {
        AddressRule {
            own: server
                .and_then(|s| Url::parse(s).ok())
                .as_ref()
                .and_then(own_loopback_address),
            plain_loopback: false,
        }
    }

    fn refused(rule: &AddressRule, src: &str) -> bool {
        let url = Url::parse(src).expect("a URL");
        rule.check(&url)
            .is_err_and(|e| e.code == ErrorCode::UrlRefused)
    }

    #[test]
    fn restricted_addresses_are_refused_and_public_ones_allowed() {
        let remote = rule(Some("https://mcp.example.org/mcp"));
        for src in [
            "https://127.0.0.1/i.png",
            "https://127.1.2.3:8443/i.png",
            "https://localhost/i.png",
            "https://app.localhost/i.png",
            "https://10.0.0.1/i.png",
            "https://172.16.0.1/i.png",
            "https://172.31.255.254/i.png",
            "https://192.168.1.2/i.png",
            "https://169.254.169.254/latest/meta-data",
            "https://100.64.0.1/i.png",
            "https://100.127.255.254/i.png",
            "https://0.0.0.0/i.png",
            "https://[::1]/i.png",
            "https://[fc00::1]/i.png",
            "https://[fd12:3456::1]/i.png",
            "https://[fe80::1]/i.png",
            "https://[::ffff:127.0.0.1]/i.png",
            "https://[::ffff:10.1.2.3]/i.png",
            "https://[::ffff:169.254.169.254]/i.png",
            // Other spellings of 127.0.0.1 the URL parser normalizes.
            "https://2130706433/i.png",
            "https://0x7f.1/i.png",
        ] {
            assert!(refused(&remote, src), "{src}");
            assert!(refused(&rule(None), src), "{src}");
        }
        for src in [
            "https://example.org/i.png",
            "https://8.8.8.8/i.png",
            "https://172.32.0.1/i.png",
            "https://[2001:db8::1]/i.png",
        ] {
            assert!(!refused(&remote, src), "{src}");
        }
        for src in [
            "http://example.org/i.png",
            "file:///etc/passwd",
            "ftp://example.org/i",
        ] {
            assert!(refused(&remote, src), "{src}");
        }
    }

    #[test]
    fn a_loopback_server_may_list_icons_on_its_own_address_only() {
        let local = rule(Some("http://127.0.0.1:8123/mcp"));
        assert!(!refused(&local, "https://127.0.0.1:8123/icon.png"));
        assert!(refused(&local, "https://127.0.0.1:8124/icon.png"));
        assert!(refused(&local, "https://127.0.0.2:8123/icon.png"));
        assert!(refused(&local, "https://localhost:8123/icon.png"));
        assert!(refused(&local, "https://192.168.1.2:8123/icon.png"));
        // Plain http only in tests, and only there.
        assert!(refused(&local, "http://127.0.0.1:8123/icon.png"));
        let tests = AddressRule {
            plain_loopback: true,
            ..local.clone()
        };
        assert!(!refused(&tests, "http://127.0.0.1:8123/icon.png"));
        assert!(refused(&tests, "http://127.0.0.1:9999/icon.png"));
        // A remote server has no exception, even for its own address's loopback twin.
        let remote = rule(Some("https://mcp.example.org:8123/mcp"));
        assert!(refused(&remote, "https://127.0.0.1:8123/icon.png"));
    }

    #[tokio::test]
    async fn long_urls_and_unlisted_restricted_hosts_send_nothing() {
        let fetch = IconFetch::for_tests(Duration::from_secs(1)).expect("a client");
        let long = format!("https://example.org/{}", "a".repeat(ICON_MAX_URL_BYTES));
        let error = fetch.fetch(&long, None).await.err().map(|e| e.code);
        assert_eq!(error, Some(ErrorCode::UrlRefused));
        // A listener on this machine that a remote server's icon names is never contacted.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        listener.set_nonblocking(true).expect("non-blocking");
        let port = listener.local_addr().expect("an address").port();
        let server = Url::parse("https://mcp.example.org/").ok();
        for src in [
            format!("https://127.0.0.1:{port}/i.png"),
            format!("http://127.0.0.1:{port}/i.png"),
        ] {
            let error = fetch
                .fetch(&src, server.as_ref())
                .await
                .err()
                .map(|e| e.code);
            assert_eq!(error, Some(ErrorCode::UrlRefused), "{src}");
        }
        assert!(listener.accept().is_err(), "nothing connected");
    }

    /// A scripted DNS whose answers alternate: public, then this machine, then public…
    fn rebinding_lookup(
        calls: std::sync::Arc<std::sync::atomic::AtomicUsize>,
    ) -> crate::addresses::Lookup {
        crate::addresses::scripted_lookup(move |_host| {
            let n = calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            let ip = if n.is_multiple_of(2) {
                "93.184.216.34"
            } else {
                "127.0.0.1"
            };
            vec![std::net::SocketAddr::new(ip.parse().expect("an IP"), 0)]
        })
    }

    #[tokio::test]
    async fn a_name_is_checked_on_the_addresses_that_are_then_used() {
        use reqwest::dns::Resolve;
        let calls = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let resolver =
            GuardedResolver::new(Vec::new(), false).with_lookup(rebinding_lookup(calls.clone()));
        let name = |n: &str| n.parse::<reqwest::dns::Name>().expect("a name");
        // Each resolution is one lookup, and what it hands over is what it checked: the public
        // answer once, the loopback answer refused (never handed over to connect to).
        let first: Vec<_> = resolver
            .resolve(name("rebind.example"))
            .await
            .map(|addrs| addrs.collect())
            .unwrap_or_default();
        assert_eq!(first.len(), 1);
        assert!(first.iter().all(|a| a.ip().to_string() == "93.184.216.34"));
        let second = resolver.resolve(name("rebind.example")).await;
        assert!(second.is_err_and(|e| e.to_string().contains("loopback")));
        assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn a_name_resolving_to_a_private_address_is_refused_before_connecting() {
        // DNS answers this machine for the name: the fetch's resolver refuses it, and the
        // listener there never sees a connection.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        listener.set_nonblocking(true).expect("non-blocking");
        let port = listener.local_addr().expect("an address").port();
        let lookup = crate::addresses::scripted_lookup(move |_host| {
            vec![std::net::SocketAddr::from(([127, 0, 0, 1], port))]
        });
        let fetch = IconFetch::for_tests(Duration::from_secs(2))
            .expect("a client")
            .with_lookup(lookup);
        let server = Url::parse("https://mcp.example.org/").ok();
        let src = format!("https://icons.example:{port}/i.png");
        let error = fetch.fetch(&src, server.as_ref()).await.err();
        assert_eq!(
            error.as_ref().map(|e| e.code),
            Some(ErrorCode::UrlRefused),
            "{error:?}"
        );
        assert!(
            error.is_some_and(|e| e.message.contains("resolves to 127.0.0.1")),
            "the resolver said why"
        );
        assert!(listener.accept().is_err(), "nothing connected");
        // Other private answers are refused the same way.
        let private = [
            "10.0.0.7",
            "172.16.3.4",
            "192.168.0.1",
            "169.254.169.254",
            "100.64.1.1",
            "fd00::1",
            "fe80::1",
            "::ffff:10.0.0.1",
        ];
        let resolver = GuardedResolver::new(Vec::new(), false).with_lookup(
            crate::addresses::scripted_lookup(move |_host| {
                private
                    .iter()
                    .map(|ip| std::net::SocketAddr::new(ip.parse().expect("an IP"), 0))
                    .collect()
            }),
        );
        use reqwest::dns::Resolve;
        let name = "private.example"
            .parse::<reqwest::dns::Name>()
            .expect("a name");
        let refused = resolver.resolve(name).await.err().map(|e| e.to_string());
        assert!(
            refused.as_deref().is_some_and(|r| r.contains("private")),
            "{refused:?}"
        );
    }
}
