//! A bundle's bytes, from a file the person opened or from the URL a registry entry names
//! (checked against its `fileSha256`, kept in `bundles/downloads/` by that digest), with its
//! signature checked and its manifest read. What is installed is these bytes, held from the
//! check to the unpacking: the file is never read twice.

use std::path::Path;
use std::sync::OnceLock;

use lode_core::install::{InstallChoice, InstallSource};
use lode_core::mcpb::{
    check_signature, parse_manifest, split_signature, this_platform, CertificateDer, McpbSignature,
    OpenedMcpb, UnixTime,
};
use lode_core::registry::{EntryStatus, Launch};
use lode_core::{ErrorCode, LodeError, LodeResult};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use ts_rs::TS;

use super::archive::read_manifest;
use crate::config_file::read_regular_file;
use crate::install::{FoundEntry, InstallTarget};
use crate::Lode;

/// The largest bundle file Lode opens or downloads.
pub const MAX_MCPB_BYTES: usize = 256 * 1024 * 1024;

/// Which bundle to install.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", tag = "kind")]
#[ts(export)]
pub enum McpbTarget {
    /// An `.mcpb` file on this computer.
    File { path: String },
    /// Package `index` (from 0) of the entry `target` names — a registry's server or a
    /// `server.json` —, an `mcpb` one.
    Entry { target: InstallTarget, index: usize },
}

/// A bundle's bytes, how it was found, the registry and name that named it, the package it is,
/// and the registry's word on it.
type Found = (
    Vec<u8>,
    InstallSource,
    Option<(String, String, String)>,
    InstallChoice,
    EntryStatus,
);

/// A bundle read and checked: its bytes (before any signature block) and what they are.
pub struct LoadedMcpb {
    pub zip: Vec<u8>,
    pub opened: OpenedMcpb,
}

impl Lode {
    /// The bundle `target` names, read, its digest and signature checked, its manifest read.
    pub async fn load_mcpb(&self, target: &McpbTarget) -> LodeResult<LoadedMcpb> {
        let (bytes, source, registry, choice, status) = match target {
            McpbTarget::File { path } => {
                let path = path.strip_prefix("file://").unwrap_or(path).to_owned();
                let bytes = tokio::task::spawn_blocking(move || read_mcpb_file(Path::new(&path)))
                    .await
                    .map_err(|e| LodeError::new(ErrorCode::Internal, e.to_string()))??;
                let choice = InstallChoice::Package { index: 0 };
                (
                    bytes,
                    InstallSource::Mcpb,
                    None,
                    choice,
                    EntryStatus::Active,
                )
            }
            McpbTarget::Entry { target, index } => {
                let found = self.install_entry(target).await?;
                return self.load_entry_mcpb(&found, *index).await;
            }
        };
        check_off_thread(bytes, source, registry, choice, status).await
    }

    /// Package `index` of the entry `found` (an `mcpb` one), downloaded and checked as
    /// [`Lode::load_mcpb`] checks a bundle.
    pub(crate) async fn load_entry_mcpb(
        &self,
        found: &FoundEntry,
        index: usize,
    ) -> LodeResult<LoadedMcpb> {
        let (bytes, source, registry, choice, status) = self.entry_mcpb(found, index).await?;
        check_off_thread(bytes, source, registry, choice, status).await
    }

    /// The bytes and origin of package `index` of the entry `found`, an `mcpb` one.
    async fn entry_mcpb(&self, found: &FoundEntry, index: usize) -> LodeResult<Found> {
        let entry = &found.entry;
        let package = entry
            .packages
            .get(index)
            .filter(|p| p.launch == Launch::Mcpb)
            .ok_or_else(|| {
                LodeError::new(
                    ErrorCode::NotRunnable,
                    format!(
                        "package {} of {} is not a bundle Lode installs",
                        index + 1,
                        entry.name
                    ),
                )
            })?;
        let digest = package.file_sha256.clone().unwrap_or_default();
        let from = found
            .registry
            .clone()
            .unwrap_or_else(|| "of the server.json".to_owned());
        let bytes = self
            .downloaded_mcpb(&from, &package.identifier, &digest)
            .await?;
        let named = found
            .registry
            .clone()
            .map(|registry| (registry, entry.name.clone(), entry.version.clone()));
        let choice = InstallChoice::Package { index };
        Ok((bytes, found.source, named, choice, entry.status.clone()))
    }

    /// The bundle at `url` whose SHA-256 is `digest`: from the downloads folder when it is
    /// there and still has that digest, else downloaded, checked and kept there.
    async fn downloaded_mcpb(
        &self,
        registry: &str,
        url: &str,
        digest: &str,
    ) -> LodeResult<Vec<u8>> {
        let kept = self
            .mcpb_dir()
            .join("downloads")
            .join(format!("{digest}.mcpb"));
        if let Ok(bytes) = std::fs::read(&kept) {
            if sha256_hex(&bytes) == digest {
                return Ok(bytes);
            }
        }
        let bytes = lode_registry::download_mcpb(registry, url, MAX_MCPB_BYTES).await?;
        let found = sha256_hex(&bytes);
        if found != digest {
            return Err(LodeError::new(
                ErrorCode::McpbRefused,
                format!(
                    "the bundle at {url} is not the one its registry entry names: its SHA-256 is \
                     {found}, the entry says {digest}. Nothing was unpacked."
                ),
            ));
        }
        if let Some(folder) = kept.parent() {
            // Only a cache: a bundle that cannot be kept is downloaded again next time.
            let _ = std::fs::create_dir_all(folder)
                .and_then(|()| crate::fresh_file::write_private(&kept, &bytes));
        }
        Ok(bytes)
    }
}

pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The system's trusted roots, loaded once.
fn system_roots() -> &'static [CertificateDer<'static>] {
    static ROOTS: OnceLock<Vec<CertificateDer<'static>>> = OnceLock::new();
    ROOTS.get_or_init(|| rustls_native_certs::load_native_certs().certs)
}

/// [`checked`] on a blocking thread: a signature and a ZIP's directory over up to 256 MiB.
async fn check_off_thread(
    bytes: Vec<u8>,
    source: InstallSource,
    registry: Option<(String, String, String)>,
    choice: InstallChoice,
    status: EntryStatus,
) -> LodeResult<LoadedMcpb> {
    tokio::task::spawn_blocking(move || checked(bytes, source, registry, choice, status))
        .await
        .map_err(|e| LodeError::new(ErrorCode::Internal, e.to_string()))?
}

fn checked(
    bytes: Vec<u8>,
    source: InstallSource,
    registry: Option<(String, String, String)>,
    choice: InstallChoice,
    status: EntryStatus,
) -> LodeResult<LoadedMcpb> {
    let sha256 = sha256_hex(&bytes);
    let (content, block) = split_signature(&bytes)?;
    let signature = match block {
        Some(block) => check_signature(content, block, system_roots(), UnixTime::now())?,
        None => McpbSignature::unsigned(),
    };
    let manifest = parse_manifest(&read_manifest(content)?, this_platform())?;
    let zip = content.to_vec();
    Ok(LoadedMcpb {
        zip,
        opened: OpenedMcpb {
            manifest,
            signature,
            sha256,
            source,
            registry,
            choice,
            status,
        },
    })
}

/// The bytes of the bundle file at `path`: only a regular file, at most [`MAX_MCPB_BYTES`].
pub fn read_mcpb_file(path: &Path) -> LodeResult<Vec<u8>> {
    read_regular_file(path, MAX_MCPB_BYTES as u64, "a bundle")
}
