//! Installing a server found in a registry or a `server.json`: the form of the way to run it
//! the person picked, with whether its runner is on this computer; the plan their values make;
//! and, once the shell has the person's yes to the exact command or address
//! (`confirmation::for_installing`), the connection saved with its secrets in the keychain,
//! its origin recorded, and started like any other.

mod prerequisites;
mod target;
mod updates;

use lode_core::install::{
    install_form, plan_install, InstallChoice, InstallForm, InstallPlan, InstallValues,
};
use lode_core::registry::{Launch, RegistryEntry};
use lode_core::{Connection, ErrorCode, LodeError, LodeResult};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub use prerequisites::{find_program, Prerequisite};
pub use target::{read_server_json, read_server_json_file, FoundEntry, InstallTarget};
pub use updates::{InstallAlerts, McpbUpdate, PlannedUpdate};

use crate::Lode;

/// The form of one way to run an entry, as the window and the CLI show it.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct InstallFormView {
    pub entry: RegistryEntry,
    /// The registry the entry came from, if one.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub registry: Option<String>,
    pub form: InstallForm,
    /// The package's runner, found or not (none for a remote).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prerequisite: Option<Prerequisite>,
}

/// What installing asks for: the entry, the way to run it, the values, and a name other than
/// the one Lode suggests.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct InstallRequest {
    pub target: InstallTarget,
    pub choice: InstallChoice,
    pub values: InstallValues,
    #[ts(optional)]
    #[serde(default)]
    pub name: Option<String>,
}

impl Lode {
    /// The form of `choice` of the entry `target` names (its first way Lode can run, when
    /// none is given).
    pub async fn install_form(
        &self,
        target: &InstallTarget,
        choice: Option<InstallChoice>,
    ) -> LodeResult<InstallFormView> {
        let found = self.install_entry(target).await?;
        form_of(found, choice)
    }

    /// The plan of `request`: the entry asked again, the values checked, the runner looked
    /// for. Nothing is saved or run.
    pub async fn plan_install(&self, request: &InstallRequest) -> LodeResult<InstallPlan> {
        let found = self.install_entry(&request.target).await?;
        self.plan_found(
            &found,
            request.choice,
            &request.values,
            request.name.as_deref(),
        )
    }

    /// The plan of installing `found` by `choice` with `values` (named `name`, else as Lode
    /// suggests): the values checked, the runner looked for. Nothing is saved or run.
    pub fn plan_found(
        &self,
        found: &FoundEntry,
        choice: InstallChoice,
        values: &InstallValues,
        name: Option<&str>,
    ) -> LodeResult<InstallPlan> {
        let taken = self.connection_names()?;
        let mut plan = plan_install(
            &found.entry,
            found.source,
            found.registry.as_deref(),
            choice,
            values,
            &taken,
        )?;
        if let Some(name) = name.map(str::trim).filter(|n| !n.is_empty()) {
            name.clone_into(&mut plan.draft.name);
            name.clone_into(&mut plan.preview.name);
        }
        if let Some(runner) = plan.preview.runner {
            Prerequisite::of(runner).require()?;
        }
        Ok(plan)
    }

    /// The saved connections' names: an install's suggested name is one none of them has.
    pub(crate) fn connection_names(&self) -> LodeResult<Vec<String>> {
        Ok(self
            .store
            .list_connections()?
            .into_iter()
            .map(|c| c.name)
            .collect())
    }

    /// Saves the connection `plan` makes, with its secrets in the keychain and its origin, and
    /// starts it (where Lode supervises connections). The shell asks the person first.
    pub async fn install_planned(&self, plan: &InstallPlan) -> LodeResult<Connection> {
        let saved = self.add_connection(&plan.draft).await?;
        if let Err(error) = self.store.set_origin(saved.id, Some(&plan.preview.origin)) {
            // Not half-installed: without its origin it would never be offered updates.
            let _ = self.remove_connection(saved.id).await;
            return Err(error);
        }
        self.store.get_connection(saved.id)
    }
}

/// Why Lode can run none of `entry`'s packages and remotes, each said.
fn nothing_runnable(entry: &RegistryEntry) -> LodeError {
    let packages = entry
        .packages
        .iter()
        .enumerate()
        .map(|(index, package)| (InstallChoice::Package { index }, &package.launch));
    let remotes = entry
        .remotes
        .iter()
        .enumerate()
        .map(|(index, remote)| (InstallChoice::Remote { index }, &remote.launch));
    let reasons: Vec<String> = packages
        .chain(remotes)
        .filter_map(|(choice, launch)| match launch {
            Launch::NotRunnable { reason } => Some(format!("{}: {reason}", choice.describe(entry))),
            _ => None,
        })
        .collect();
    let why = if reasons.is_empty() {
        "it has no package or remote".to_owned()
    } else {
        reasons.join("; ")
    };
    LodeError::new(
        ErrorCode::NotRunnable,
        format!("Lode can run nothing {} offers: {why}", entry.name),
    )
}

/// The form of `choice` (or the first way Lode can run) of `found`.
pub fn form_of(found: FoundEntry, choice: Option<InstallChoice>) -> LodeResult<InstallFormView> {
    let choice = match choice {
        Some(choice) => choice,
        None => InstallChoice::first_runnable(&found.entry)
            .ok_or_else(|| nothing_runnable(&found.entry))?,
    };
    let form = install_form(&found.entry, choice)?;
    let prerequisite = match form.launch {
        Launch::Stdio { runner } => Some(Prerequisite::of(runner)),
        _ => None,
    };
    Ok(InstallFormView {
        entry: found.entry,
        registry: found.registry,
        form,
        prerequisite,
    })
}
