//! The app's log file: one per run, the previous run's kept beside it as `<name>.1`, so the log
//! of a run that went wrong survives the restart that follows it.

use std::fs::File;
use std::path::{Path, PathBuf};

use lode_core::{ErrorCode, LodeError, LodeResult};

/// Creates the log file's folder, moves last run's file to `<name>.1` (replacing the one
/// before), and opens a new, empty file at `path`. The log quotes servers' output, so on Unix a
/// new folder is `0700` and the file `0600`: the person's alone, like the database.
pub fn start_log_file(path: &Path) -> LodeResult<File> {
    let fail = |action: &str, error: std::io::Error| {
        LodeError::new(
            ErrorCode::Storage,
            format!("could not {action} the log file {}", path.display()),
        )
        .with_detail(error.to_string())
    };
    if let Some(dir) = path.parent() {
        private_folder(dir).map_err(|e| fail("create the folder of", e))?;
    }
    match std::fs::rename(path, previous_log_file(path)) {
        Ok(()) => {}
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
        Err(error) => return Err(fail("keep the previous run's copy of", error)),
    }
    private_file(path).map_err(|e| fail("create", e))
}

fn private_folder(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

fn private_file(path: &Path) -> std::io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

/// `lode.log` → `lode.log.1`.
fn previous_log_file(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".1");
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    #[test]
    fn each_run_starts_a_new_file_and_keeps_the_previous_one(
    ) -> Result<(), Box<dyn std::error::Error>> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("logs").join("lode.log");
        writeln!(start_log_file(&path)?, "first run")?;
        writeln!(start_log_file(&path)?, "second run")?;
        start_log_file(&path)?;
        assert_eq!(std::fs::read_to_string(&path)?, "");
        assert_eq!(
            std::fs::read_to_string(dir.path().join("logs").join("lode.log.1"))?,
            "second run\n"
        );
        Ok(())
    }

    #[cfg(unix)]
    #[test]
    fn the_log_is_private_to_the_person() -> Result<(), Box<dyn std::error::Error>> {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("logs").join("lode.log");
        start_log_file(&path)?;
        let mode = |p: &Path| std::fs::metadata(p).map(|m| m.permissions().mode() & 0o777);
        assert_eq!(mode(&path)?, 0o600);
        assert_eq!(mode(&dir.path().join("logs"))?, 0o700);
        Ok(())
    }

    #[test]
    fn a_folder_that_cannot_be_made_is_an_error() -> Result<(), Box<dyn std::error::Error>> {
        let dir = tempfile::tempdir()?;
        let blocker = dir.path().join("logs");
        std::fs::write(&blocker, "a file where the folder should be")?;
        let error = start_log_file(&blocker.join("lode.log")).err();
        assert_eq!(error.map(|e| e.code), Some(ErrorCode::Storage));
        Ok(())
    }
}
