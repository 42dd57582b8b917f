//! Installing an `.mcpb` bundle: opened from a file or from a registry entry's URL, checked
//! (digest, signature, every path in its ZIP, its manifest, its compatibility with this
//! computer), shown with its form before anything is unpacked; then, once the shell has the
//! person's yes to the exact command (`confirmation::for_installing`), unpacked into a folder
//! of Lode's (`bundles/NAME-VERSION`) and saved as a connection whose origin names that folder.
//! A folder no connection names any more — its connection removed, and no longer in the trash
//! for undo; or replaced by an update that can no longer be undone — is deleted
//! (`sweep_mcpb_folders`, when Lode opens and after each removal or undo). An update of a
//! bundle (`update.rs`) unpacks its new version the same way.

mod archive;
mod load;
mod places;
mod update;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use lode_core::install::{InstallForm, InstallPlan, InstallValues};
use lode_core::mcpb::{
    check_compatibility, mcpb_form, plan_mcpb, this_platform, McpbCheck, McpbPlan, McpbPreview,
};
use lode_core::registry::EntryStatus;
use lode_core::{Connection, ErrorCode, LodeError, LodeResult, TransportSpec};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub use archive::{MAX_ENTRIES, MAX_UNPACKED_BYTES};
pub use load::{read_mcpb_file, LoadedMcpb, McpbTarget, MAX_MCPB_BYTES};

use crate::Lode;

/// A folder that no connection names is left this long before it is deleted: an install
/// running in another Lode process (the CLI beside the app) saves its connection within it.
const UNNAMED_GRACE: Duration = Duration::from_secs(60);
/// Downloaded bundles are kept this long, for an install that comes back to one.
const DOWNLOAD_KEPT: Duration = Duration::from_secs(7 * 24 * 3600);

/// A bundle as the window and the CLI show it before it is installed.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct McpbView {
    pub target: McpbTarget,
    /// Who signed it, its tools and prompts, the folder it would go into.
    pub preview: McpbPreview,
    pub description: String,
    pub manifest_version: String,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub homepage: Option<String>,
    /// Its `user_config`, as a form.
    pub form: InstallForm,
    /// Its compatibility and the program it runs, each met or not.
    pub checks: Vec<McpbCheck>,
    /// The registry's word on the entry that named it.
    pub status: EntryStatus,
}

/// What installing a bundle asks for.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct McpbInstallRequest {
    pub target: McpbTarget,
    pub values: InstallValues,
    #[ts(optional)]
    #[serde(default)]
    pub name: Option<String>,
}

/// A bundle's plan, with the bytes that were checked: what is unpacked if the person agrees.
pub struct PlannedMcpb {
    pub plan: InstallPlan,
    /// What the confirmation says of the bundle besides its command.
    pub mcpb: McpbPreview,
    zip: Vec<u8>,
}

impl Lode {
    /// Where bundles are unpacked.
    pub fn mcpb_dir(&self) -> PathBuf {
        self.data_dir().join("mcpb")
    }

    /// The bundle `target` names, checked and shown: nothing is unpacked or saved.
    pub async fn open_mcpb(&self, target: &McpbTarget) -> LodeResult<McpbView> {
        let loaded = self.load_mcpb(target).await?;
        let manifest = &loaded.opened.manifest;
        let folder = places::free_folder(&self.mcpb_dir(), manifest);
        let places = places::places_for(&folder);
        let checks = self.mcpb_checks(&loaded, &folder).await;
        Ok(McpbView {
            target: target.clone(),
            preview: loaded.opened.preview(&places.folder),
            description: manifest.description.clone(),
            manifest_version: manifest.manifest_version.clone(),
            homepage: manifest.homepage.clone(),
            form: mcpb_form(manifest, &places, loaded.opened.choice),
            checks,
            status: loaded.opened.status.clone(),
        })
    }

    async fn mcpb_checks(&self, loaded: &LoadedMcpb, folder: &Path) -> Vec<McpbCheck> {
        let manifest = &loaded.opened.manifest;
        let found = places::found_runtimes(manifest).await;
        let mut checks = check_compatibility(manifest, this_platform(), &found);
        // The program as the plan would run it (`${__dirname}` replaced).
        let places = places::places_for(folder);
        if let Ok(planned) = plan_mcpb(&loaded.opened, &places, &InstallValues::default(), &[]) {
            if let TransportSpec::Stdio { command, .. } = &planned.plan.draft.transport {
                checks.push(places::program_check(command, folder));
            }
        } else if let Some(config) = &manifest.command {
            let command = lode_core::mcpb::substitute_places(&config.command, &places);
            checks.push(places::program_check(&command, folder));
        }
        checks
    }

    /// An error naming every check of `loaded` unpacked into `folder` this computer does not
    /// meet (`what`: the bundle, as the error names it).
    async fn require_mcpb_checks(
        &self,
        loaded: &LoadedMcpb,
        folder: &Path,
        what: &str,
    ) -> LodeResult<()> {
        let unmet: Vec<String> = self
            .mcpb_checks(loaded, folder)
            .await
            .into_iter()
            .filter(|check| !check.met)
            .map(|check| check.detail)
            .collect();
        if unmet.is_empty() {
            return Ok(());
        }
        Err(LodeError::new(
            ErrorCode::MissingPrerequisite,
            format!("{what} cannot run on this computer: {}", unmet.join("; ")),
        ))
    }

    /// The plan of `request`: the bundle read and checked again, the values checked, every
    /// requirement met. Nothing is unpacked or saved.
    pub async fn plan_mcpb(&self, request: &McpbInstallRequest) -> LodeResult<PlannedMcpb> {
        let loaded = self.load_mcpb(&request.target).await?;
        let folder = places::free_folder(&self.mcpb_dir(), &loaded.opened.manifest);
        self.require_mcpb_checks(&loaded, &folder, &loaded.opened.manifest.name)
            .await?;
        let taken = self.connection_names()?;
        let McpbPlan { mut plan, mcpb } = plan_mcpb(
            &loaded.opened,
            &places::places_for(&folder),
            &request.values,
            &taken,
        )?;
        if let Some(name) = request
            .name
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
        {
            name.clone_into(&mut plan.draft.name);
            name.clone_into(&mut plan.preview.name);
        }
        Ok(PlannedMcpb {
            plan,
            mcpb,
            zip: loaded.zip,
        })
    }

    /// Unpacks the planned bundle into its folder and saves its connection (started where Lode
    /// supervises connections). The shell asks the person first. On any failure nothing of it
    /// is left: not the folder, not the connection.
    pub async fn install_mcpb(&self, planned: PlannedMcpb) -> LodeResult<Connection> {
        let folder = planned
            .plan
            .preview
            .origin
            .mcpb_folder
            .clone()
            .map(PathBuf::from)
            .ok_or_else(|| LodeError::new(ErrorCode::Internal, "a bundle's plan with no folder"))?;
        self.unpack_mcpb(planned.zip.into(), &folder, &planned.plan.draft.transport)
            .await?;
        match self.install_planned(&planned.plan).await {
            Ok(connection) => Ok(connection),
            Err(error) => {
                let _ = std::fs::remove_dir_all(&folder);
                Err(error)
            }
        }
    }

    /// Unpacks `zip` into `folder` for a connection that will run `transport`: a command the
    /// bundle names in its folder must be a file there, else the folder goes and it is refused.
    pub(crate) async fn unpack_mcpb(
        &self,
        zip: std::sync::Arc<[u8]>,
        folder: &Path,
        transport: &TransportSpec,
    ) -> LodeResult<()> {
        let bundles = self.mcpb_dir();
        let target = folder.to_owned();
        tokio::task::spawn_blocking(move || unpack_as(&zip, &bundles, &target))
            .await
            .map_err(|e| LodeError::new(ErrorCode::Internal, e.to_string()))??;
        if let TransportSpec::Stdio { command, .. } = transport {
            if Path::new(command).starts_with(folder) && !Path::new(command).is_file() {
                let _ = std::fs::remove_dir_all(folder);
                return Err(LodeError::new(
                    ErrorCode::McpbRefused,
                    format!("the bundle's command {command} is not a file in it"),
                ));
            }
        }
        Ok(())
    }

    /// Deletes `folder`, a bundle's folder under [`Lode::mcpb_dir`] (any other is left).
    pub(crate) fn delete_mcpb_folder(&self, folder: &str) -> LodeResult<()> {
        let folder = Path::new(folder);
        if folder.parent() != Some(self.mcpb_dir().as_path()) || !folder.is_dir() {
            return Ok(());
        }
        std::fs::remove_dir_all(folder).map_err(|e| {
            LodeError::new(
                ErrorCode::Internal,
                format!(
                    "could not delete the bundle folder {}: {e}",
                    folder.display()
                ),
            )
        })
    }

    /// Deletes the bundle folders no saved connection and no connection in the trash names,
    /// and downloads kept past a week. Returns how many folders went.
    pub fn sweep_mcpb_folders(&self) -> LodeResult<usize> {
        let bundles = self.mcpb_dir();
        let Ok(entries) = std::fs::read_dir(&bundles) else {
            return Ok(0);
        };
        let saved = self.store.list_connections()?;
        let ids: Vec<_> = saved.iter().map(|c| c.id).chain(self.trash.ids()).collect();
        let named: HashSet<PathBuf> = saved
            .into_iter()
            .filter_map(|c| c.origin.and_then(|o| o.mcpb_folder))
            .chain(self.trash.mcpb_folders())
            // An updated bundle's old folder, while its update can be undone.
            .chain(self.undo_mcpb_folders(ids.into_iter()))
            .map(PathBuf::from)
            .collect();
        let older_than = |path: &Path, age: Duration| {
            std::fs::symlink_metadata(path)
                .and_then(|m| m.modified())
                .ok()
                .and_then(|at| SystemTime::now().duration_since(at).ok())
                .is_some_and(|elapsed| elapsed > age)
        };
        let mut swept = 0;
        for entry in entries.flatten() {
            let path = entry.path();
            if entry.file_name() == "downloads" {
                for download in std::fs::read_dir(&path).into_iter().flatten().flatten() {
                    if older_than(&download.path(), DOWNLOAD_KEPT) {
                        let _ = std::fs::remove_file(download.path());
                    }
                }
                continue;
            }
            let is_folder = entry.file_type().is_ok_and(|t| t.is_dir());
            if is_folder
                && !named.contains(&path)
                && older_than(&path, UNNAMED_GRACE)
                && std::fs::remove_dir_all(&path).is_ok()
            {
                swept += 1;
            }
        }
        Ok(swept)
    }
}

/// Unpacks `zip` into a fresh `.unpacking-…` folder under `bundles`, then renames it to
/// `folder`: a crash leaves a folder no connection names, which the next sweep deletes.
fn unpack_as(zip: &[u8], bundles: &Path, folder: &Path) -> LodeResult<()> {
    let failed = |e: std::io::Error| {
        LodeError::new(
            ErrorCode::Internal,
            format!("could not make {}: {e}", bundles.display()),
        )
    };
    std::fs::create_dir_all(bundles).map_err(failed)?;
    let mut random = [0u8; 8];
    getrandom::fill(&mut random).map_err(|e| LodeError::new(ErrorCode::Internal, e.to_string()))?;
    let staging = bundles.join(format!(
        ".unpacking-{}",
        random
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    ));
    archive::unpack(zip, &staging)?;
    if folder.exists() {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            format!(
                "{} is there already: install the bundle again",
                folder.display()
            ),
        ));
    }
    std::fs::rename(&staging, folder).map_err(|e| {
        let _ = std::fs::remove_dir_all(&staging);
        failed(e)
    })
}
