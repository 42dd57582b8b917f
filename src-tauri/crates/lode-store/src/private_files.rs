//! The data folder and the database are the person's alone: on Unix the folder is `0700` and
//! the database file `0600`, whatever the umask (a umask of 022 would leave saved connections,
//! their commands and URLs readable by every account on the machine).
//!
//! SQLite makes its `-wal` and `-shm` files with the database file's own mode (and `fchmod`s
//! them to it, past the umask), so a `0600` database gets `0600` companions. Companions left
//! behind by an older Lode (a crash keeps them) are tightened on open.
//!
//! A database file that already exists with wider modes is tightened, and so is its folder: a
//! folder that holds Lode's database is Lode's data folder. An existing folder that does not
//! (yet) hold one (a `LODE_DATA_DIR` pointing at a folder of the person's, say `$HOME`) is not
//! Lode's to change: it is left as it is with a warning, and so is a shared folder with the
//! sticky bit (`/tmp`). The database inside either is still `0600`.

use std::io;
use std::path::Path;

/// Creates `dir` (and its missing parents) private to the person; an existing one is
/// tightened when `holds_lode_data` (it has Lode's database already), else left with a warning.
pub(crate) fn private_dir(dir: &Path, holds_lode_data: bool) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
        let existed = dir.is_dir();
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)?;
        let mode = std::fs::metadata(dir)?.permissions().mode();
        if mode & 0o777 == 0o700 {
            return Ok(());
        }
        let shared = mode & 0o1000 != 0;
        if shared || (existed && !holds_lode_data) {
            if mode & 0o077 != 0 {
                tracing::warn!(
                    folder = %dir.display(),
                    "Lode's data folder is open to other accounts ({:o}); left as it is, \
                     the database in it is private",
                    mode & 0o7777
                );
            }
            return Ok(());
        }
        // Set, not only asked for at creation: the umask may have taken owner bits too.
        tighten(dir, 0o700);
        Ok(())
    }
    #[cfg(not(unix))]
    {
        let _ = holds_lode_data;
        std::fs::create_dir_all(dir)
    }
}

/// Creates the database file `path` empty when it does not exist (SQLite then fills it), and
/// makes it `0600` either way. Never truncates.
pub(crate) fn private_file(path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .mode(0o600)
            .open(path)?;
        tighten_if_wider(path, 0o600);
        Ok(())
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        Ok(())
    }
}

/// `path` at `mode` when it exists with other bits (a `-wal` or `-shm` file of an older Lode).
pub(crate) fn tighten_if_wider(path: &Path, mode: u32) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        match std::fs::metadata(path) {
            Ok(meta) if meta.permissions().mode() & 0o777 != mode => tighten(path, mode),
            _ => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (path, mode);
    }
}

#[cfg(unix)]
fn tighten(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    if let Err(error) = std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)) {
        // Someone else's file, or a read-only file system: Lode still works, and says so.
        tracing::warn!(
            path = %path.display(),
            %error,
            "could not make this file private to you ({mode:o})"
        );
    }
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path)
            .expect("metadata")
            .permissions()
            .mode()
            & 0o7777
    }

    #[test]
    fn a_new_folder_is_0700_and_an_existing_wide_one_is_tightened() {
        let temp = tempfile::tempdir().expect("temp dir");
        let fresh = temp.path().join("a/b");
        private_dir(&fresh, false).expect("create");
        assert_eq!(mode(&fresh), 0o700);

        let wide = temp.path().join("wide");
        std::fs::create_dir(&wide).expect("mkdir");
        std::fs::set_permissions(&wide, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        private_dir(&wide, true).expect("tighten");
        assert_eq!(mode(&wide), 0o700);
    }

    #[test]
    fn a_folder_of_the_persons_own_is_not_changed() {
        let temp = tempfile::tempdir().expect("temp dir");
        let theirs = temp.path().join("theirs");
        std::fs::create_dir(&theirs).expect("mkdir");
        std::fs::set_permissions(&theirs, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        private_dir(&theirs, false).expect("accepted");
        assert_eq!(mode(&theirs), 0o755);
    }

    #[test]
    fn a_shared_sticky_folder_is_left_alone() {
        let temp = tempfile::tempdir().expect("temp dir");
        let shared = temp.path().join("shared");
        std::fs::create_dir(&shared).expect("mkdir");
        std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o1777)).expect("chmod");
        private_dir(&shared, true).expect("accepted");
        assert_eq!(mode(&shared), 0o1777);
    }

    #[test]
    fn the_file_is_0600_and_keeps_its_contents() {
        let temp = tempfile::tempdir().expect("temp dir");
        let path = temp.path().join("lode.db");
        std::fs::write(&path, b"kept").expect("write");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        private_file(&path).expect("tighten");
        assert_eq!(mode(&path), 0o600);
        assert_eq!(std::fs::read(&path).expect("read"), b"kept");
        let new = temp.path().join("new.db");
        private_file(&new).expect("create");
        assert_eq!(mode(&new), 0o600);
    }
}
