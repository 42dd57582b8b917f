//! Reading the MCP server configurations of other clients (Claude Desktop, Claude Code, VS Code,
//! Cursor, Windsurf) into connections Lode can save, with their secrets set apart for the
//! keychain; and writing connections back out in the Claude Desktop format, without secrets.
//!
//! Pure: the caller reads the file (lode-app knows where each client keeps it) and decides
//! what to save. A file that is not JSON fails as a whole; a bad server entry is reported on its
//! own and the others still come through.

mod command_view;
mod digest;
mod entry;
mod export;
mod exposed;
mod jsonc;
mod preview;
mod runtime_env;
mod secret_words;
mod secrets;

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

use crate::connection::TransportSpec;
use crate::error::{ErrorCode, LodeError, LodeResult};

pub use crate::connection::SecretPlace;
/// The one rule for showing a string, where the import preview first needed it.
pub use crate::reveal::{is_hidden, reveal, Shown};
pub use command_view::{CommandView, ShownArg, ShownVar};
pub use digest::{check_unchanged, digest};
pub use export::{claude_desktop_config, ExportEntry, Exported};
pub use exposed::{exposed_in, mask_args, mask_url, ExposedSecret, MASK};
pub use preview::{
    preview, starts_on_import, Duplicate, ImportCandidate, ImportChoice, ImportLocation,
    ImportPreview, ImportSecret, ImportSource, SecretAnswer,
};
pub use runtime_env::loads_code;

/// Whose configuration file it is: each client has its own layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ConfigFormat {
    /// `claude_desktop_config.json`: `mcpServers`.
    ClaudeDesktop,
    /// `~/.claude.json` (`mcpServers`, and `projects.<path>.mcpServers`) or a project's `.mcp.json`.
    ClaudeCode,
    /// `.vscode/mcp.json` (`servers`, `inputs`) or user settings (`mcp.servers`, `mcp.inputs`),
    /// both JSON with comments.
    VsCode,
    /// `~/.cursor/mcp.json`: `mcpServers`.
    Cursor,
    /// `~/.codeium/windsurf/mcp_config.json`: `mcpServers` (remote ones under `serverUrl`).
    Windsurf,
}

impl ConfigFormat {
    /// The format a file's path suggests, for a file the person picked: the clients' own file
    /// names, and the folders they keep a plain `mcp.json` in.
    pub fn guess(path: &str) -> Option<Self> {
        let path = path.replace('\\', "/").to_lowercase();
        let file = path.rsplit('/').next().unwrap_or_default();
        let folder = path.rsplit('/').nth(1).unwrap_or_default();
        match (folder, file) {
            (_, "claude_desktop_config.json") => Some(Self::ClaudeDesktop),
            (_, ".claude.json" | ".mcp.json") => Some(Self::ClaudeCode),
            (".vscode" | "user", "mcp.json") | (_, "settings.json") => Some(Self::VsCode),
            (".cursor", "mcp.json") => Some(Self::Cursor),
            (_, "mcp_config.json") => Some(Self::Windsurf),
            _ => None,
        }
    }
}

/// A secret's value as the configuration gives it.
#[derive(Clone, PartialEq, Eq)]
pub enum SecretValue {
    Given(String),
    /// A VS Code input (`${input:id}`): the person types it when importing.
    Ask {
        prompt: String,
    },
}

impl fmt::Debug for SecretValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Given(_) => f.write_str("Given(<redacted>)"),
            Self::Ask { prompt } => f.debug_struct("Ask").field("prompt", prompt).finish(),
        }
    }
}

/// A secret found in a server's configuration, taken out of its transport settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoundSecret {
    pub place: SecretPlace,
    pub value: SecretValue,
}

/// One server of a configuration file, ready to be saved as a connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedServer {
    pub name: String,
    /// Where in the file it was found, e.g. `mcpServers` or `projects./home/me/app.mcpServers`.
    pub origin: String,
    /// The settings without the secrets.
    pub transport: TransportSpec,
    pub secrets: Vec<FoundSecret>,
    /// False when the file marks the server disabled.
    pub enabled: bool,
    /// What did not carry over as it was, in words for the preview.
    pub notes: Vec<String>,
}

/// A server entry that could not be read, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct EntryProblem {
    pub name: String,
    pub message: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ParsedConfig {
    pub servers: Vec<ImportedServer>,
    pub problems: Vec<EntryProblem>,
}

/// Reads one configuration file's text.
pub fn parse_config(format: ConfigFormat, text: &str) -> LodeResult<ParsedConfig> {
    let json = match format {
        ConfigFormat::VsCode => jsonc::to_json(text),
        _ => text.to_owned(),
    };
    let root: Value = serde_json::from_str(json.trim_start_matches('\u{feff}')).map_err(|e| {
        LodeError::new(
            ErrorCode::InvalidInput,
            format!(
                "the file is not valid JSON (line {}, column {}): {e}",
                e.line(),
                e.column()
            ),
        )
    })?;
    let Value::Object(root) = root else {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            "the file does not hold a JSON object",
        ));
    };
    let mut parsed = ParsedConfig::default();
    match format {
        ConfigFormat::ClaudeDesktop | ConfigFormat::Cursor | ConfigFormat::Windsurf => {
            read_servers(&root, "mcpServers", "mcpServers", &Map::new(), &mut parsed);
        }
        ConfigFormat::ClaudeCode => {
            read_servers(&root, "mcpServers", "mcpServers", &Map::new(), &mut parsed);
            if let Some(Value::Object(projects)) = root.get("projects") {
                for (path, project) in projects {
                    if let Value::Object(project) = project {
                        let origin = format!("projects.{path}.mcpServers");
                        read_servers(project, "mcpServers", &origin, &Map::new(), &mut parsed);
                    }
                }
            }
        }
        ConfigFormat::VsCode => {
            // User settings nest everything under `mcp`; a workspace `mcp.json` does not.
            let (scope, prefix) = match root.get("mcp") {
                Some(Value::Object(mcp)) => (mcp, "mcp."),
                _ => (&root, ""),
            };
            let inputs = vs_code_inputs(scope.get("inputs"));
            read_servers(
                scope,
                "servers",
                &format!("{prefix}servers"),
                &inputs,
                &mut parsed,
            );
        }
    }
    Ok(parsed)
}

/// Reads the servers under `key` of `scope`, each into a server or a problem.
fn read_servers(
    scope: &Map<String, Value>,
    key: &str,
    origin: &str,
    inputs: &Map<String, Value>,
    parsed: &mut ParsedConfig,
) {
    let servers = match scope.get(key) {
        Some(Value::Object(servers)) => servers,
        Some(_) => {
            parsed.problems.push(EntryProblem {
                name: origin.to_owned(),
                message: format!("`{key}` is not an object of servers"),
            });
            return;
        }
        None => return,
    };
    for (name, value) in servers {
        match entry::read(name, value, inputs) {
            Ok(mut server) => {
                server.origin = origin.to_owned();
                parsed.servers.push(server);
            }
            Err(message) => parsed.problems.push(EntryProblem {
                name: name.clone(),
                message,
            }),
        }
    }
}

/// VS Code's `inputs`, by id: what to ask for when a value says `${input:id}`.
fn vs_code_inputs(inputs: Option<&Value>) -> Map<String, Value> {
    let Some(Value::Array(inputs)) = inputs else {
        return Map::new();
    };
    inputs
        .iter()
        .filter_map(|input| {
            let id = input.get("id")?.as_str()?;
            Some((id.to_owned(), input.clone()))
        })
        .collect()
}

#[cfg(test)]
mod fuzz_tests;
#[cfg(test)]
mod hostile_tests;
#[cfg(test)]
mod tests;
