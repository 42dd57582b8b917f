//! What the add and edit forms (and `lode connections add|edit`) hand over: a connection as the
//! person typed it, with its secrets as changes (keep the saved value, or set a new one), and
//! the one rule book that checks it. The window asks for the problems as the person types, and
//! Lode checks again before saving, so both always agree.

use std::collections::BTreeSet;
use std::fmt;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::connection::{Connection, ConnectionId, ConnectionSettings, SecretPlace, TransportSpec};

/// The longest request time limit a connection may have: an hour.
pub const MAX_TIMEOUT_SECS: u32 = 3600;
/// The longest connection name.
pub const MAX_NAME_CHARS: usize = 100;

/// A connection as the add or edit form holds it.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ConnectionDraft {
    pub name: String,
    pub transport: TransportSpec,
    /// Every secret the connection should have; a saved secret not listed here is deleted.
    pub secrets: Vec<SecretEdit>,
    pub oauth: bool,
    /// A client id registered ahead of time (OAuth only); blank or absent: Lode registers.
    #[serde(default)]
    #[ts(optional)]
    pub oauth_client_id: Option<String>,
    /// A client ID metadata document URL (OAuth only, https with a path); blank or absent:
    /// none.
    #[serde(default)]
    #[ts(optional)]
    pub oauth_client_metadata_url: Option<String>,
    pub timeout_secs: u32,
    pub enabled: bool,
    pub shown_in_browser: bool,
    /// Give a stdio server all of Lode's environment (see `ConnectionSettings::inherit_env`).
    #[serde(default)]
    pub inherit_env: bool,
}

impl ConnectionDraft {
    /// A draft with default settings and no secrets.
    pub fn new(name: impl Into<String>, transport: TransportSpec) -> Self {
        let defaults = ConnectionSettings::default();
        Self {
            name: name.into(),
            transport,
            secrets: Vec::new(),
            oauth: defaults.oauth,
            oauth_client_id: defaults.oauth_client_id,
            oauth_client_metadata_url: defaults.oauth_client_metadata_url,
            timeout_secs: defaults.timeout_secs,
            enabled: defaults.enabled,
            shown_in_browser: defaults.shown_in_browser,
            inherit_env: defaults.inherit_env,
        }
    }

    /// The draft of a saved connection, every secret kept as it is.
    pub fn of(connection: &Connection) -> Self {
        let settings = &connection.settings;
        Self {
            name: connection.name.clone(),
            transport: connection.transport.clone(),
            secrets: settings
                .secrets
                .iter()
                .map(|place| SecretEdit::keep(place.clone()))
                .collect(),
            oauth: settings.oauth,
            oauth_client_id: settings.oauth_client_id.clone(),
            oauth_client_metadata_url: settings.oauth_client_metadata_url.clone(),
            timeout_secs: settings.timeout_secs,
            enabled: settings.enabled,
            shown_in_browser: settings.shown_in_browser,
            inherit_env: settings.inherit_env,
        }
    }

    /// The settings to save: the secrets are the places the draft lists.
    pub fn settings(&self) -> ConnectionSettings {
        ConnectionSettings {
            secrets: self.secrets.iter().map(|edit| edit.place.clone()).collect(),
            oauth: self.oauth,
            oauth_client_id: self
                .oauth_client_id
                .as_deref()
                .map(str::trim)
                .filter(|id| self.oauth && !id.is_empty())
                .map(str::to_owned),
            oauth_client_metadata_url: self
                .oauth_client_metadata_url
                .as_deref()
                .map(str::trim)
                .filter(|url| self.oauth && !url.is_empty())
                .map(str::to_owned),
            timeout_secs: self.timeout_secs,
            enabled: self.enabled,
            shown_in_browser: self.shown_in_browser,
            // Only a local server has an environment.
            inherit_env: self.inherit_env && matches!(self.transport, TransportSpec::Stdio { .. }),
            // Kept by the store as they are: the Log pane sets the level, not the form.
            log_level: None,
            roots: None,
        }
    }
}

/// One secret of a draft: where it goes, and whether its value changes.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SecretEdit {
    pub place: SecretPlace,
    pub change: SecretChange,
}

impl SecretEdit {
    /// A new value for the secret at `place`.
    pub fn set(place: SecretPlace, value: impl Into<String>) -> Self {
        Self {
            place,
            change: SecretChange::Set {
                value: SecretText::new(value),
            },
        }
    }

    /// The saved value at `place`, unchanged.
    pub fn keep(place: SecretPlace) -> Self {
        Self {
            place,
            change: SecretChange::Keep,
        }
    }
}

#[derive(Debug, Clone, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[ts(export)]
pub enum SecretChange {
    /// The value already in the keychain stays.
    Keep,
    /// A new value replaces it.
    Set { value: SecretText },
}

/// A secret value on its way from the person to the keychain. It can be read from a form but
/// never written anywhere (no `Serialize`), and prints as `<redacted>`.
#[derive(Clone, Deserialize, TS)]
#[ts(export, type = "string")]
pub struct SecretText(String);

impl SecretText {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for SecretText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

/// Which part of the form a problem belongs to, so the window can show it beside that field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[ts(export)]
pub enum DraftField {
    Name,
    /// The stdio command, or the URL of a remote transport.
    Target,
    Cwd,
    Env {
        key: String,
    },
    Header {
        key: String,
    },
    Secret {
        index: u32,
    },
    Timeout,
    Oauth,
    /// The client ID metadata document URL.
    OauthClientMetadataUrl,
}

/// What is wrong, as a code the window words in the person's language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[ts(export)]
pub enum DraftProblemKind {
    Required,
    TooLong {
        max: u32,
    },
    ControlCharacter,
    /// Another connection already has this name (names compare case-insensitively).
    NameTaken,
    /// Not an `http://` or `https://` URL with a host.
    NotHttpUrl,
    /// Not a valid environment variable name (letters, digits, `_`, not starting with a digit).
    BadEnvName,
    /// Not a valid HTTP header name.
    BadHeaderName,
    /// A header value with a line break.
    BadHeaderValue,
    /// The same variable or header twice, as a plain value and as a secret say.
    Duplicate,
    /// A secret variable on a remote server, or a secret header on a local one.
    WrongTransport,
    /// "Keep" for a secret that was never saved.
    NotSaved,
    OutOfRange {
        min: u32,
        max: u32,
    },
    /// Not an `https://` URL with a host and a path (a client ID metadata document's URL).
    NotHttpsUrlWithPath,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DraftProblem {
    pub field: DraftField,
    pub problem: DraftProblemKind,
}

impl DraftProblem {
    /// The problem in English words, for the command line and error messages.
    pub fn describe(&self) -> String {
        let field = match &self.field {
            DraftField::Name => "name".to_owned(),
            DraftField::Target => "command or URL".to_owned(),
            DraftField::Cwd => "working directory".to_owned(),
            DraftField::Env { key } => format!("variable {key}"),
            DraftField::Header { key } => format!("header {key}"),
            DraftField::Secret { index } => format!("secret #{}", index + 1),
            DraftField::Timeout => "timeout".to_owned(),
            DraftField::Oauth => "OAuth".to_owned(),
            DraftField::OauthClientMetadataUrl => "client metadata document URL".to_owned(),
        };
        let problem = match &self.problem {
            DraftProblemKind::Required => "is required".to_owned(),
            DraftProblemKind::TooLong { max } => format!("is longer than {max} characters"),
            DraftProblemKind::ControlCharacter => "holds a control character".to_owned(),
            DraftProblemKind::NameTaken => "is already the name of another connection".to_owned(),
            DraftProblemKind::NotHttpUrl => "is not an http:// or https:// URL".to_owned(),
            DraftProblemKind::BadEnvName => {
                "is not a variable name (letters, digits and _)".to_owned()
            }
            DraftProblemKind::BadHeaderName => "is not a valid header name".to_owned(),
            DraftProblemKind::BadHeaderValue => "holds a line break".to_owned(),
            DraftProblemKind::Duplicate => "is given twice".to_owned(),
            DraftProblemKind::WrongTransport => "does not fit this kind of server".to_owned(),
            DraftProblemKind::NotSaved => "has no saved value to keep".to_owned(),
            DraftProblemKind::OutOfRange { min, max } => {
                format!("must be from {min} to {max} seconds")
            }
            DraftProblemKind::NotHttpsUrlWithPath => {
                "is not an https:// URL with a path (e.g. https://example.com/lode.json)".to_owned()
            }
        };
        format!("{field} {problem}")
    }
}

/// Every problem of `draft`, empty when it can be saved. `editing` is the saved connection
/// the draft edits (none when adding); `others` are all saved connections, for the name check
/// (the edited one among them is ignored).
pub fn check_draft(
    draft: &ConnectionDraft,
    editing: Option<&Connection>,
    others: &[Connection],
) -> Vec<DraftProblem> {
    let mut problems = Vec::new();
    let mut add = |field: DraftField, problem: DraftProblemKind| {
        problems.push(DraftProblem { field, problem });
    };
    check_name(draft, editing.map(|c| c.id), others, &mut add);
    let (plain_keys, remote) = check_transport(&draft.transport, &mut add);
    check_secrets(draft, editing, &plain_keys, remote, &mut add);
    if !(1..=MAX_TIMEOUT_SECS).contains(&draft.timeout_secs) {
        add(
            DraftField::Timeout,
            DraftProblemKind::OutOfRange {
                min: 1,
                max: MAX_TIMEOUT_SECS,
            },
        );
    }
    if draft.oauth && !matches!(draft.transport, TransportSpec::Http { .. }) {
        add(DraftField::Oauth, DraftProblemKind::WrongTransport);
    }
    if draft.oauth {
        let url = draft.oauth_client_metadata_url.as_deref().map(str::trim);
        if url.is_some_and(|url| !url.is_empty() && !is_metadata_document_url(url)) {
            add(
                DraftField::OauthClientMetadataUrl,
                DraftProblemKind::NotHttpsUrlWithPath,
            );
        }
    }
    problems
}

fn check_name(
    draft: &ConnectionDraft,
    editing: Option<ConnectionId>,
    others: &[Connection],
    add: &mut impl FnMut(DraftField, DraftProblemKind),
) {
    let name = draft.name.trim();
    if name.is_empty() {
        add(DraftField::Name, DraftProblemKind::Required);
    } else if name.chars().count() > MAX_NAME_CHARS {
        add(
            DraftField::Name,
            DraftProblemKind::TooLong {
                max: MAX_NAME_CHARS as u32,
            },
        );
    } else if name.chars().any(char::is_control) {
        add(DraftField::Name, DraftProblemKind::ControlCharacter);
    } else if others
        .iter()
        .any(|c| Some(c.id) != editing && c.name.to_lowercase() == name.to_lowercase())
    {
        add(DraftField::Name, DraftProblemKind::NameTaken);
    }
}

/// Checks the transport; returns the plain variable or header names (lowercased for headers)
/// and whether the server is remote.
fn check_transport(
    transport: &TransportSpec,
    add: &mut impl FnMut(DraftField, DraftProblemKind),
) -> (BTreeSet<String>, bool) {
    match transport {
        TransportSpec::Stdio {
            command, env, cwd, ..
        } => {
            if command.trim().is_empty() {
                add(DraftField::Target, DraftProblemKind::Required);
            }
            if cwd.as_deref().is_some_and(|cwd| cwd.trim().is_empty()) {
                add(DraftField::Cwd, DraftProblemKind::Required);
            }
            for key in env.keys() {
                if !is_env_name(key) {
                    add(
                        DraftField::Env { key: key.clone() },
                        DraftProblemKind::BadEnvName,
                    );
                }
            }
            (env.keys().cloned().collect(), false)
        }
        TransportSpec::Http { url, headers }
        | TransportSpec::Sse { url, headers }
        | TransportSpec::Rest { url, headers } => {
            if url.trim().is_empty() {
                add(DraftField::Target, DraftProblemKind::Required);
            } else if !is_http_url(url) {
                add(DraftField::Target, DraftProblemKind::NotHttpUrl);
            }
            for (key, value) in headers {
                let field = DraftField::Header { key: key.clone() };
                if !is_header_name(key) {
                    add(field, DraftProblemKind::BadHeaderName);
                } else if value.contains(['\r', '\n']) {
                    add(field, DraftProblemKind::BadHeaderValue);
                }
            }
            (headers.keys().map(|k| k.to_lowercase()).collect(), true)
        }
    }
}

fn check_secrets(
    draft: &ConnectionDraft,
    editing: Option<&Connection>,
    plain_keys: &BTreeSet<String>,
    remote: bool,
    add: &mut impl FnMut(DraftField, DraftProblemKind),
) {
    let mut seen = BTreeSet::new();
    for (index, edit) in draft.secrets.iter().enumerate() {
        let field = || DraftField::Secret {
            index: u32::try_from(index).unwrap_or(u32::MAX),
        };
        let (fits, valid_name, key) = match &edit.place {
            SecretPlace::Env { name } => (!remote, is_env_name(name), name.clone()),
            SecretPlace::Header { name } => (remote, is_header_name(name), name.to_lowercase()),
            SecretPlace::Bearer => (remote, true, "authorization".to_owned()),
            // Only a connection that signs in with OAuth has a client to keep a secret for.
            SecretPlace::OauthClientSecret => (
                remote && draft.oauth,
                true,
                "oauth client secret".to_owned(),
            ),
        };
        let problem = if !fits {
            Some(DraftProblemKind::WrongTransport)
        } else if !valid_name {
            Some(match edit.place {
                SecretPlace::Env { .. } => DraftProblemKind::BadEnvName,
                _ => DraftProblemKind::BadHeaderName,
            })
        } else if plain_keys.contains(&key) || !seen.insert(key) {
            Some(DraftProblemKind::Duplicate)
        } else {
            match &edit.change {
                SecretChange::Keep => {
                    let saved = editing.is_some_and(|c| c.settings.secrets.contains(&edit.place));
                    (!saved).then_some(DraftProblemKind::NotSaved)
                }
                SecretChange::Set { value } if value.expose().is_empty() => {
                    Some(DraftProblemKind::Required)
                }
                SecretChange::Set { value }
                    if !matches!(edit.place, SecretPlace::Env { .. })
                        && value.expose().contains(['\r', '\n']) =>
                {
                    Some(DraftProblemKind::BadHeaderValue)
                }
                SecretChange::Set { .. } => None,
            }
        };
        if let Some(problem) = problem {
            add(field(), problem);
        }
    }
}

fn is_env_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// An RFC 9110 token.
fn is_header_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

/// A client ID metadata document's URL (SEP-991): `https`, a host, and a path beyond `/`, since
/// the URL itself becomes the client id.
fn is_metadata_document_url(url: &str) -> bool {
    let Some(rest) = url.strip_prefix("https://") else {
        return false;
    };
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let path = path.split(['?', '#']).next().unwrap_or_default();
    is_http_url(url)
        && !host.is_empty()
        && !host.contains(['?', '#'])
        && !path.is_empty()
        && !url.contains('#')
}

fn is_http_url(url: &str) -> bool {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"));
    let Some(rest) = rest else {
        return false;
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = host.rsplit('@').next().unwrap_or_default();
    !host.is_empty()
        && !host.starts_with(':')
        && !url.chars().any(|c| c.is_whitespace() || c.is_control())
}

#[cfg(test)]
#[path = "draft_tests.rs"]
mod tests;
