//! The app's log file: one per run, the previous run's kept beside it as `<name>.1`, so the log
//! of a run that went wrong survives the restart that follows it.

use std::fs::File;
use std::path::{Path, PathBuf};

use lode_core::{ErrorCode, LodeError, LodeResult};

/// Creates the log file's folder, moves last run's file to `<name>.1` (replacing the one
/// before), and opens a new, empty file at `path`.
pub fn start_log_file(path: &Path) -> LodeResult<File> {
    let fail = |action: &str, error: std::io::Error| {
        LodeError::new(
            ErrorCode::Storage,
            format!("could not {action} the log file {}", path.display()),
        )
        .with_detail(error.to_string())
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| fail("create the folder of", e))?;
    }
    match std::fs::rename(path, previous_log_file(path)) {
        Ok(()) => {}
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
        Err(error) => return Err(fail("keep the previous run's copy of", error)),
    }
    File::create(path).map_err(|e| fail("create", e))
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
