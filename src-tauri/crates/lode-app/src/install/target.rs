//! What the person asked to install, and the entry it names: a server of a registry (by name,
//! at a version or its latest), or a `server.json` pasted or opened. Both end as a checked
//! `RegistryEntry`; the plan and the confirmation never depend on which it was.

use std::path::Path;

use lode_core::install::{InstallLink, InstallSource};
use lode_core::registry::{parse_entry, parse_server, RegistryEntry, MAX_ANSWER_BYTES};
use lode_core::{ErrorCode, LodeError, LodeResult};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::config_file::read_regular_file;
use crate::Lode;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", tag = "kind")]
#[ts(export)]
pub enum InstallTarget {
    /// A server of `registry` (else the first registry of the list that has it).
    Registry {
        #[ts(optional)]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        registry: Option<String>,
        name: String,
        /// Its latest when none.
        #[ts(optional)]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        version: Option<String>,
        /// Whether it came from a `lode://install` link (said in the confirmation).
        #[serde(default, rename = "fromLink")]
        from_link: bool,
    },
    /// The text of a `server.json`.
    ServerJson {
        text: String,
        /// Whether it came from a `lode://install` link (said in the confirmation).
        #[serde(default, rename = "fromLink")]
        from_link: bool,
    },
}

impl InstallTarget {
    /// What a `lode://install` link names (lode-core `parse_install_link` read it).
    pub fn from_link(link: InstallLink) -> Self {
        match link {
            InstallLink::Registry {
                registry,
                name,
                version,
            } => Self::Registry {
                registry,
                name,
                version,
                from_link: true,
            },
            InstallLink::ServerJson { text } => Self::ServerJson {
                text,
                from_link: true,
            },
        }
    }
}

/// The entry a target names, and how it was found.
#[derive(Debug, Clone)]
pub struct FoundEntry {
    pub entry: RegistryEntry,
    pub source: InstallSource,
    /// The registry it came from, if one.
    pub registry: Option<String>,
}

impl Lode {
    /// The entry `target` names: asked of the registry, or read from the text given.
    pub async fn install_entry(&self, target: &InstallTarget) -> LodeResult<FoundEntry> {
        match target {
            InstallTarget::Registry {
                registry,
                name,
                version,
                from_link,
            } => {
                let details = self
                    .registry_entry(registry.as_deref(), name, version.as_deref())
                    .await?;
                Ok(FoundEntry {
                    entry: details.entry,
                    source: if *from_link {
                        InstallSource::Link
                    } else {
                        InstallSource::Registry
                    },
                    registry: Some(details.registry),
                })
            }
            InstallTarget::ServerJson { text, from_link } => Ok(FoundEntry {
                entry: read_server_json(text)?,
                source: if *from_link {
                    InstallSource::Link
                } else {
                    InstallSource::ServerJson
                },
                registry: None,
            }),
        }
    }
}

/// The file's text, refused past the size of a registry answer before it is read whole.
pub fn read_server_json_file(path: &Path) -> LodeResult<String> {
    let bytes = read_regular_file(path, MAX_ANSWER_BYTES as u64, "a server.json")?;
    String::from_utf8(bytes).map_err(|_| {
        LodeError::new(
            ErrorCode::InvalidInput,
            format!("{} is not UTF-8 text", path.display()),
        )
    })
}

/// A `server.json` as a person pastes or opens one: bounded, JSON, and an entry Lode keeps.
pub fn read_server_json(text: &str) -> LodeResult<RegistryEntry> {
    if text.len() > MAX_ANSWER_BYTES {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            format!(
                "this server.json is {} bytes; the most Lode reads is {MAX_ANSWER_BYTES}",
                text.len()
            ),
        ));
    }
    let value: serde_json::Value = serde_json::from_str(text.trim_start_matches('\u{feff}'))
        .map_err(|e| {
            LodeError::new(
                ErrorCode::InvalidInput,
                format!("this is not a server.json: it is not JSON ({e})"),
            )
        })?;
    // A registry's answer for one version (`{server, _meta}`) is accepted too: people copy it.
    let entry = if value.get("server").is_some() && value.get("name").is_none() {
        parse_entry(&value)
    } else {
        parse_server(&value, None)
    };
    entry.map_err(|problem| {
        LodeError::new(
            ErrorCode::InvalidInput,
            format!("this server.json is not one Lode can use: {problem}"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_json_is_read_or_refused_with_why() {
        let entry = read_server_json(
            r#"{"name":"io.github.example/time","version":"0.6.2",
                "packages":[{"registryType":"pypi","identifier":"mcp-server-time","version":"0.6.2",
                             "transport":{"type":"stdio"}}]}"#,
        )
        .expect("an entry");
        assert_eq!(entry.name, "io.github.example/time");
        let wrapped = read_server_json(r#"{"server":{"name":"a.b/c","version":"1"},"_meta":{}}"#)
            .expect("a registry's answer");
        assert_eq!(wrapped.name, "a.b/c");
        for (text, why) in [
            ("{", "not JSON"),
            ("[]", "not an object"),
            (r#"{"name":"no-slash","version":"1"}"#, "namespace/name"),
            (r#"{"name":"a.b/c"}"#, "version is missing"),
        ] {
            let error = read_server_json(text).expect_err("refused");
            assert_eq!(error.code, ErrorCode::InvalidInput);
            assert!(error.message.contains(why), "{why}: {}", error.message);
        }
        let huge = format!(
            "{{\"name\":\"a.b/c\",\"version\":\"1\",\"x\":\"{}\"}}",
            "x".repeat(MAX_ANSWER_BYTES)
        );
        assert!(read_server_json(&huge)
            .expect_err("too big")
            .message
            .contains("bytes"));
    }
}
