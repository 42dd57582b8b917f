//! A saved connection: how to reach one MCP server. Secrets are never part of it; the store
//! keeps only flags saying a secret exists in the keychain.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::{ErrorCode, LodeError, LodeResult};

/// The stable id of a saved connection (a database row id).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[ts(export, type = "number")]
pub struct ConnectionId(pub i64);

/// How Lode reaches a server. Only what may be stored in plain text: bearer tokens and API keys
/// travel separately as [`crate::Credentials`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[ts(export)]
pub enum TransportSpec {
    /// A local process speaking MCP over stdin/stdout.
    Stdio {
        command: String,
        #[serde(default)]
        args: Vec<String>,
        /// Variables added to the inherited environment.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        #[ts(optional, as = "Option<BTreeMap<String, String>>")]
        env: BTreeMap<String, String>,
        /// The working directory; Lode's own when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        cwd: Option<String>,
    },
    /// A remote server over Streamable HTTP.
    Http {
        url: String,
        /// Extra request headers that are not secrets.
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        #[ts(optional, as = "Option<BTreeMap<String, String>>")]
        headers: BTreeMap<String, String>,
    },
    /// A remote server over the legacy HTTP+SSE transport (protocol 2024-11-05).
    Sse {
        url: String,
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        #[ts(optional, as = "Option<BTreeMap<String, String>>")]
        headers: BTreeMap<String, String>,
    },
    /// A read-only REST resource API: `GET {url}/resources/list` and `GET {url}/resources/read`.
    Rest {
        url: String,
        #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
        #[ts(optional, as = "Option<BTreeMap<String, String>>")]
        headers: BTreeMap<String, String>,
    },
}

impl TransportSpec {
    /// Parses an inline `--stdio "CMD ARGS"` command line (whitespace-separated, with simple
    /// single and double quotes) into a stdio spec.
    pub fn stdio_from_command_line(line: &str) -> LodeResult<Self> {
        let mut words = split_command_line(line)?.into_iter();
        let command = words
            .next()
            .ok_or_else(|| LodeError::new(ErrorCode::InvalidInput, "the stdio command is empty"))?;
        Ok(Self::Stdio {
            command,
            args: words.collect(),
            env: BTreeMap::new(),
            cwd: None,
        })
    }

    /// A Streamable HTTP spec without extra headers.
    pub fn http(url: impl Into<String>) -> Self {
        Self::Http {
            url: url.into(),
            headers: BTreeMap::new(),
        }
    }

    /// A short human-readable description: the command line or the URL.
    pub fn describe(&self) -> String {
        match self {
            Self::Stdio { command, args, .. } => std::iter::once(command.as_str())
                .chain(args.iter().map(String::as_str))
                .collect::<Vec<_>>()
                .join(" "),
            Self::Http { url, .. } | Self::Sse { url, .. } | Self::Rest { url, .. } => url.clone(),
        }
    }
}

fn split_command_line(line: &str) -> LodeResult<Vec<String>> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for ch in line.chars() {
        match (quote, ch) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => current.push(c),
            (None, '"' | '\'') => {
                quote = Some(ch);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut current));
                    in_word = false;
                }
            }
            (None, c) => {
                current.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            "unbalanced quote in the stdio command",
        ));
    }
    if in_word {
        words.push(current);
    }
    Ok(words)
}

/// Where one of a connection's secrets goes when Lode connects. The value itself lives only in
/// the keychain; the store keeps this list so Lode knows what to fetch and what to delete.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[ts(export)]
pub enum SecretPlace {
    /// An environment variable of a stdio server, e.g. `GITHUB_TOKEN`.
    Env { name: String },
    /// A request header of a remote server, e.g. `X-Agent-API-Key`.
    Header { name: String },
    /// `Authorization: Bearer …`: the token alone is the secret.
    Bearer,
    /// The secret of the pre-registered OAuth client (`oauth_client_id`), sent only to the
    /// authorization server's token endpoint, never to the MCP server.
    OauthClientSecret,
}

impl SecretPlace {
    /// The secret's name under its connection in the keychain, e.g. `env/GITHUB_TOKEN`.
    pub fn key_name(&self) -> String {
        match self {
            Self::Env { name } => format!("env/{name}"),
            Self::Header { name } => format!("header/{name}"),
            Self::Bearer => "bearer".to_owned(),
            Self::OauthClientSecret => "oauth-client-secret".to_owned(),
        }
    }
}

/// The default time limit of one request.
pub const DEFAULT_TIMEOUT_SECS: u32 = 60;

/// How a saved connection behaves, besides how to reach it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ConnectionSettings {
    /// Where its secrets go (values in the keychain).
    pub secrets: Vec<SecretPlace>,
    /// Signs in with OAuth 2.1; its tokens are in the keychain.
    pub oauth: bool,
    /// A client id registered ahead of time with the server's authorization server; without
    /// one, Lode registers itself (dynamic client registration).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub oauth_client_id: Option<String>,
    /// The HTTPS URL of a client ID metadata document describing Lode (SEP-991), used as the
    /// client id when the authorization server says it accepts such documents.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub oauth_client_metadata_url: Option<String>,
    /// The time limit of each request, in seconds.
    pub timeout_secs: u32,
    /// Connected when Lode starts.
    pub enabled: bool,
    /// Its resources appear in the browser.
    pub shown_in_browser: bool,
    /// A local (stdio) server gets all of Lode's environment, not only the allow-listed
    /// variables (PATH, HOME, the locale…) and its own. Off by default: Lode's environment
    /// holds whatever the person's shell exported, tokens included.
    #[serde(default)]
    pub inherit_env: bool,
    /// The level of log messages asked of the server with `logging/setLevel`, when it logs;
    /// none leaves the server's own default. Set from the Log pane, not the form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub log_level: Option<String>,
    /// Folders offered to the server as `file://` roots (absolute paths); none by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub roots: Option<Vec<String>>,
}

impl Default for ConnectionSettings {
    fn default() -> Self {
        Self {
            secrets: Vec::new(),
            oauth: false,
            oauth_client_id: None,
            oauth_client_metadata_url: None,
            timeout_secs: DEFAULT_TIMEOUT_SECS,
            enabled: true,
            shown_in_browser: true,
            inherit_env: false,
            log_level: None,
            roots: None,
        }
    }
}

/// How the last attempt to connect ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ConnectOutcome {
    /// When, as an RFC 3339 UTC timestamp.
    pub at: String,
    pub ok: bool,
    /// Why it failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
}

/// A saved connection as the store holds it. Never a secret: see [`SecretPlace`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Connection {
    pub id: ConnectionId,
    pub name: String,
    pub transport: TransportSpec,
    pub settings: ConnectionSettings,
    /// Its place in the list of connections (ascending).
    #[ts(type = "number")]
    pub position: i64,
    /// RFC 3339 UTC timestamps.
    pub created_at: String,
    pub updated_at: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_connect: Option<ConnectOutcome>,
    /// Where it was installed from (a registry, a server.json, a link, a bundle); none for a
    /// connection added by hand or imported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub origin: Option<crate::origin::InstallOrigin>,
}

impl Connection {
    /// A connection not saved (yet): default settings, no timestamps. For connections made on
    /// the fly (the CLI's inline targets) and for tests.
    pub fn unsaved(id: ConnectionId, name: impl Into<String>, transport: TransportSpec) -> Self {
        Self {
            id,
            name: name.into(),
            transport,
            settings: ConnectionSettings::default(),
            position: 0,
            created_at: String::new(),
            updated_at: String::new(),
            last_connect: None,
            origin: None,
        }
    }

    /// The time limit of each request.
    pub fn request_timeout(&self) -> std::time::Duration {
        std::time::Duration::from_secs(u64::from(self.settings.timeout_secs.max(1)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_transports_saved_before_env_cwd_and_headers_existed() {
        let stdio: TransportSpec =
            serde_json::from_str(r#"{"kind":"stdio","command":"srv","args":["x"]}"#)
                .expect("an old stdio row parses");
        assert_eq!(stdio.describe(), "srv x");
        let http: TransportSpec = serde_json::from_str(r#"{"kind":"http","url":"http://h/mcp"}"#)
            .expect("an old http row parses");
        assert_eq!(http, TransportSpec::http("http://h/mcp"));
        // Empty maps stay off the wire, so saved rows do not change shape.
        let json = serde_json::to_string(&http).expect("serializes");
        assert_eq!(json, r#"{"kind":"http","url":"http://h/mcp"}"#);
    }

    #[test]
    fn parses_quoted_command_lines() {
        let spec = TransportSpec::stdio_from_command_line(r#"node "my server.js" --flag 'a b'"#);
        assert_eq!(
            spec.ok(),
            Some(TransportSpec::Stdio {
                command: "node".into(),
                args: vec!["my server.js".into(), "--flag".into(), "a b".into()],
                env: BTreeMap::new(),
                cwd: None,
            })
        );
    }

    #[test]
    fn rejects_empty_and_unbalanced_command_lines() {
        let empty = TransportSpec::stdio_from_command_line("   ");
        assert_eq!(empty.err().map(|e| e.code), Some(ErrorCode::InvalidInput));
        let open = TransportSpec::stdio_from_command_line("node 'x");
        assert_eq!(open.err().map(|e| e.code), Some(ErrorCode::InvalidInput));
    }

    #[test]
    fn describes_the_command_line() {
        let spec = TransportSpec::stdio_from_command_line("lode-demo-server stdio");
        let spec = spec.expect("a plain command line parses");
        assert_eq!(spec.describe(), "lode-demo-server stdio");
    }
}
