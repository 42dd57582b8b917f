//! Saving a basket as a bundle: the document in the chosen format, and the binary contents
//! (images, PDFs, audio) as files in a folder of its own beside it, which the document names.
//!
//! The folder is named after the document (`context.md` → `context_files/`) and made new for
//! each save (`context_files-2/` when that name is taken, by anything): two bundles saved to
//! one folder, or one saved twice, never write into each other's attachments. An earlier
//! save's folder is left as it was (Lode cannot know what else uses it).

use std::io;
use std::path::{Path, PathBuf};

use lode_core::basket::{export_with_attachments_in, has_attachments, Basket, BasketId};
use lode_core::basket::{ExportFormat, Exported, ATTACHMENT_DIR};
use lode_core::{ErrorCode, LodeError, LodeResult};
use serde::Serialize;
use ts_rs::TS;

use super::now_rfc3339;
use crate::file_names::{clean_name, cut_to_bytes};
use crate::fresh_file::{inside, write_fresh};
use crate::reading::decode_base64;
use crate::Lode;

/// How many names (`_files`, `_files-2` … ) are tried for a bundle's folder before giving up.
const FOLDER_ATTEMPTS: usize = 1000;

/// The most bytes of the document's name that its attachments' folder name starts with.
const FOLDER_STEM_BYTES: usize = 100;

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
        let basket = self.store.basket(id)?;
        let path = path.to_path_buf();
        tokio::task::spawn_blocking(move || write_bundle(&basket, format, &path))
            .await
            .map_err(|e| {
                LodeError::new(
                    ErrorCode::Internal,
                    format!("saving the bundle failed: {e}"),
                )
            })?
    }
}

fn write_bundle(basket: &Basket, format: ExportFormat, path: &Path) -> LodeResult<BundleWritten> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let attachments_folder = if has_attachments(basket) {
        new_attachments_folder(folder, path)?
    } else {
        ATTACHMENT_DIR.to_owned()
    };
    let exported = export_with_attachments_in(basket, format, &now_rfc3339(), &attachments_folder);
    write_exported(&exported, folder, path)
}

fn write_exported(exported: &Exported, folder: &Path, path: &Path) -> LodeResult<BundleWritten> {
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

/// Makes a new folder in `folder` for the attachments of the document `document`, named after
/// it, and returns its name: `create_dir` fails on anything already there (a folder, a file, a
/// link), and the next name is tried.
fn new_attachments_folder(folder: &Path, document: &Path) -> LodeResult<String> {
    let base = attachments_folder_name(document);
    for attempt in 1..=FOLDER_ATTEMPTS {
        let name = if attempt == 1 {
            base.clone()
        } else {
            format!("{base}-{attempt}")
        };
        let path = folder.join(&name);
        match std::fs::create_dir(&path) {
            Ok(()) => return Ok(name),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {}
            Err(error) => return Err(write_error(&path, &error)),
        }
    }
    Err(LodeError::new(
        ErrorCode::Storage,
        format!(
            "could not make a folder for the attachments: {} to {}-{FOLDER_ATTEMPTS} are all taken",
            folder.join(&base).display(),
            base
        ),
    ))
}

/// `<document's name without extension>_files`, in characters a Markdown link, an XML
/// attribute and every file system take as they are (letters, digits, `-`, `_`, `.`, space).
fn attachments_folder_name(document: &Path) -> String {
    let stem = document
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem: String = clean_name(&stem)
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | ' ') {
                c
            } else {
                '-'
            }
        })
        .collect();
    let stem = cut_to_bytes(stem.trim(), FOLDER_STEM_BYTES).trim_end();
    let stem = if stem.is_empty() { "bundle" } else { stem };
    format!("{stem}_files")
}

fn write_error(path: &Path, error: &std::io::Error) -> LodeError {
    LodeError::new(
        ErrorCode::Storage,
        format!("could not write {}: {error}", path.display()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_attachments_folder_is_named_after_the_document_in_safe_characters() {
        let name = |p: &str| attachments_folder_name(Path::new(p));
        assert_eq!(name("/out/context.md"), "context_files");
        assert_eq!(name("/out/上下文.json"), "上下文_files");
        assert_eq!(name("/out/a#b<c>(d).md"), "a-b_c_-d-_files");
        assert_eq!(name("/out/.md"), "md_files");
        assert_eq!(name("/out/\u{202E}.md"), "bundle_files");
        assert!(name(&format!("/out/{}.md", "文".repeat(300))).len() <= FOLDER_STEM_BYTES + 6);
    }

    #[test]
    fn a_taken_folder_name_is_never_reused() {
        let temp = tempfile::tempdir().expect("temp dir");
        let document = temp.path().join("context.md");
        std::fs::write(temp.path().join("context_files"), b"a file").expect("a file");
        assert_eq!(
            new_attachments_folder(temp.path(), &document).ok(),
            Some("context_files-2".to_owned())
        );
        assert_eq!(
            new_attachments_folder(temp.path(), &document).ok(),
            Some("context_files-3".to_owned())
        );
        assert!(temp.path().join("context_files-3").is_dir());
        assert_eq!(
            std::fs::read(temp.path().join("context_files")).expect("file"),
            b"a file"
        );
    }
}
