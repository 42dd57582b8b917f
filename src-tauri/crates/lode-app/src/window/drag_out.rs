//! A basket, or one of its items, dragged out of the window: the same Markdown as "Copy as
//! Markdown", handed to the drop as text, or written to a file that a native drag hands over
//! (the shell starts that drag; this only writes the file).

use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use lode_core::basket::{export, BasketId, ExportFormat, Exported};
use lode_core::{ErrorCode, LodeError, LodeResult};

use crate::basket::now_rfc3339;
use crate::file_names::file_name;
use crate::fresh_file::write_private;
use crate::Lode;

/// The folder, in the app's cache folder, that holds the files dragged out of the window.
pub const DRAG_OUT_FOLDER: &str = "drag-out";

/// How old a dragged-out file left by an earlier run (one that crashed, or was killed) must be
/// for the next start to remove it: the drop has long copied it by then.
pub const DRAG_FILE_MAX_AGE: Duration = Duration::from_secs(24 * 60 * 60);

impl Lode {
    /// Basket `id` in `format`, as the whole basket's export does, but holding only its item
    /// `item` when one is given (a dragged row). An item that is not in the basket is `notFound`.
    pub fn export_basket_part(
        &self,
        id: BasketId,
        item: Option<i64>,
        format: ExportFormat,
    ) -> LodeResult<Exported> {
        let mut basket = self.store.basket(id)?;
        if let Some(item) = item {
            basket.items.retain(|i| i.id == item);
            if basket.items.is_empty() {
                return Err(LodeError::new(
                    ErrorCode::NotFound,
                    "no such item in the basket",
                ));
            }
        }
        Ok(export(&basket, format, &now_rfc3339()))
    }

    /// Writes the Markdown of basket `id` (or of its item `item`) to a file in `folder`, named
    /// after the basket (and the item), and returns its path: what a native drag out of the
    /// window hands to the place it is dropped on. The file is written fresh (see
    /// [`crate::fresh_file`]) and replaces the one a previous drag of the same thing left.
    pub fn write_drag_file(
        &self,
        id: BasketId,
        item: Option<i64>,
        folder: &Path,
    ) -> LodeResult<PathBuf> {
        let basket = self.store.basket(id)?;
        let item_name = match item {
            Some(item) => basket
                .items
                .iter()
                .find(|i| i.id == item)
                .map(|i| i.display_name().to_owned()),
            None => None,
        };
        let exported = self.export_basket_part(id, item, ExportFormat::Markdown)?;
        let name = match &item_name {
            Some(name) => file_name(&format!("{} - {name}", basket.name), "md", "basket"),
            None => file_name(&basket.name, "md", "basket"),
        };
        private_folder(folder).map_err(|e| write_error(folder, &e))?;
        let path = folder.join(name);
        write_private(&path, exported.text.as_bytes()).map_err(|e| write_error(&path, &e))?;
        Ok(path)
    }
}

/// Makes `folder` (the last part of it) a folder only its owner can enter (0700 on Unix), or
/// makes the one there so; refuses a link or a file there.
fn private_folder(folder: &Path) -> io::Result<()> {
    if let Some(parent) = folder.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let mut builder = std::fs::DirBuilder::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    match builder.create(folder) {
        Ok(()) => Ok(()),
        Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {
            // `symlink_metadata` does not follow a link: a link to a folder is not `is_dir`.
            let meta = std::fs::symlink_metadata(folder)?;
            if !meta.is_dir() {
                return Err(io::Error::new(
                    io::ErrorKind::AlreadyExists,
                    "a link or a file is where the folder goes",
                ));
            }
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                if meta.permissions().mode() & 0o777 != 0o700 {
                    std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o700))?;
                }
            }
            Ok(())
        }
        Err(error) => Err(error),
    }
}

/// Removes the files in `folder` (the drag-out folder) last changed more than `older_than`
/// ago (all of them with `Duration::ZERO`, when Lode quits), and returns how many. A folder
/// that is not there has nothing to remove; links and folders inside it are left alone
/// (Lode puts neither there). Blocking.
pub fn remove_drag_files(folder: &Path, older_than: Duration) -> io::Result<usize> {
    let entries = match std::fs::read_dir(folder) {
        Ok(entries) => entries,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(0),
        Err(error) => return Err(error),
    };
    let now = SystemTime::now();
    let mut removed = 0;
    for entry in entries {
        let entry = entry?;
        // `DirEntry::metadata` does not follow a link.
        let meta = entry.metadata()?;
        if !meta.is_file() {
            continue;
        }
        let age = meta
            .modified()
            .ok()
            .and_then(|modified| now.duration_since(modified).ok())
            .unwrap_or(Duration::ZERO);
        if older_than.is_zero() || age > older_than {
            std::fs::remove_file(entry.path())?;
            removed += 1;
        }
    }
    Ok(removed)
}

fn write_error(path: &Path, error: &std::io::Error) -> LodeError {
    LodeError::new(
        ErrorCode::Storage,
        format!("could not write {}: {error}", path.display()),
    )
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    #[test]
    fn the_drag_out_folder_is_its_owners_alone_even_when_it_was_not() {
        let temp = tempfile::tempdir().expect("temp dir");
        let folder = temp.path().join("cache").join(DRAG_OUT_FOLDER);
        private_folder(&folder).expect("made");
        let mode = std::fs::metadata(&folder)
            .expect("meta")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o700, "{mode:o}");
        std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).expect("open");
        private_folder(&folder).expect("again");
        let mode = std::fs::metadata(&folder)
            .expect("meta")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o700, "{mode:o}");
    }

    #[test]
    fn a_link_where_the_drag_out_folder_goes_is_refused() {
        let temp = tempfile::tempdir().expect("temp dir");
        let elsewhere = tempfile::tempdir().expect("elsewhere");
        let folder = temp.path().join(DRAG_OUT_FOLDER);
        std::os::unix::fs::symlink(elsewhere.path(), &folder).expect("link");
        assert!(private_folder(&folder).is_err());
    }

    #[test]
    fn old_drag_files_go_at_start_and_every_one_at_quit() {
        let temp = tempfile::tempdir().expect("temp dir");
        let folder = temp.path();
        let old = folder.join("old.md");
        let new = folder.join("new.md");
        std::fs::write(&old, b"old").expect("old");
        std::fs::write(&new, b"new").expect("new");
        let two_days_ago = SystemTime::now() - 2 * DRAG_FILE_MAX_AGE;
        std::fs::File::options()
            .write(true)
            .open(&old)
            .and_then(|f| f.set_modified(two_days_ago))
            .expect("age the file");
        let kept = tempfile::tempdir().expect("kept");
        let kept_file = kept.path().join("kept.md");
        std::fs::write(&kept_file, b"not Lode's").expect("kept");
        std::os::unix::fs::symlink(&kept_file, folder.join("link.md")).expect("link");

        assert_eq!(
            remove_drag_files(folder, DRAG_FILE_MAX_AGE).expect("start"),
            1
        );
        assert!(!old.exists(), "a day-old file goes at start");
        assert!(new.exists(), "a fresh one stays (a drop may still read it)");

        assert_eq!(remove_drag_files(folder, Duration::ZERO).expect("quit"), 1);
        assert!(!new.exists(), "every file goes at quit");
        assert!(kept_file.exists(), "a link's file is never removed");
        assert_eq!(
            remove_drag_files(&folder.join("absent"), Duration::ZERO).ok(),
            Some(0)
        );
    }
}
