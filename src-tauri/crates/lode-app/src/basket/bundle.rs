//! Saving a basket as a bundle: the document in the chosen format, and the binary contents
//! (images, PDFs, audio) as files in a `files/` folder beside it, which the document names.

use std::path::{Path, PathBuf};

use lode_core::basket::{BasketId, ExportFormat};
use lode_core::{ErrorCode, LodeError, LodeResult};
use serde::Serialize;
use ts_rs::TS;

use crate::reading::decode_base64;
use crate::Lode;

/// What saving a bundle wrote.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BundleWritten {
    pub document: PathBuf,
    pub files: Vec<PathBuf>,
    pub bytes: u64,
}

/// What the window hears of a saved bundle: the document's file name (never its folder), the
/// files in all (the document included) and the bytes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[ts(export)]
pub struct SavedBundle {
    pub name: String,
    pub files: usize,
    #[ts(type = "number")]
    pub bytes: u64,
}

impl From<&BundleWritten> for SavedBundle {
    fn from(written: &BundleWritten) -> Self {
        Self {
            name: written
                .document
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            files: written.files.len() + 1,
            bytes: written.bytes,
        }
    }
}

impl Lode {
    /// Writes basket `id` to `path` in `format`, with its binary contents beside it. The
    /// document is written last, to a temporary name first, so a crash never leaves a
    /// half-written bundle under the chosen name.
    pub fn save_basket_bundle(
        &self,
        id: BasketId,
        format: ExportFormat,
        path: &Path,
    ) -> LodeResult<BundleWritten> {
        let exported = self.export_basket(id, format)?;
        let folder = path.parent().unwrap_or(Path::new("."));
        let mut files = Vec::new();
        let mut bytes = 0u64;
        for attachment in &exported.attachments {
            let data = decode_base64(&attachment.blob)?;
            let target = folder.join(&attachment.path);
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent).map_err(|e| write_error(parent, &e))?;
            }
            std::fs::write(&target, &data).map_err(|e| write_error(&target, &e))?;
            bytes += data.len() as u64;
            files.push(target);
        }
        let partial = path.with_extension("partial");
        std::fs::write(&partial, exported.text.as_bytes())
            .map_err(|e| write_error(&partial, &e))?;
        std::fs::rename(&partial, path).map_err(|e| write_error(path, &e))?;
        bytes += exported.text.len() as u64;
        Ok(BundleWritten {
            document: path.to_path_buf(),
            files,
            bytes,
        })
    }
}

fn write_error(path: &Path, error: &std::io::Error) -> LodeError {
    LodeError::new(
        ErrorCode::Storage,
        format!("could not write {}: {error}", path.display()),
    )
}
