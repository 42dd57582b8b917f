//! What a registry's address may be. Lode reads from it what it may later run, so the answer
//! must not be changed on the way: `https`, or plain `http` only on this computer (a loopback
//! address, which nothing on the network can reach into). No user name or password (they would
//! be sent to every page), no query or fragment (the API's paths and parameters go after it).

use url::{Host, Url};

use super::fields::excerpt;
use crate::{ErrorCode, LodeError, LodeResult};

/// The official MCP Registry: the list's first entry until the person changes it.
pub const OFFICIAL_REGISTRY: &str = "https://registry.modelcontextprotocol.io";
/// The longest address accepted (a setting and a flag, so bounded like any input).
const MAX_ADDRESS_BYTES: usize = 2048;

/// Reads a registry's address: its base, under which `/v0.1/servers` lies.
pub fn registry_url(text: &str) -> LodeResult<Url> {
    let text = text.trim();
    let refused = |why: &str| {
        LodeError::new(
            ErrorCode::InvalidInput,
            format!("not a registry address: {why} ({:?})", excerpt(text, 200)),
        )
    };
    if text.len() > MAX_ADDRESS_BYTES {
        return Err(refused(&format!("longer than {MAX_ADDRESS_BYTES} bytes")));
    }
    let mut url = Url::parse(text).map_err(|e| refused(&e.to_string()))?;
    match url.scheme() {
        "https" => {}
        "http" if on_this_computer(&url) => {}
        "http" => {
            return Err(refused(
                "plain http is accepted only for a registry on this computer (127.0.0.1, ::1, \
                 localhost); use https",
            ))
        }
        other => return Err(refused(&format!("the scheme {other}: is not https"))),
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(refused("it holds a user name or password"));
    }
    if url.query().is_some() || url.fragment().is_some() {
        return Err(refused("it has a query or a fragment"));
    }
    let path = url.path().trim_end_matches('/').to_owned();
    url.set_path(&path);
    Ok(url)
}

/// A registry's address as Lode shows and keeps it: no trailing slash.
pub fn shown_registry(url: &Url) -> String {
    url.as_str().trim_end_matches('/').to_owned()
}

fn on_this_computer(url: &Url) -> bool {
    match url.host() {
        Some(Host::Domain(domain)) => domain.eq_ignore_ascii_case("localhost"),
        Some(Host::Ipv4(address)) => address.is_loopback(),
        Some(Host::Ipv6(address)) => address.is_loopback(),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(text: &str) -> LodeResult<String> {
        registry_url(text).map(|url| shown_registry(&url))
    }

    #[test]
    fn accepts_https_and_plain_http_on_this_computer_only() {
        assert_eq!(shown(OFFICIAL_REGISTRY).as_deref(), Ok(OFFICIAL_REGISTRY));
        assert_eq!(
            shown(" https://Registry.Example.com/sub/ ").as_deref(),
            Ok("https://registry.example.com/sub")
        );
        for local in [
            "http://127.0.0.1:8080",
            "http://[::1]:1/r",
            "http://localhost:3000",
        ] {
            assert!(shown(local).is_ok(), "{local}");
        }
        for refused in [
            "http://registry.example.com",
            "http://10.0.0.1",
            "ftp://127.0.0.1",
            "file:///etc",
            "https://user:pw@r.example",
            "https://r.example/?x=1",
            "https://r.example/#f",
            "registry.example.com",
        ] {
            let error = shown(refused).expect_err(refused);
            assert_eq!(error.code, ErrorCode::InvalidInput);
            assert!(error.message.starts_with("not a registry address"));
        }
        assert!(shown(&format!("https://r.example/{}", "a".repeat(3000))).is_err());
    }
}
