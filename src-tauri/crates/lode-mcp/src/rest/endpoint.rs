//! The URLs and headers of a REST connection, checked once at connect time.

use lode_core::{ErrorCode, LodeError, LodeResult};
use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use reqwest::redirect::{Attempt, Policy};
use reqwest::Url;

/// As many redirects as browsers and reqwest allow by default.
const MAX_REDIRECTS: usize = 10;

pub(super) fn base_url(raw: &str) -> LodeResult<Url> {
    let invalid = |why: String| LodeError::new(ErrorCode::InvalidInput, why);
    let mut url =
        Url::parse(raw.trim()).map_err(|e| invalid(format!("`{raw}` is not a valid URL: {e}")))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(invalid(format!(
            "a REST connection needs an http:// or https:// URL, not `{raw}`"
        )));
    }
    // A fragment is never sent; dropping it keeps the endpoint URLs Lode builds clean.
    url.set_fragment(None);
    Ok(url)
}

/// `{base}/resources/{method}`, keeping any query the base URL has (some servers take a
/// tenant or key there) and adding `query` percent-encoded.
pub(super) fn url(base: &Url, method: &str, query: Option<(&str, &str)>) -> Url {
    let mut url = base.clone();
    // Only URLs that cannot be a base (`mailto:`…) refuse segments; base_url admits http(s) only.
    if let Ok(mut segments) = url.path_segments_mut() {
        segments.pop_if_empty().extend(["resources", method]);
    }
    if let Some((name, value)) = query {
        let ours = format!("{name}={}", percent_encode(value));
        let joined = match url.query().filter(|q| !q.is_empty()) {
            Some(theirs) => format!("{theirs}&{ours}"),
            None => ours,
        };
        url.set_query(Some(&joined));
    }
    url
}

/// `{base}/resources/read?{uri}`: the URI as the whole query, as the table-server spec writes
/// reads. `None` when the base URL has a query of its own (a tenant, a key): the URI would run
/// into it, so only the named `uri=` form can be sent there.
pub(super) fn raw_read_url(base: &Url, uri: &str) -> Option<Url> {
    if base.query().is_some_and(|q| !q.is_empty()) {
        return None;
    }
    let mut url = url(base, "read", None);
    url.set_query(Some(&raw_query_encode(uri)));
    Some(url)
}

/// Keeps what RFC 3986 allows raw in a query and a URI is made of (`table://user?id=3` stays
/// as written), and encodes the rest: `%`, `#`, `&`, `+`, spaces, quotes, brackets, non-ASCII.
/// `&` and `+` are encoded so servers that split or form-decode the query read the URI back
/// whole; a percent-decoding server reads back every byte.
fn raw_query_encode(value: &str) -> String {
    let mut encoded = String::with_capacity(value.len());
    for byte in value.bytes() {
        let raw = byte.is_ascii_alphanumeric()
            || matches!(
                byte,
                b'-' | b'.'
                    | b'_'
                    | b'~'
                    | b':'
                    | b'/'
                    | b'?'
                    | b'@'
                    | b'!'
                    | b'$'
                    | b'('
                    | b')'
                    | b'*'
                    | b','
                    | b';'
                    | b'='
            );
        if raw {
            encoded.push(char::from(byte));
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    encoded
}

/// The URL to show in a message: without its query, which holds resource URIs and cursors
/// (noise) and sometimes a key someone put in the base URL, nor user and password (secrets).
pub(super) fn shown(url: &Url) -> String {
    let mut url = url.clone();
    url.set_query(None);
    // Both only fail for URLs without a host, which base_url does not admit.
    let _ = url.set_password(None);
    let _ = url.set_username("");
    url.to_string()
}

/// Encodes every byte outside RFC 3986's unreserved set, `+` and space included, so both
/// form decoders (`+` is a space) and plain percent-decoders read the same value back.
fn percent_encode(value: &str) -> String {
    let mut encoded = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            encoded.push(char::from(byte));
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    encoded
}

/// The headers sent with every request. Errors name the header but never show its value,
/// which may be a credential.
pub(super) fn header_map(headers: Vec<(String, String)>) -> LodeResult<HeaderMap> {
    let mut map = HeaderMap::new();
    for (name, value) in headers {
        let header = HeaderName::from_bytes(name.trim().as_bytes()).map_err(|_| {
            LodeError::new(
                ErrorCode::InvalidInput,
                format!("`{name}` is not a valid HTTP header name"),
            )
        })?;
        let mut value = HeaderValue::from_str(value.trim()).map_err(|_| {
            LodeError::new(
                ErrorCode::InvalidInput,
                format!("the value of header `{name}` has characters HTTP does not allow"),
            )
        })?;
        // Keeps the value out of any Debug output (logs of requests, errors).
        value.set_sensitive(true);
        map.insert(header, value);
    }
    Ok(map)
}

/// Follows redirects only within the base URL's origin. reqwest strips `Authorization` when
/// a redirect leaves the origin, but not custom key headers like `X-Agent-API-Key`: following
/// would hand the key to whatever host the redirect names. The stopped 3xx becomes an error.
pub(super) fn same_origin_redirects() -> Policy {
    Policy::custom(|attempt: Attempt<'_>| {
        let same_origin = attempt
            .previous()
            .first()
            .is_some_and(|first| first.origin() == attempt.url().origin());
        if !same_origin {
            attempt.stop()
        } else if attempt.previous().len() > MAX_REDIRECTS {
            attempt.error(format!("more than {MAX_REDIRECTS} redirects"))
        } else {
            attempt.follow()
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base(raw: &str) -> Url {
        base_url(raw).unwrap_or_else(|e| panic!("{raw}: {e}"))
    }

    #[test]
    fn builds_endpoints_under_any_base_path() {
        for raw in ["http://h:8/api", "http://h:8/api/", "http://h:8/api#top"] {
            let list = url(&base(raw), "list", None);
            assert_eq!(list.as_str(), "http://h:8/api/resources/list");
        }
        let root = url(&base("https://h"), "list", Some(("cursor", "p=2")));
        assert_eq!(root.as_str(), "https://h/resources/list?cursor=p%3D2");
    }

    #[test]
    fn encodes_the_uri_for_form_and_plain_decoders_alike() {
        let read = url(
            &base("http://h/t?tenant=a"),
            "read",
            Some(("uri", "tables://sales/q 1+2?x=é&y")),
        );
        assert_eq!(
            read.as_str(),
            "http://h/t/resources/read?tenant=a&uri=tables%3A%2F%2Fsales%2Fq%201%2B2%3Fx%3D%C3%A9%26y"
        );
        assert_eq!(shown(&read), "http://h/t/resources/read");
    }

    #[test]
    fn a_raw_read_puts_the_uri_as_the_whole_query() {
        let read = raw_read_url(&base("http://h/api/"), "table://user");
        assert_eq!(
            read.map(String::from).as_deref(),
            Some("http://h/api/resources/read?table://user")
        );
        let read = raw_read_url(&base("http://h"), "t://a b?x=1&y=2+3#z%");
        assert_eq!(
            read.map(String::from).as_deref(),
            Some("http://h/resources/read?t://a%20b?x=1%26y=2%2B3%23z%25")
        );
        assert_eq!(raw_read_url(&base("http://h/t?tenant=a"), "t://x"), None);
    }

    #[test]
    fn accepts_only_http_and_https() {
        for raw in ["ftp://h/x", "not a url", "file:///tmp/x", "mailto:a@b"] {
            let error = base_url(raw).err().map(|e| e.code);
            assert_eq!(error, Some(ErrorCode::InvalidInput), "{raw}");
        }
    }

    #[test]
    fn rejects_bad_headers_without_showing_values() {
        let bad_name = header_map(vec![("X Key".into(), "secret-1".into())]);
        let bad_value = header_map(vec![("X-Key".into(), "secret\u{1}2".into())]);
        let bad_value = bad_value.err().map(|e| e.message).unwrap_or_default();
        assert_eq!(
            bad_value,
            "the value of header `X-Key` has characters HTTP does not allow"
        );
        assert_eq!(
            bad_name.err().map(|e| e.code),
            Some(ErrorCode::InvalidInput)
        );
        let map = header_map(vec![
            ("Authorization".into(), "Bearer plain".into()),
            ("authorization".into(), "Bearer from-keychain".into()),
        ]);
        let map = map.unwrap_or_default();
        assert_eq!(map.len(), 1, "the later header replaces the earlier one");
        assert!(!format!("{map:?}").contains("from-keychain"));
    }
}
