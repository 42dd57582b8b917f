//! What a server says about itself when Lode connects: the protocol era and version it speaks,
//! who it is, what it can do, and how it wants to be used.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::{ErrorCode, LodeError, LodeResult};

/// The two MCP lifecycles: `server/discover` with stateless requests (2026-07-28 on), or the
/// `initialize` handshake (2024-11-05 … 2025-11-25). REST connections have neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ProtocolEra {
    Modern,
    Legacy,
    Rest,
}

/// The features a server declared. Absent means "not offered".
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ServerCapabilities {
    pub resources: bool,
    pub resource_subscribe: bool,
    pub resource_list_changed: bool,
    pub prompts: bool,
    pub prompt_list_changed: bool,
    pub tools: bool,
    pub tool_list_changed: bool,
    pub completions: bool,
    pub logging: bool,
    /// Agent skills (`io.modelcontextprotocol/skills`): `skills/list` and `skills/get`.
    #[serde(default)]
    pub skills: bool,
    /// A skill's folders can be listed (`resources/directory/read`, the extension's
    /// `directoryRead`).
    #[serde(default)]
    pub skill_directories: bool,
}

/// The result of the handshake. This is also the documented `lode info --json` shape (plus the
/// stderr tail the CLI adds).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ServerInfo {
    pub era: ProtocolEra,
    pub protocol_version: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub version: Option<String>,
    pub capabilities: ServerCapabilities,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub instructions: Option<String>,
    /// The icons of its `serverInfo`, bounded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub icons: Option<Vec<crate::resource::Icon>>,
}

impl ServerInfo {
    /// Whether `server` may be asked for its resources: it declared the `resources` capability.
    /// A server that did not has none, and asking gets `-32601` (or worse); the error says so
    /// in its place, with the code `no-resources`.
    pub fn offers_resources(&self, server: &str) -> LodeResult<()> {
        if self.capabilities.resources {
            return Ok(());
        }
        Err(LodeError::new(
            ErrorCode::NoResources,
            format!("{server} offers no resources"),
        ))
    }

    /// Whether `server` may be asked for its skills: it declared the skills extension.
    pub fn offers_skills(&self, server: &str) -> LodeResult<()> {
        if self.capabilities.skills {
            return Ok(());
        }
        Err(LodeError::new(
            ErrorCode::InvalidInput,
            format!(
                "{server} offers no skills (it does not declare the {} extension)",
                crate::skills::SKILLS_EXTENSION
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(capabilities: ServerCapabilities) -> ServerInfo {
        ServerInfo {
            era: ProtocolEra::Legacy,
            protocol_version: "2025-06-18".to_owned(),
            name: None,
            title: None,
            version: None,
            capabilities,
            instructions: None,
            icons: None,
        }
    }

    #[test]
    fn only_a_server_that_declared_resources_is_asked_for_them() {
        let tools_only = info(ServerCapabilities {
            tools: true,
            ..Default::default()
        });
        let refused = tools_only.offers_resources("fs").err();
        assert_eq!(
            refused.as_ref().map(|e| e.code),
            Some(ErrorCode::NoResources)
        );
        assert_eq!(
            refused.map(|e| e.message),
            Some("fs offers no resources".to_owned())
        );
        let with_resources = info(ServerCapabilities {
            resources: true,
            ..Default::default()
        });
        assert!(with_resources.offers_resources("demo").is_ok());
    }
}
