//! An install's plan: the values checked, the command or address made, a name picked that no
//! saved connection has, and what the confirmation and the window show of it.

use serde::Serialize;
use ts_rs::TS;

use super::command::{package_command, remote_address};
use super::form::install_form;
use super::values::check_install_values;
use super::{InstallChoice, InstallOrigin, InstallSource, InstallValues};
use crate::draft::MAX_NAME_CHARS;
use crate::registry::{EntryStatus, Launch, PackageRunner, RegistryEntry};
use crate::{ConnectionDraft, ErrorCode, LodeError, LodeResult, SecretPlace, TransportSpec};

/// What installing an entry would save and run.
#[derive(Debug, Clone)]
pub struct InstallPlan {
    /// The connection, its secrets' values among its secret changes.
    pub draft: ConnectionDraft,
    pub preview: InstallPreview,
}

/// An install's plan as the window and the CLI show it: no secret value in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct InstallPreview {
    /// The new connection's name.
    pub name: String,
    /// What it runs or where it connects, secrets named, not given.
    pub transport: TransportSpec,
    /// The secrets kept in the keychain.
    pub secrets: Vec<SecretPlace>,
    /// The program that must be on this computer (a package's runner).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runner: Option<PackageRunner>,
    pub origin: InstallOrigin,
    /// Options the entry gives the runner itself (see `command.rs`), said in the confirmation.
    pub runner_options: Vec<String>,
    /// The registry's word on this version (`deprecated`, with its message, is said before
    /// it is installed).
    pub status: EntryStatus,
}

/// The plan of installing `entry` by `choice` with `values`, found through `source` (in
/// `registry`); `taken` are the names of the saved connections. An error lists every problem
/// of the values, or says why the entry is refused.
pub fn plan_install(
    entry: &RegistryEntry,
    source: InstallSource,
    registry: Option<&str>,
    choice: InstallChoice,
    values: &InstallValues,
    taken: &[String],
) -> LodeResult<InstallPlan> {
    if entry.is_deleted() {
        return Err(LodeError::new(
            ErrorCode::NotRunnable,
            format!(
                "{} {} is deleted from its registry",
                entry.name, entry.version
            ),
        ));
    }
    let form = install_form(entry, choice)?;
    let problems = check_install_values(&form, values);
    if !problems.is_empty() {
        let listed: Vec<String> = problems.iter().map(ToString::to_string).collect();
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            format!(
                "the values for {} are not complete: {}",
                entry.name,
                listed.join("; ")
            ),
        ));
    }
    let (made, runner) = match (choice, &form.launch) {
        (InstallChoice::Package { index }, Launch::Stdio { runner }) => (
            package_command(&entry.packages[index], *runner, &form, values)?,
            Some(*runner),
        ),
        (InstallChoice::Remote { index }, _) => {
            (remote_address(&entry.remotes[index], &form, values)?, None)
        }
        (InstallChoice::Package { .. }, Launch::Mcpb) => {
            return Err(LodeError::new(
                ErrorCode::NotRunnable,
                "a bundle is installed from its manifest: Lode downloads and checks it first \
                 (mcpb)",
            ))
        }
        (InstallChoice::Package { .. }, other) => {
            return Err(LodeError::new(
                ErrorCode::NotRunnable,
                format!("Lode does not run {} packages", other.label()),
            ))
        }
    };
    let name = free_name(&suggested_name(entry), taken);
    let mut draft = ConnectionDraft::new(&name, made.transport.clone());
    draft.secrets = made.secrets;
    let preview = InstallPreview {
        name,
        transport: made.transport,
        secrets: draft
            .secrets
            .iter()
            .map(|edit| edit.place.clone())
            .collect(),
        runner,
        runner_options: made.runner_options,
        origin: InstallOrigin {
            source,
            registry: registry.map(str::to_owned),
            name: entry.name.clone(),
            version: entry.version.clone(),
            choice,
            mcpb_folder: None,
            mcpb_values: None,
        },
        status: entry.status.clone(),
    };
    Ok(InstallPlan { draft, preview })
}

/// The entry's title, else the last part of its name; control characters dropped, cut to a
/// connection name's length.
fn suggested_name(entry: &RegistryEntry) -> String {
    let base = entry
        .title
        .as_deref()
        .filter(|t| !t.trim().is_empty())
        .unwrap_or_else(|| entry.name.rsplit('/').next().unwrap_or(&entry.name));
    clean_name(base)
}

/// `base` with control and hidden characters dropped, cut to a connection name's length.
pub(crate) fn clean_name(base: &str) -> String {
    let clean: String = base
        .chars()
        .filter(|c| !c.is_control() && !crate::reveal::is_hidden(*c))
        .collect::<String>()
        .trim()
        .chars()
        .take(MAX_NAME_CHARS - 4)
        .collect();
    if clean.is_empty() {
        "Installed server".to_owned()
    } else {
        clean
    }
}

/// `base`, or `base 2`, `base 3`… the first no saved connection has.
pub(crate) fn free_name(base: &str, taken: &[String]) -> String {
    let free = |name: &str| {
        !taken
            .iter()
            .any(|t| t.trim().to_lowercase() == name.to_lowercase())
    };
    if free(base) {
        return base.to_owned();
    }
    (2..)
        .map(|n| format!("{base} {n}"))
        .find(|name| free(name))
        .unwrap_or_else(|| base.to_owned())
}
