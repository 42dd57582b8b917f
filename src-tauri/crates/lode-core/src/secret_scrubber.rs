//! One connection's secrets, found and replaced in whatever its server says: its stderr lines,
//! its log and progress notifications, the events the window gets, the protocol history and
//! a `--trace` file all pass through the same [`SecretScrubber`].
//!
//! A server that echoes a secret need not echo it as it was given: it may write it inside JSON
//! (escaped by serde, or every character as `\uXXXX`), URL-encoded, or in base64 (standard or
//! URL-safe, and, within a longer encoded string, at any of three byte alignments). Every one of
//! those forms is worked out once, when the connection starts, and searched for together in one
//! pass (Aho-Corasick), so scrubbing costs the same whatever the number of secrets and forms.
//! Mixed spellings (half the characters escaped, hex digits of both cases in one string) are
//! not caught: nothing short of decoding every string could.

use std::borrow::Cow;
use std::sync::Arc;

use aho_corasick::{AhoCorasick, MatchKind};

use crate::credentials::Credentials;
use crate::error::LodeError;
use crate::event::{ConnectionStatus, ServerEvent};
use crate::server::ServerInfo;

/// What a secret is replaced with.
pub const SCRUBBED: &str = "[secret]";

/// Secrets shorter than this are not scrubbed (they would blank out ordinary words), nor are
/// forms of a secret shorter than this (a base64 core of a 4-byte secret, say, is still 4).
pub const SHORTEST_SECRET: usize = 4;

/// The secrets of one connection in every form Lode looks for. Cheap to clone; the default
/// scrubs nothing.
#[derive(Clone, Default)]
pub struct SecretScrubber {
    forms: Option<Arc<Forms>>,
}

struct Forms {
    /// Every form, longest first.
    all: Vec<String>,
    finder: AhoCorasick,
}

impl SecretScrubber {
    /// A scrubber for `secrets` (values shorter than [`SHORTEST_SECRET`] are left out).
    pub fn new<'a>(secrets: impl IntoIterator<Item = &'a str>) -> Self {
        let mut all: Vec<String> = Vec::new();
        for secret in secrets.into_iter().filter(|s| s.len() >= SHORTEST_SECRET) {
            all.extend(forms_of(secret));
        }
        all.retain(|form| form.len() >= SHORTEST_SECRET);
        all.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
        all.dedup();
        if all.is_empty() {
            return Self::default();
        }
        // Leftmost-longest: a secret that contains another is replaced whole.
        match AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostLongest)
            .build(&all)
        {
            Ok(finder) => Self {
                forms: Some(Arc::new(Forms { all, finder })),
            },
            // Only a pattern set past the library's size limits fails; a handful of short
            // secrets never does. Scrubbing everything beats scrubbing nothing.
            Err(_) => Self::everything(),
        }
    }

    /// A scrubber for every secret in `credentials`.
    pub fn of(credentials: &Credentials) -> Self {
        Self::new(
            credentials
                .bearer_token
                .iter()
                .chain(credentials.secret_headers.iter().map(|key| &key.value))
                .chain(credentials.secret_env.iter())
                .map(String::as_str),
        )
    }

    /// Never reached in practice (see `new`): a scrubber whose one form matches any text.
    fn everything() -> Self {
        Self {
            forms: AhoCorasick::new([""]).ok().map(|finder| {
                Arc::new(Forms {
                    all: Vec::new(),
                    finder,
                })
            }),
        }
    }

    /// Whether there is nothing to scrub.
    pub fn is_empty(&self) -> bool {
        self.forms.is_none()
    }

    /// The length of the longest form: how much of a text's end a cut may leave half of.
    pub fn longest_form(&self) -> usize {
        self.forms
            .as_ref()
            .and_then(|forms| forms.all.first())
            .map_or(0, String::len)
    }

    /// `text` with every form of every secret replaced by [`SCRUBBED`]; borrowed when none is in it.
    pub fn scrub<'a>(&self, text: &'a str) -> Cow<'a, str> {
        let Some(forms) = &self.forms else {
            return Cow::Borrowed(text);
        };
        if forms.all.is_empty() {
            return Cow::Owned(SCRUBBED.to_owned());
        }
        if !forms.finder.is_match(text) {
            return Cow::Borrowed(text);
        }
        let mut scrubbed = String::with_capacity(text.len());
        forms
            .finder
            .replace_all_with(text, &mut scrubbed, |_, _, out| {
                out.push_str(SCRUBBED);
                true
            });
        Cow::Owned(scrubbed)
    }

    /// [`scrub`](Self::scrub) for an owned string, reusing it when nothing is found.
    pub fn scrub_string(&self, text: String) -> String {
        match self.scrub(&text) {
            Cow::Borrowed(_) => text,
            Cow::Owned(scrubbed) => scrubbed,
        }
    }

    /// Every string in `value`, object keys included, scrubbed in place.
    pub fn scrub_json(&self, value: &mut serde_json::Value) {
        use serde_json::Value;
        if self.is_empty() {
            return;
        }
        match value {
            Value::String(text) => *text = self.scrub_string(std::mem::take(text)),
            Value::Array(items) => items.iter_mut().for_each(|item| self.scrub_json(item)),
            Value::Object(map) => {
                let entries = std::mem::take(map);
                for (key, mut item) in entries {
                    self.scrub_json(&mut item);
                    map.insert(self.scrub_string(key), item);
                }
            }
            Value::Null | Value::Bool(_) | Value::Number(_) => {}
        }
    }

    /// How many bytes at the end of `text` are the start of a form (at least
    /// [`SHORTEST_SECRET`] of them): what a cut that split a secret in two must also remove.
    pub fn partial_at_end(&self, text: &str) -> usize {
        let Some(forms) = &self.forms else { return 0 };
        forms
            .all
            .iter()
            .filter_map(|form| {
                (SHORTEST_SECRET..form.len())
                    .rev()
                    .find(|&n| form.is_char_boundary(n) && text.ends_with(&form[..n]))
            })
            .max()
            .unwrap_or(0)
    }
}

/// What Lode passes on of a server's words, scrubbed.
impl SecretScrubber {
    /// A server's event (a log message, progress, an updated URI) with its strings scrubbed.
    pub fn scrub_event(&self, event: ServerEvent) -> ServerEvent {
        if self.is_empty() {
            return event;
        }
        match event {
            ServerEvent::ResourceUpdated { uri } => ServerEvent::ResourceUpdated {
                uri: self.scrub_string(uri),
            },
            ServerEvent::Log {
                level,
                logger,
                mut data,
            } => {
                self.scrub_json(&mut data);
                ServerEvent::Log {
                    level: self.scrub_string(level),
                    logger: logger.map(|name| self.scrub_string(name)),
                    data,
                }
            }
            ServerEvent::Progress {
                token,
                progress,
                total,
                message,
            } => ServerEvent::Progress {
                token: self.scrub_string(token),
                progress,
                total,
                message: message.map(|text| self.scrub_string(text)),
            },
            ServerEvent::ResourceListChanged
            | ServerEvent::ToolListChanged
            | ServerEvent::PromptListChanged => event,
        }
    }

    /// An error whose message or detail may quote a server (its stderr, its error message).
    pub fn scrub_error(&self, error: LodeError) -> LodeError {
        if self.is_empty() {
            return error;
        }
        LodeError {
            code: error.code,
            message: self.scrub_string(error.message),
            detail: error.detail.map(|detail| self.scrub_string(detail)),
            facts: error.facts,
        }
    }

    /// What a server said of itself in the handshake (its `instructions` are shown whole).
    pub fn scrub_server_info(&self, info: ServerInfo) -> ServerInfo {
        if self.is_empty() {
            return info;
        }
        let scrub = |text: Option<String>| text.map(|text| self.scrub_string(text));
        ServerInfo {
            name: scrub(info.name),
            title: scrub(info.title),
            version: scrub(info.version),
            instructions: scrub(info.instructions),
            ..info
        }
    }

    /// A connection's status, its error or challenge scrubbed.
    pub fn scrub_status(&self, status: ConnectionStatus) -> ConnectionStatus {
        match status {
            ConnectionStatus::Reconnecting {
                attempt,
                retry_in_ms,
                error,
            } => ConnectionStatus::Reconnecting {
                attempt,
                retry_in_ms,
                error: self.scrub_error(error),
            },
            ConnectionStatus::Failed { error } => ConnectionStatus::Failed {
                error: self.scrub_error(error),
            },
            ConnectionStatus::AuthRequired { challenge, scope } => ConnectionStatus::AuthRequired {
                challenge: challenge.map(|text| self.scrub_string(text)),
                scope: scope.map(|text| self.scrub_string(text)),
            },
            ConnectionStatus::Connecting | ConnectionStatus::Ready | ConnectionStatus::Stopped => {
                status
            }
        }
    }
}

impl std::fmt::Debug for SecretScrubber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count = self.forms.as_ref().map_or(0, |forms| forms.all.len());
        write!(f, "SecretScrubber(<{count} forms redacted>)")
    }
}

/// Every form of `secret` a server might echo.
fn forms_of(secret: &str) -> Vec<String> {
    let mut forms = vec![secret.to_owned()];
    // Every character as `\uXXXX` (surrogate pairs past the BMP), either case of hex.
    let units: Vec<u16> = secret.encode_utf16().collect();
    forms.push(units.iter().map(|u| format!("\\u{u:04x}")).collect());
    forms.push(units.iter().map(|u| format!("\\u{u:04X}")).collect());
    // URL-encoded: only what must be, every non-alphanumeric byte, or every byte; either case.
    let unreserved = |b: u8| b.is_ascii_alphanumeric() || b"-._~".contains(&b);
    for keep in [unreserved, |b: u8| b.is_ascii_alphanumeric(), |_: u8| false] {
        for upper in [true, false] {
            forms.push(percent_encode(secret.as_bytes(), keep, upper));
        }
    }
    // Form encoding writes a space as `+`.
    if secret.contains(' ') {
        forms.push(percent_encode(secret.as_bytes(), unreserved, true).replace("%20", "+"));
    }
    // base64, standard and URL-safe, at each of the three alignments a secret can have inside a
    // longer encoded string: the characters that depend on the secret's bytes alone.
    for alphabet in [STANDARD, URL_SAFE] {
        for offset in 0..3 {
            forms.push(base64_core(secret.as_bytes(), offset, alphabet));
        }
    }
    // Each as it stands inside a JSON string (the raw bytes of a message, its history), when
    // JSON escapes it: a secret holding quotes or backslashes, the `\\uXXXX` forms as text.
    let escaped: Vec<String> = forms.iter().filter_map(|form| json_escaped(form)).collect();
    forms.extend(escaped);
    forms
}

/// `text` as serde writes it between a JSON string's quotes, when that differs.
fn json_escaped(text: &str) -> Option<String> {
    let quoted = serde_json::to_string(text).ok()?;
    let inner = &quoted[1..quoted.len() - 1];
    (inner != text).then(|| inner.to_owned())
}

fn percent_encode(bytes: &[u8], keep: impl Fn(u8) -> bool, upper: bool) -> String {
    let mut out = String::with_capacity(bytes.len() * 3);
    for &b in bytes {
        if keep(b) {
            out.push(char::from(b));
        } else if upper {
            out.push_str(&format!("%{b:02X}"));
        } else {
            out.push_str(&format!("%{b:02x}"));
        }
    }
    out
}

const STANDARD: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const URL_SAFE: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The base64 characters of `secret` preceded by `offset` other bytes (0, 1 or 2) that its own
/// bits alone decide: a character holds 6 bits, so those at the edges that share bits with the
/// bytes around are left out.
fn base64_core(secret: &[u8], offset: usize, alphabet: &[u8; 64]) -> String {
    let mut bytes = vec![0u8; offset];
    bytes.extend_from_slice(secret);
    let bits = bytes.len() * 8;
    let first = (offset * 8).div_ceil(6);
    let end = bits / 6;
    (first..end)
        .map(|i| {
            let at = i * 6;
            let (byte, shift) = (at / 8, at % 8);
            let pair =
                (u16::from(bytes[byte]) << 8) | u16::from(*bytes.get(byte + 1).unwrap_or(&0));
            let index = (pair >> (10 - shift)) & 0x3f;
            char::from(alphabet[usize::from(index)])
        })
        .collect()
}

#[cfg(test)]
#[path = "secret_scrubber_tests.rs"]
mod tests;
