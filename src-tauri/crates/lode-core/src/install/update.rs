//! Keeping an installed connection up to date: what its registry says of it now (a newer
//! latest version, a deprecation with its message), and the connection its update makes — the
//! saved one with only the package's version changed in its command line (its other words, its
//! variables, secrets and settings kept), or, for a remote, only its recorded version. An
//! update the saved connection cannot take in place (the package renamed, a new value the new
//! version requires) is refused with why: installing that version anew shows its form.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::form::install_form;
use crate::connection::{ConnectionId, TransportSpec};
use crate::origin::{InstallChoice, InstallOrigin};
use crate::registry::{EntryStatus, Launch, PackageRunner, RegistryEntry, RegistryPackage};
use crate::{ErrorCode, LodeError, LodeResult};

/// What the registry says now of one installed connection (only connections it says something
/// of have one).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct InstallAlert {
    pub connection: ConnectionId,
    /// The version installed.
    pub installed: String,
    /// The registry's latest version, when it is another.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub update: Option<String>,
    /// The installed version is deprecated (its message, if the registry gave one, in
    /// `deprecation`).
    pub deprecated: bool,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deprecation: Option<String>,
}

/// The alert of an installed connection, from the registry's latest entry of its server and
/// its entry of the installed version (`None` when the registry has it no more).
pub fn install_alert(
    connection: ConnectionId,
    origin: &InstallOrigin,
    latest: &RegistryEntry,
    installed: Option<&RegistryEntry>,
) -> Option<InstallAlert> {
    let update =
        (latest.version != origin.version && !latest.is_deleted()).then(|| latest.version.clone());
    let (deprecated, deprecation) = match installed.map(|entry| &entry.status) {
        Some(EntryStatus::Deprecated { message } | EntryStatus::Deleted { message }) => {
            (true, message.clone())
        }
        _ => (false, None),
    };
    (update.is_some() || deprecated).then(|| InstallAlert {
        connection,
        installed: origin.version.clone(),
        update,
        deprecated,
        deprecation,
    })
}

/// The transport of a connection installed from `old` once updated to `new`, by the same
/// choice: only the package's version word changes. An error says why it cannot be done in
/// place.
pub fn updated_transport(
    transport: &TransportSpec,
    choice: InstallChoice,
    old: &RegistryEntry,
    new: &RegistryEntry,
) -> LodeResult<TransportSpec> {
    let refused = |why: String| {
        LodeError::new(
            ErrorCode::NotRunnable,
            format!(
                "{} cannot be updated in place to {}: {why}; install that version anew",
                old.name, new.version
            ),
        )
    };
    let new_form = install_form(new, choice)?;
    let old_keys: Vec<String> = install_form(old, choice)
        .map(|form| form.fields.into_iter().map(|f| f.key).collect())
        .unwrap_or_default();
    let asked: Vec<&str> = new_form
        .fields
        .iter()
        .filter(|f| f.input.is_required && f.input.default.is_none() && !old_keys.contains(&f.key))
        .map(|f| f.key.as_str())
        .collect();
    if !asked.is_empty() {
        return Err(refused(format!(
            "it requires new values ({})",
            asked.join(", ")
        )));
    }
    match (choice, &new_form.launch) {
        (InstallChoice::Remote { index }, _) => {
            let same = old.remotes.get(index).map(|r| (&r.transport, &r.url))
                == new.remotes.get(index).map(|r| (&r.transport, &r.url));
            if same {
                Ok(transport.clone())
            } else {
                Err(refused("its remote's address changed".into()))
            }
        }
        (InstallChoice::Package { index }, Launch::Stdio { runner }) => {
            let (Some(before), Some(after)) = (old.packages.get(index), new.packages.get(index))
            else {
                return Err(refused("it has no such package".into()));
            };
            if before.identifier != after.identifier || before.registry_type != after.registry_type
            {
                return Err(refused(format!(
                    "its package is now {} {}",
                    after.registry_type, after.identifier
                )));
            }
            let (from, to) = (
                versioned_word(before, *runner),
                versioned_word(after, *runner),
            );
            let TransportSpec::Stdio {
                command,
                args,
                env,
                cwd,
            } = transport
            else {
                return Err(refused("the connection no longer runs a program".into()));
            };
            let at = args
                .iter()
                .position(|arg| *arg == from)
                .ok_or_else(|| refused(format!("its command line no longer names {from}")))?;
            let mut args = args.clone();
            args[at] = to;
            Ok(TransportSpec::Stdio {
                command: command.clone(),
                args,
                env: env.clone(),
                cwd: cwd.clone(),
            })
        }
        // A bundle installed as one is updated by lode-app's `plan_mcpb_update`; this is a
        // package that became one.
        (InstallChoice::Package { .. }, Launch::Mcpb) => {
            Err(refused("its package is now a bundle".into()))
        }
        (InstallChoice::Package { .. }, _) => Err(refused("Lode cannot run its package".into())),
    }
}

/// The word of a command line that names the package and its version (as `command.rs` makes
/// it).
pub(super) fn versioned_word(package: &RegistryPackage, runner: PackageRunner) -> String {
    let separator = match runner {
        PackageRunner::Docker => ":",
        _ => "@",
    };
    let tagged = runner == PackageRunner::Docker
        && package
            .identifier
            .rsplit('/')
            .next()
            .is_some_and(|last| last.contains(':') || last.contains('@'));
    match &package.version {
        Some(version) if !tagged => format!("{}{separator}{version}", package.identifier),
        _ => package.identifier.clone(),
    }
}
