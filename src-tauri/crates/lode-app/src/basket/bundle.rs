//! Saving a basket as a bundle: the document in the chosen format, and the binary contents
//! (images, PDFs, audio) as files in a `files/` folder beside it, which the document names.

use std::path::{Path, PathBuf};

use lode_core::basket::{BasketId, ExportFormat, Exported};
use lode_core::{ErrorCode, LodeError, LodeResult};
use serde::Serialize;
use ts_rs::TS;

use crate::fresh_file::{inside, write_fresh};
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
    /// Writes basket `id` to `path` in `format`, with its binary contents beside it, on a
    /// blocking thread. Every file goes to a new temporary file first and is then renamed onto
    /// its name (see [`crate::fresh_file`]): a link planted where an attachment goes is
    /// replaced, never followed, and a crash never leaves a half-written file under its name.
    pub async fn save_basket_bundle(
        &self,
        id: BasketId,
        format: ExportFormat,
        path: &Path,
    ) -> LodeResult<BundleWritten> {
        let exported = self.export_basket(id, format)?;
        let path = path.to_path_buf();
        tokio::task::spawn_blocking(move || write_bundle(&exported, &path))
            .await
            .map_err(|e| {
                LodeError::new(
                    ErrorCode::Internal,
                    format!("saving the bundle failed: {e}"),
                )
            })?
    }
}

fn write_bundle(exported: &Exported, path: &Path) -> LodeResult<BundleWritten> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut files = Vec::new();
    let mut bytes = 0u64;
    for attachment in &exported.attachments {
        let data = decode_base64(&attachment.blob)?;
        let target = inside(folder, Path::new(&attachment.path))
            .map_err(|e| write_error(&folder.join(&attachment.path), &e))?;
        write_fresh(&target, &data).map_err(|e| write_error(&target, &e))?;
        bytes += data.len() as u64;
        files.push(target);
    }
    write_fresh(path, exported.text.as_bytes()).map_err(|e| write_error(path, &e))?;
    bytes += exported.text.len() as u64;
    Ok(BundleWritten {
        document: path.to_path_buf(),
        files,
        bytes,
    })
}

fn write_error(path: &Path, error: &std::io::Error) -> LodeError {
    LodeError::new(
        ErrorCode::Storage,
        format!("could not write {}: {error}", path.display()),
    )
}
