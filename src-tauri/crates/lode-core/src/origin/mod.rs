//! Where an installed connection came from: kept with it (`Connection::origin`), so Lode can
//! say when its registry has a newer version or has deprecated it, and update it the same way it
//! was installed. Apart from `install` so that `connection` can name it without depending on
//! the install's planning.

mod choice;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub use choice::InstallChoice;

/// How the entry reached Lode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum InstallSource {
    /// Found in a registry (searched, or named by `lode install NAME`).
    Registry,
    /// A `server.json` pasted or opened.
    ServerJson,
    /// A `lode://install` link.
    Link,
    /// An `.mcpb` bundle.
    Mcpb,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct InstallOrigin {
    pub source: InstallSource,
    /// The registry's address, when the entry came from one (a link may name one too).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub registry: Option<String>,
    /// The server's `namespace/name`.
    pub name: String,
    pub version: String,
    /// Which of the entry's packages or remotes it runs.
    pub choice: InstallChoice,
    /// The folder of Lode's a bundle is unpacked into: removed with the connection.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mcpb_folder: Option<String>,
    /// A bundle's `user_config` values as the person gave them, by field key
    /// (`user_config.KEY`), a sensitive one only as `<kept in the keychain>` (its value is
    /// there): an update plans its new version's command with them.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mcpb_values: Option<BTreeMap<String, Vec<String>>>,
}
