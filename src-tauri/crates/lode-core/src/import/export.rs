//! Connections written out as a Claude Desktop configuration (`{"mcpServers": {…}}`), without
//! a single secret: a secret variable or header is left out and named in the notes, so the file
//! can be shared and the person knows what to fill in. Tokens in arguments and URLs (which have
//! no keychain place, so stay in the settings) are replaced by `<secret>` and named too.

use serde::Serialize;
use serde_json::{json, Map, Value};
use ts_rs::TS;

use super::exposed::{exposed_in, masked_transport, ExposedSecret};
use crate::connection::{SecretPlace, TransportSpec};

/// What an exported file has in place of a token of an argument or URL.
pub const LEFT_OUT: &str = "<secret>";

/// One connection to export: its settings and where its secrets would go (values never).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportEntry {
    pub name: String,
    pub transport: TransportSpec,
    pub secrets: Vec<SecretPlace>,
}

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct Exported {
    /// The `{"mcpServers": {…}}` object.
    #[ts(type = "unknown")]
    pub config: Value,
    /// What was left out, e.g. "github: GITHUB_TOKEN is a secret; set it where you use this file".
    pub notes: Vec<String>,
}

/// The Claude Desktop configuration for `entries`. Remote servers are written as
/// `{"type", "url", "headers"}`, the form Claude Code and Claude Desktop's newer releases read.
pub fn claude_desktop_config(entries: &[ExportEntry]) -> Exported {
    let mut servers = Map::new();
    let mut notes = Vec::new();
    for entry in entries {
        for exposed in exposed_in(&entry.transport) {
            let what = match exposed {
                ExposedSecret::Argument { index } => format!("argument {}", index + 1),
                ExposedSecret::UrlQuery { name } => format!("the URL parameter {name}"),
                ExposedSecret::UrlUserinfo => "the password in the URL".to_owned(),
            };
            notes.push(format!(
                "{}: {what} holds a secret and was written as {LEFT_OUT}; put it back where you \
                 use this file",
                entry.name
            ));
        }
        let value = match &masked_transport(&entry.transport, LEFT_OUT) {
            TransportSpec::Stdio {
                command,
                args,
                env,
                cwd,
            } => {
                let mut server = json!({"command": command, "args": args});
                if !env.is_empty() {
                    server["env"] = json!(env);
                }
                if let Some(cwd) = cwd {
                    server["cwd"] = json!(cwd);
                }
                server
            }
            TransportSpec::Http { url, headers } => remote("http", url, headers),
            TransportSpec::Sse { url, headers } => remote("sse", url, headers),
            TransportSpec::Rest { url, .. } => {
                notes.push(format!(
                    "{}: a REST resource API ({url}) is not an MCP server; left out",
                    entry.name
                ));
                continue;
            }
        };
        for secret in &entry.secrets {
            let what = match secret {
                SecretPlace::Env { name } => format!("the variable {name}"),
                SecretPlace::Header { name } => format!("the header {name}"),
                SecretPlace::Bearer => "its bearer token".to_owned(),
                SecretPlace::OauthClientSecret => "its OAuth client secret".to_owned(),
            };
            notes.push(format!(
                "{}: {what} is a secret and was left out; add it where you use this file",
                entry.name
            ));
        }
        servers.insert(entry.name.clone(), value);
    }
    Exported {
        config: json!({ "mcpServers": servers }),
        notes,
    }
}

fn remote(kind: &str, url: &str, headers: &std::collections::BTreeMap<String, String>) -> Value {
    let mut server = json!({"type": kind, "url": url});
    if !headers.is_empty() {
        server["headers"] = json!(headers);
    }
    server
}
