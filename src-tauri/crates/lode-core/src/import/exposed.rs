//! Secrets that sit where no keychain place can hold them: in a command's arguments
//! (`--api-key sk-…`, `--token=…`, `Authorization: Bearer …` given to a proxy) and in URLs (the
//! user info of `https://user:pass@host`, `?api_key=…`). Found with the same rules as secret
//! variables and headers; masked in the preview, flagged, and never written by an export. The
//! user info of a remote server's URL does have a place (an `Authorization: Basic` header), so
//! an import moves it there.

use serde::Serialize;
use ts_rs::TS;

use super::secret_words::{name_is_secret, value_looks_like_a_token};
use super::{FoundSecret, ImportedServer, SecretValue};
use crate::connection::{SecretPlace, TransportSpec};

/// What a masked secret is shown as in the preview.
pub const MASK: &str = "••••••";

/// A secret left in a connection's plain settings, because its transport has no keychain place
/// for it: the preview flags it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[ts(export)]
pub enum ExposedSecret {
    /// The command's argument at `index` (counted from 0) holds a token.
    Argument { index: u32 },
    /// The URL's query parameter `name`.
    UrlQuery { name: String },
    /// The user name and password in the URL.
    UrlUserinfo,
}

/// Every secret `transport` holds in plain settings: what the preview flags.
pub fn exposed_in(transport: &TransportSpec) -> Vec<ExposedSecret> {
    match transport {
        TransportSpec::Stdio { args, .. } => mask_args(args, MASK)
            .iter()
            .enumerate()
            .filter(|(_, masked)| masked.is_some())
            .map(|(index, _)| ExposedSecret::Argument {
                index: u32::try_from(index).unwrap_or(u32::MAX),
            })
            .collect(),
        TransportSpec::Http { url, .. }
        | TransportSpec::Sse { url, .. }
        | TransportSpec::Rest { url, .. } => mask_url(url, MASK)
            .map(|(_, found)| found)
            .unwrap_or_default(),
    }
}

/// `transport` with every secret of its arguments and URL replaced by `mask`: what the preview
/// carries to the window, and what an export writes.
pub fn masked_transport(transport: &TransportSpec, mask: &str) -> TransportSpec {
    let mut transport = transport.clone();
    match &mut transport {
        TransportSpec::Stdio { args, .. } => {
            let masked = mask_args(args, mask);
            for (arg, masked) in args.iter_mut().zip(masked) {
                if let Some(masked) = masked {
                    *arg = masked;
                }
            }
        }
        TransportSpec::Http { url, .. }
        | TransportSpec::Sse { url, .. }
        | TransportSpec::Rest { url, .. } => {
            if let Some((masked, _)) = mask_url(url, mask) {
                *url = masked;
            }
        }
    }
    transport
}

/// A remote server's user name and password, taken out of its URL into an
/// `Authorization: Basic` header secret (what an HTTP client sends for them anyway), unless
/// the entry sets that header itself: then they stay, flagged.
pub(super) fn move_userinfo(server: &mut ImportedServer) {
    let (TransportSpec::Http { url, headers } | TransportSpec::Sse { url, headers }) =
        &mut server.transport
    else {
        return;
    };
    let authorized = headers
        .keys()
        .any(|h| h.eq_ignore_ascii_case("authorization"))
        || server.secrets.iter().any(|s| match &s.place {
            SecretPlace::Bearer => true,
            SecretPlace::Header { name } => name.eq_ignore_ascii_case("authorization"),
            SecretPlace::Env { .. } | SecretPlace::OauthClientSecret => false,
        });
    let Some((rest, user, password)) = take_userinfo(url) else {
        return;
    };
    if authorized {
        return;
    }
    *url = rest;
    server.secrets.push(FoundSecret {
        place: SecretPlace::Header {
            name: "Authorization".to_owned(),
        },
        value: SecretValue::Given(format!(
            "Basic {}",
            base64(format!("{}:{}", percent_decoded(&user), percent_decoded(&password)).as_bytes())
        )),
    });
    server.notes.push(
        "the user name and password in the URL go to the keychain, as an Authorization header"
            .to_owned(),
    );
}

/// For each of `args`, its text with the secret in it replaced by `mask`, or `None` when it
/// holds none.
pub fn mask_args(args: &[String], mask: &str) -> Vec<Option<String>> {
    let mut masked = vec![None; args.len()];
    let mut i = 0;
    while i < args.len() {
        if let Some(shown) = masked_arg(&args[i], mask) {
            masked[i] = Some(shown);
        } else if flag_takes_a_secret(&args[i]) {
            if let Some(value) = args.get(i + 1) {
                if !value.starts_with('-') && is_token_text(value) {
                    masked[i + 1] = Some(mask.to_owned());
                    i += 2;
                    continue;
                }
            }
        }
        i += 1;
    }
    masked
}

/// `arg` with its secret masked, when it carries one in itself.
fn masked_arg(arg: &str, mask: &str) -> Option<String> {
    // `--token=…`, `API_KEY=…`
    if let Some((name, value)) = arg.split_once('=') {
        let bare = name.trim_start_matches('-');
        if is_word(bare) && secret_flag_name(bare) && is_token_text(value) {
            return Some(format!("{name}={mask}"));
        }
    }
    // `Authorization: Bearer …`, `X-Api-Key: …`, as given to a proxy such as mcp-remote.
    if let Some((name, value)) = arg.split_once(':') {
        if is_word(name) && name_is_secret(name) && is_token_text(without_scheme(value)) {
            return Some(format!("{name}: {mask}"));
        }
    }
    if let Some((masked, _)) = mask_url(arg, mask) {
        return Some(masked);
    }
    (value_looks_like_a_token(arg) && is_token_text(arg)).then(|| mask.to_owned())
}

/// A flag such as `--api-key` or `-token` whose value is the next argument.
fn flag_takes_a_secret(arg: &str) -> bool {
    let Some(bare) = arg.strip_prefix('-').map(|a| a.trim_start_matches('-')) else {
        return false;
    };
    is_word(bare) && secret_flag_name(bare)
}

/// A secret's name, but not the name of where a secret is kept (`--key-file`, `--token-path`):
/// that value is a path the person must see.
fn secret_flag_name(name: &str) -> bool {
    const PLACES: &[&str] = &["file", "path", "dir", "url", "env", "store", "name", "id"];
    name_is_secret(name)
        && !name
            .split(|c: char| !c.is_ascii_alphanumeric())
            .any(|part| PLACES.iter().any(|p| part.eq_ignore_ascii_case(p)))
}

/// `Bearer abc` → `abc`: the token without its scheme.
fn without_scheme(value: &str) -> &str {
    let value = value.trim();
    match value.split_once(' ') {
        Some((scheme, token)) if is_word(scheme) => token.trim(),
        _ => value,
    }
}

/// A name made of letters, digits, `-` and `_` only.
fn is_word(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Text a token can be: no spaces, quotes or shell syntax. A value with those is code or
/// prose, and masking it would hide something the person must see (`sh -c "… sk-…"`).
fn is_token_text(text: &str) -> bool {
    !text.is_empty()
        && text.chars().all(|c| {
            c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '~' | '+' | '/' | '=' | ':')
        })
}

/// `url` with the secrets in its user info and query masked, and where they were; `None` when
/// it is no URL or holds none.
pub fn mask_url(url: &str, mask: &str) -> Option<(String, Vec<ExposedSecret>)> {
    let parts = UrlParts::of(url)?;
    let mut found = Vec::new();
    let mut out = String::from(parts.scheme);
    if parts.userinfo.is_some_and(userinfo_is_secret) {
        found.push(ExposedSecret::UrlUserinfo);
        out.push_str(mask);
        out.push('@');
    } else if let Some(user) = parts.userinfo {
        out.push_str(user);
        out.push('@');
    }
    out.push_str(parts.host);
    out.push_str(parts.path);
    if let Some(query) = parts.query {
        out.push('?');
        let params: Vec<String> = query
            .split('&')
            .map(|param| match param.split_once('=') {
                Some((name, value)) if query_param_is_secret(name, value) => {
                    found.push(ExposedSecret::UrlQuery {
                        name: name.to_owned(),
                    });
                    format!("{name}={mask}")
                }
                _ => param.to_owned(),
            })
            .collect();
        out.push_str(&params.join("&"));
    }
    out.push_str(parts.fragment);
    (!found.is_empty()).then_some((out, found))
}

/// The user name and password of `url`, and the URL without them, when they hold a secret.
pub fn take_userinfo(url: &str) -> Option<(String, String, String)> {
    let parts = UrlParts::of(url)?;
    let userinfo = parts.userinfo.filter(|u| userinfo_is_secret(u))?;
    let (user, password) = userinfo.split_once(':').unwrap_or((userinfo, ""));
    let mut rest = format!("{}{}{}", parts.scheme, parts.host, parts.path);
    if let Some(query) = parts.query {
        rest.push('?');
        rest.push_str(query);
    }
    rest.push_str(parts.fragment);
    Some((rest, user.to_owned(), password.to_owned()))
}

/// A password (`user:pass`), or a user name that is a token (`https://ghp_…@github.com`); a
/// bare user name such as the `git` of `ssh://git@github.com` is none.
fn userinfo_is_secret(userinfo: &str) -> bool {
    match userinfo.split_once(':') {
        Some((_, password)) => !password.is_empty(),
        None => value_looks_like_a_token(userinfo),
    }
}

fn query_param_is_secret(name: &str, value: &str) -> bool {
    const URL_WORDS: &[&str] = &["sig", "signature", "access_token", "code"];
    !value.is_empty()
        && (name_is_secret(name)
            || URL_WORDS.iter().any(|w| name.eq_ignore_ascii_case(w))
            || value_looks_like_a_token(value))
}

/// A URL cut at its parts: `scheme://` `userinfo@` `host` `/path` `?query` `#fragment`.
struct UrlParts<'a> {
    /// Everything up to and including `://` (an argument may carry a prefix: `--url=https://`).
    scheme: &'a str,
    userinfo: Option<&'a str>,
    host: &'a str,
    path: &'a str,
    query: Option<&'a str>,
    /// With its `#`, or empty.
    fragment: &'a str,
}

impl<'a> UrlParts<'a> {
    fn of(url: &'a str) -> Option<Self> {
        let start = url.find("://")? + 3;
        let (scheme, after) = url.split_at(start);
        let authority_end = after.find(['/', '?', '#']).unwrap_or(after.len());
        let (authority, rest) = after.split_at(authority_end);
        let (userinfo, host) = match authority.rfind('@') {
            Some(at) => (Some(&authority[..at]), &authority[at + 1..]),
            None => (None, authority),
        };
        let (rest, fragment) = rest.split_at(rest.find('#').unwrap_or(rest.len()));
        let (path, query) = match rest.split_once('?') {
            Some((path, query)) => (path, Some(query)),
            None => (rest, None),
        };
        Some(Self {
            scheme,
            userinfo: userinfo.filter(|u| !u.is_empty()),
            host,
            path,
            query,
            fragment,
        })
    }
}

/// `%40` → `@`: user info is percent-encoded in a URL, not in a header.
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Standard base64 with padding, for an `Authorization: Basic` header.
pub(super) fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> shift) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
#[path = "exposed_tests.rs"]
mod tests;
