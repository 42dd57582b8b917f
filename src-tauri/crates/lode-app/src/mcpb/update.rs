//! A bundle installed from a registry, updated to the registry's latest version: the new bundle
//! downloaded and checked as an install's is (digest, signature, every path, compatibility),
//! its command planned with the values the old one was installed with (lode-core
//! `updated_mcpb`), and — once the person agreed — unpacked into a folder of its own beside the
//! old one. The old folder stays while the update can be undone (the sweep keeps what an undo
//! names), so an undo runs the old version again as it was.

use std::path::{Path, PathBuf};

use lode_core::install::{InstallChoice, InstallSource};
use lode_core::mcpb::{
    parse_manifest, this_platform, updated_mcpb, McpbCommandPlan, McpbManifest, McpbVersion,
    MAX_MANIFEST_BYTES,
};
use lode_core::origin::InstallOrigin;
use lode_core::registry::RegistryEntry;
use lode_core::{Connection, ConnectionDraft, ErrorCode, LodeError, LodeResult};

use super::places;
use crate::config_file::read_regular_file;
use crate::install::{FoundEntry, McpbUpdate};
use crate::Lode;

impl Lode {
    /// Bundle connection `before` (installed as `origin` says, from `registry`) updated to
    /// `latest`, the registry's entry of its newest version: the connection as it will be
    /// saved, its origin after, and the bundle to unpack. Nothing is unpacked or saved.
    pub(crate) async fn plan_mcpb_update(
        &self,
        before: &Connection,
        origin: &InstallOrigin,
        registry: &str,
        latest: &RegistryEntry,
    ) -> LodeResult<(ConnectionDraft, InstallOrigin, McpbUpdate)> {
        let InstallChoice::Package { index } = origin.choice else {
            return Err(LodeError::new(
                ErrorCode::Internal,
                "a bundle's origin names no package",
            ));
        };
        let old_folder = origin
            .mcpb_folder
            .as_deref()
            .map(PathBuf::from)
            .ok_or_else(|| {
                LodeError::new(ErrorCode::Internal, "a bundle's origin with no folder")
            })?;
        let old = unpacked_manifest(&old_folder, &origin.name)?;
        let version = latest.version.as_str();
        // The registry's entry already asked for: not asked again.
        let found = FoundEntry {
            entry: latest.clone(),
            source: InstallSource::Registry,
            registry: Some(registry.to_owned()),
        };
        let loaded = self.load_entry_mcpb(&found, index).await?;
        let folder = places::free_folder(&self.mcpb_dir(), &loaded.opened.manifest);
        self.require_mcpb_checks(&loaded, &folder, &format!("{} {version}", origin.name))
            .await?;
        let McpbCommandPlan {
            transport,
            secrets,
            values,
        } = updated_mcpb(
            before,
            origin,
            McpbVersion {
                manifest: &old,
                places: &places::places_for(&old_folder),
            },
            McpbVersion {
                manifest: &loaded.opened.manifest,
                places: &places::places_for(&folder),
            },
            version,
        )?;
        let mut draft = ConnectionDraft::of(before);
        draft.transport = transport;
        draft.secrets = secrets;
        let shown = folder.display().to_string();
        let after = InstallOrigin {
            version: version.to_owned(),
            mcpb_folder: Some(shown.clone()),
            mcpb_values: Some(values),
            ..origin.clone()
        };
        let update = McpbUpdate {
            preview: loaded.opened.preview(&shown),
            folder,
            zip: loaded.zip.into(),
        };
        Ok((draft, after, update))
    }
}

/// The manifest of the bundle unpacked in `folder` (server `name`'s).
fn unpacked_manifest(folder: &Path, name: &str) -> LodeResult<McpbManifest> {
    let bytes = read_regular_file(
        &folder.join("manifest.json"),
        MAX_MANIFEST_BYTES as u64,
        "a bundle's manifest",
    )
    .map_err(|error| {
        LodeError::new(
            ErrorCode::NotRunnable,
            format!(
                "{name} cannot be updated in place: its installed bundle is unreadable ({}); \
                 install the new version anew",
                error.message
            ),
        )
    })?;
    parse_manifest(&bytes, this_platform())
}
