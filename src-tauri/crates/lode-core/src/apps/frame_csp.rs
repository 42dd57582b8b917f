//! The Content-Security-Policy an app's frame runs under, built only from the origins its
//! declaration names (`AppCsp`), each checked first: an origin Lode cannot read as one (a CSP
//! keyword such as `'unsafe-eval'`, a bare `*`, a `data:` or `javascript:` scheme, a path, a
//! separator that would start another directive) is refused and reported, never passed on.
//! Without a declaration the frame gets the extension's restrictive default: its own inline
//! scripts and styles, `data:` images and media, and no network at all.

use serde::Serialize;
use ts_rs::TS;

use super::AppCsp;

/// An origin the declaration named that the frame's policy leaves out, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RefusedSource {
    pub source: String,
    pub reason: SourceProblem,
}

/// Why a declared origin is not one Lode puts in a policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum SourceProblem {
    /// Not `scheme://host[:port]`: a keyword, a bare `*`, a path or query, a separator.
    NotAnOrigin,
    /// A scheme other than https and wss (http and ws only for this machine's loopback).
    Scheme,
}

/// The frame's policy and what was left out of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FrameCsp {
    /// The policy, as the `Content-Security-Policy` header's value.
    pub policy: String,
    pub refused: Vec<RefusedSource>,
}

/// The policy for an app that declared `csp` (or nothing).
pub fn frame_csp(csp: Option<&AppCsp>) -> FrameCsp {
    let mut refused = Vec::new();
    let empty = AppCsp::default();
    let csp = csp.unwrap_or(&empty);
    let mut checked = |sources: &[String]| -> Vec<String> {
        sources
            .iter()
            .filter_map(|source| match checked_origin(source) {
                Ok(origin) => Some(origin),
                Err(reason) => {
                    refused.push(RefusedSource {
                        source: source.clone(),
                        reason,
                    });
                    None
                }
            })
            .collect()
    };
    let connect = checked(&csp.connect_domains);
    let resources = checked(&csp.resource_domains);
    let frames = checked(&csp.frame_domains);
    let base_uris = checked(&csp.base_uri_domains);

    let list = |keywords: &str, origins: &[String]| -> String {
        let mut value = keywords.to_owned();
        for origin in origins {
            if !value.is_empty() {
                value.push(' ');
            }
            value.push_str(origin);
        }
        if value.is_empty() {
            "'none'".to_owned()
        } else {
            value
        }
    };
    let directives = [
        ("default-src", "'none'".to_owned()),
        ("script-src", list("'self' 'unsafe-inline'", &resources)),
        ("style-src", list("'self' 'unsafe-inline'", &resources)),
        ("img-src", list("'self' data: blob:", &resources)),
        ("font-src", list("'self' data:", &resources)),
        ("media-src", list("'self' data: blob:", &resources)),
        ("connect-src", list("", &connect)),
        ("frame-src", list("", &frames)),
        ("base-uri", list("", &base_uris)),
        // Never a plugin, never a form posted away, never framed by anything but Lode.
        ("object-src", "'none'".to_owned()),
        ("form-action", "'none'".to_owned()),
    ];
    let policy = directives
        .iter()
        .map(|(name, value)| format!("{name} {value}"))
        .collect::<Vec<_>>()
        .join("; ");
    FrameCsp { policy, refused }
}

/// `source` as an origin for a policy, lower-cased: `https://host[:port]` (or `wss://`), the
/// host possibly `*.`-prefixed; `http://` and `ws://` only for loopback hosts. A trailing `/`
/// is dropped; anything after it is refused.
fn checked_origin(source: &str) -> Result<String, SourceProblem> {
    let source = source.trim_end_matches('/');
    let (scheme, rest) = source.split_once("://").ok_or(SourceProblem::NotAnOrigin)?;
    let scheme = scheme.to_ascii_lowercase();
    let (host, port) = match rest.rsplit_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (rest, None),
    };
    let host = host.to_ascii_lowercase();
    if let Some(port) = port {
        if port.is_empty() || port.len() > 5 || !port.bytes().all(|b| b.is_ascii_digit()) {
            return Err(SourceProblem::NotAnOrigin);
        }
    }
    let bare = host.strip_prefix("*.").unwrap_or(&host);
    let label_ok = |label: &str| {
        !label.is_empty()
            && label.len() <= 63
            && label
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-')
    };
    if bare.is_empty() || bare.len() > 253 || !bare.split('.').all(label_ok) {
        return Err(SourceProblem::NotAnOrigin);
    }
    let loopback = matches!(bare, "localhost" | "127.0.0.1") && bare == host;
    match scheme.as_str() {
        "https" | "wss" => {}
        "http" | "ws" if loopback => {}
        _ => return Err(SourceProblem::Scheme),
    }
    Ok(match port {
        Some(port) => format!("{scheme}://{host}:{port}"),
        None => format!("{scheme}://{host}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn declared(connect: &[&str], resources: &[&str]) -> AppCsp {
        AppCsp {
            connect_domains: connect.iter().map(|s| (*s).to_owned()).collect(),
            resource_domains: resources.iter().map(|s| (*s).to_owned()).collect(),
            ..AppCsp::default()
        }
    }

    fn directive<'a>(policy: &'a str, name: &str) -> &'a str {
        policy
            .split("; ")
            .find_map(|d| d.strip_prefix(name).map(str::trim))
            .unwrap_or_else(|| panic!("no {name} in {policy}"))
    }

    #[test]
    fn without_a_declaration_the_frame_reaches_no_network() {
        let csp = frame_csp(None);
        assert_eq!(directive(&csp.policy, "default-src"), "'none'");
        assert_eq!(directive(&csp.policy, "connect-src"), "'none'");
        assert_eq!(directive(&csp.policy, "frame-src"), "'none'");
        assert_eq!(directive(&csp.policy, "base-uri"), "'none'");
        assert_eq!(
            directive(&csp.policy, "script-src"),
            "'self' 'unsafe-inline'"
        );
        assert!(csp.refused.is_empty());
    }

    #[test]
    fn declared_origins_go_to_their_directives_only() {
        let csp = frame_csp(Some(&declared(
            &["https://API.example.com", "http://localhost:8123/"],
            &["https://*.cdn.example"],
        )));
        assert_eq!(
            directive(&csp.policy, "connect-src"),
            "https://api.example.com http://localhost:8123"
        );
        assert_eq!(
            directive(&csp.policy, "script-src"),
            "'self' 'unsafe-inline' https://*.cdn.example"
        );
        assert_eq!(directive(&csp.policy, "frame-src"), "'none'");
        assert!(csp.refused.is_empty(), "{:?}", csp.refused);
    }

    #[test]
    fn what_is_not_an_origin_is_refused_and_said() {
        let hostile = [
            "'unsafe-eval'",
            "*",
            "https://*",
            "data:",
            "javascript:alert(1)",
            "https://a.example; script-src *",
            "https://a.example/path",
            "https://a.example:99999x",
            "https://a .example",
            "https://user@a.example",
            "",
        ];
        let csp = frame_csp(Some(&declared(&hostile, &[])));
        assert_eq!(directive(&csp.policy, "connect-src"), "'none'");
        assert_eq!(csp.refused.len(), hostile.len(), "{:?}", csp.refused);
        assert!(csp
            .refused
            .iter()
            .all(|r| r.reason == SourceProblem::NotAnOrigin));
        // Whatever was declared, the policy stays one directive per name.
        assert_eq!(csp.policy.matches("script-src").count(), 1);
    }

    #[test]
    fn plain_http_is_for_this_machine_only() {
        let csp = frame_csp(Some(&declared(
            &[
                "http://example.com",
                "ws://127.0.0.1:9",
                "ftp://example.com",
            ],
            &[],
        )));
        assert_eq!(directive(&csp.policy, "connect-src"), "ws://127.0.0.1:9");
        let reasons: Vec<_> = csp.refused.iter().map(|r| r.reason).collect();
        assert_eq!(reasons, [SourceProblem::Scheme, SourceProblem::Scheme]);
    }
}
