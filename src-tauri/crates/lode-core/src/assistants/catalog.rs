//! The assistants Lode can connect, and the shape of each one's configuration file. Where the
//! files are on each system is lode-app's business (`assistants/locations.rs`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// An assistant whose MCP configuration Lode can write its entry into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum Assistant {
    ClaudeDesktop,
    ClaudeCode,
    VsCode,
    Cursor,
    Windsurf,
    Zed,
    GeminiCli,
    Codex,
}

/// Whose configuration: the person's own (every project), or one project's folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ConfigScope {
    User,
    Project,
}

/// How a configuration file is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfigSyntax {
    /// Plain JSON: a comment or a trailing comma is an error, as the assistant itself reads it.
    Json,
    /// JSON with comments and trailing commas (VS Code, Zed, Gemini CLI).
    Jsonc,
    /// TOML (Codex).
    Toml,
}

/// Where in the file the servers are, and what an entry holds besides `command` and `args`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConfigFormat {
    pub syntax: ConfigSyntax,
    /// The top-level key (JSON) or table (TOML) of the servers, by name.
    pub servers_key: &'static str,
    /// VS Code's entries say `"type": "stdio"`.
    pub stdio_type: bool,
}

impl Assistant {
    /// Every assistant, in the order lists show them.
    pub const ALL: [Assistant; 8] = [
        Assistant::ClaudeDesktop,
        Assistant::ClaudeCode,
        Assistant::VsCode,
        Assistant::Cursor,
        Assistant::Windsurf,
        Assistant::Zed,
        Assistant::GeminiCli,
        Assistant::Codex,
    ];

    /// The name `lode connect` takes on its command line.
    pub fn cli_name(self) -> &'static str {
        match self {
            Assistant::ClaudeDesktop => "claude-desktop",
            Assistant::ClaudeCode => "claude-code",
            Assistant::VsCode => "vscode",
            Assistant::Cursor => "cursor",
            Assistant::Windsurf => "windsurf",
            Assistant::Zed => "zed",
            Assistant::GeminiCli => "gemini",
            Assistant::Codex => "codex",
        }
    }

    /// The assistant named `name` on a command line (its CLI name, case-insensitive).
    pub fn from_cli_name(name: &str) -> Option<Assistant> {
        Self::ALL
            .into_iter()
            .find(|assistant| assistant.cli_name().eq_ignore_ascii_case(name))
    }

    /// The assistant's own name, as people know it.
    pub fn display_name(self) -> &'static str {
        match self {
            Assistant::ClaudeDesktop => "Claude Desktop",
            Assistant::ClaudeCode => "Claude Code",
            Assistant::VsCode => "VS Code",
            Assistant::Cursor => "Cursor",
            Assistant::Windsurf => "Windsurf",
            Assistant::Zed => "Zed",
            Assistant::GeminiCli => "Gemini CLI",
            Assistant::Codex => "Codex",
        }
    }

    /// The scopes it has a configuration for: every one has a user file; these also read one
    /// in a project's folder.
    pub fn scopes(self) -> &'static [ConfigScope] {
        match self {
            Assistant::ClaudeCode
            | Assistant::VsCode
            | Assistant::Cursor
            | Assistant::GeminiCli
            | Assistant::Codex => &[ConfigScope::User, ConfigScope::Project],
            Assistant::ClaudeDesktop | Assistant::Windsurf | Assistant::Zed => &[ConfigScope::User],
        }
    }

    /// The shape of its configuration file (the same in both scopes).
    pub fn format(self) -> ConfigFormat {
        let json = |syntax, servers_key| ConfigFormat {
            syntax,
            servers_key,
            stdio_type: false,
        };
        match self {
            Assistant::ClaudeDesktop
            | Assistant::ClaudeCode
            | Assistant::Cursor
            | Assistant::Windsurf => json(ConfigSyntax::Json, "mcpServers"),
            Assistant::GeminiCli => json(ConfigSyntax::Jsonc, "mcpServers"),
            Assistant::Zed => json(ConfigSyntax::Jsonc, "context_servers"),
            Assistant::VsCode => ConfigFormat {
                syntax: ConfigSyntax::Jsonc,
                servers_key: "servers",
                stdio_type: true,
            },
            Assistant::Codex => ConfigFormat {
                syntax: ConfigSyntax::Toml,
                servers_key: "mcp_servers",
                stdio_type: false,
            },
        }
    }
}
