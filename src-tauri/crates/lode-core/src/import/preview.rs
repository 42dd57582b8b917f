//! What the import wizard shows before anything is saved: each server of a file with its
//! duplicates among the saved connections marked, where its secrets will go (never their
//! values), and what the person must still type (VS Code inputs). Then the person's choices.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::command_view::{command_view, CommandView};
use super::exposed::{exposed_in, masked_transport, ExposedSecret, MASK};
use super::{ConfigFormat, EntryProblem, ImportedServer, ParsedConfig, SecretValue};
use crate::connection::{Connection, SecretPlace, TransportSpec};
use crate::draft::SecretText;

/// A configuration file to import from: one of the known locations or a file the person picked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ImportSource {
    pub format: ConfigFormat,
    pub path: String,
}

/// A place where a client keeps its configuration, and whether a file is there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ImportLocation {
    pub source: ImportSource,
    pub exists: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ImportPreview {
    pub source: ImportSource,
    /// The SHA-256 of the bytes previewed (hex): importing refuses a file that no longer has it.
    pub digest: String,
    pub candidates: Vec<ImportCandidate>,
    /// Entries that could not be read, each with why.
    pub problems: Vec<EntryProblem>,
}

/// One server the file offers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ImportCandidate {
    /// Its position in the file: what a choice refers to.
    pub index: u32,
    pub name: String,
    pub origin: String,
    /// Its settings, with the tokens of its arguments and URL masked.
    pub transport: TransportSpec,
    /// For a stdio server: exactly what it would run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub command: Option<CommandView>,
    pub secrets: Vec<ImportSecret>,
    /// Tokens that stay in its plain settings, its transport having no keychain place for them.
    pub exposed: Vec<ExposedSecret>,
    pub enabled: bool,
    /// Whether it connects as soon as it is imported. A stdio server never does: it waits for
    /// the person to start it, having seen what it runs.
    pub starts_on_import: bool,
    pub notes: Vec<String>,
    /// A saved connection it repeats, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub duplicate: Option<Duplicate>,
}

/// A secret of a candidate: where it will go, and, when the file only names an input, the
/// prompt to ask for its value with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ImportSecret {
    pub place: SecretPlace,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub ask: Option<String>,
}

/// How a candidate repeats a saved connection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[ts(export)]
pub enum Duplicate {
    /// A saved connection has the same name: importing needs another name.
    SameName {
        existing: String,
        same_transport: bool,
    },
    /// A saved connection under another name reaches the same server.
    SameServer { existing: String },
}

impl Duplicate {
    /// Whether the wizard leaves the candidate unticked at first.
    pub fn skipped_by_default(&self) -> bool {
        matches!(
            self,
            Self::SameServer { .. }
                | Self::SameName {
                    same_transport: true,
                    ..
                }
        )
    }
}

/// Whether an imported `server` connects once saved: a remote one the file has enabled, never a
/// program (the preview showed it, but a person starts it, each or all with their commands
/// listed).
pub fn starts_on_import(server: &ImportedServer) -> bool {
    server.enabled && !matches!(server.transport, TransportSpec::Stdio { .. })
}

/// The preview of `parsed` (read from bytes whose SHA-256 is `digest`) against the `saved`
/// connections.
pub fn preview(
    source: ImportSource,
    digest: String,
    parsed: &ParsedConfig,
    saved: &[Connection],
) -> ImportPreview {
    let candidates = parsed
        .servers
        .iter()
        .enumerate()
        .map(|(index, server)| ImportCandidate {
            index: u32::try_from(index).unwrap_or(u32::MAX),
            name: server.name.clone(),
            origin: server.origin.clone(),
            transport: masked_transport(&server.transport, MASK),
            command: command_view(server),
            exposed: exposed_in(&server.transport),
            secrets: server
                .secrets
                .iter()
                .map(|found| ImportSecret {
                    place: found.place.clone(),
                    ask: match &found.value {
                        SecretValue::Ask { prompt } => Some(prompt.clone()),
                        SecretValue::Given(_) => None,
                    },
                })
                .collect(),
            enabled: server.enabled,
            starts_on_import: starts_on_import(server),
            notes: server.notes.clone(),
            duplicate: duplicate_of(server, saved),
        })
        .collect();
    ImportPreview {
        source,
        digest,
        candidates,
        problems: parsed.problems.clone(),
    }
}

fn duplicate_of(server: &ImportedServer, saved: &[Connection]) -> Option<Duplicate> {
    let name = server.name.to_lowercase();
    if let Some(same) = saved.iter().find(|c| c.name.to_lowercase() == name) {
        return Some(Duplicate::SameName {
            existing: same.name.clone(),
            same_transport: same.transport == server.transport,
        });
    }
    saved
        .iter()
        .find(|c| c.transport == server.transport)
        .map(|same| Duplicate::SameServer {
            existing: same.name.clone(),
        })
}

/// A candidate the person chose, under the name they gave it, with the values they typed for
/// the secrets the file only asks for.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ImportChoice {
    pub index: u32,
    pub name: String,
    pub answers: Vec<SecretAnswer>,
}

#[derive(Debug, Clone, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SecretAnswer {
    pub place: SecretPlace,
    pub value: SecretText,
}
