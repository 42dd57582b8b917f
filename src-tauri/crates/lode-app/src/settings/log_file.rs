//! The app's log file, bounded: `lode.log` and up to [`KEPT_FILES`]` - 1` older files beside it
//! (`lode.log.1`, the newest of them, to `lode.log.4`). Each run starts a new file, so the log of
//! a run that went wrong survives the restart that follows it; a file that reaches
//! [`MAX_FILE_BYTES`] is rotated the same way mid-run, the oldest removed. Each record is cut to
//! [`MAX_RECORD_BYTES`]. So the folder never holds more than [`LOG_FOLDER_CAP`] of Lode's logs,
//! whatever a server floods the app with.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use lode_core::{ErrorCode, LodeError, LodeResult};

/// How big one log file grows before the next is started.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;
/// How many files are kept: the current one and the older ones.
pub const KEPT_FILES: usize = 5;
/// The most the log folder holds: every kept file full.
pub const LOG_FOLDER_CAP: u64 = MAX_FILE_BYTES * KEPT_FILES as u64;
/// One log record (one event, formatted) past this is cut, and marked so.
pub const MAX_RECORD_BYTES: usize = 16 * 1024;

/// The open log: a writer that rotates and cuts as it goes. Wrap it in a `Mutex` for tracing.
pub struct LogFile {
    path: PathBuf,
    file: Option<File>,
    written: u64,
}

/// Creates the log file's folder, moves the files already there one place older (`lode.log` →
/// `lode.log.1`, …, the oldest removed), and opens a new, empty file at `path`. The log quotes
/// servers' output, so on Unix a new folder is `0700` and the file `0600`: the person's alone,
/// like the database.
pub fn start_log_file(path: &Path) -> LodeResult<LogFile> {
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
    shift_older(path).map_err(|e| fail("keep the previous run's copy of", e))?;
    let file = private_file(path).map_err(|e| fail("create", e))?;
    Ok(LogFile {
        path: path.to_owned(),
        file: Some(file),
        written: 0,
    })
}

impl LogFile {
    /// Starts the next file: the current one becomes `.1`. When the files cannot be moved,
    /// the current one is emptied instead: the cap holds either way.
    fn rotate(&mut self) {
        self.file = None;
        let reopened = shift_older(&self.path).and_then(|()| private_file(&self.path));
        self.file = match reopened {
            Ok(file) => Some(file),
            Err(_) => private_file(&self.path).ok(),
        };
        self.written = 0;
    }
}

impl Write for LogFile {
    /// One call is one record (tracing's formatter writes each event whole): cut to
    /// [`MAX_RECORD_BYTES`], in the current file or, when it would pass [`MAX_FILE_BYTES`], the
    /// next one. Nothing is ever refused: a log that cannot be written loses the line, not the
    /// app's work.
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let record = cut_record(bytes);
        let size = record.len() as u64;
        if self.written > 0 && self.written + size > MAX_FILE_BYTES {
            self.rotate();
        }
        if let Some(file) = &mut self.file {
            if file.write_all(&record).is_ok() {
                self.written += size;
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.file {
            Some(file) => file.flush(),
            None => Ok(()),
        }
    }
}

const CUT_MARK: &[u8] = " … [cut]\n".as_bytes();

/// `bytes` as is when short, else its first bytes (at a character boundary) and a mark.
fn cut_record(bytes: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if bytes.len() <= MAX_RECORD_BYTES {
        return std::borrow::Cow::Borrowed(bytes);
    }
    let mut end = MAX_RECORD_BYTES - CUT_MARK.len();
    // Back to the start of a UTF-8 character (continuation bytes are 0b10xx_xxxx).
    while end > 0 && bytes[end] & 0xC0 == 0x80 {
        end -= 1;
    }
    let mut record = bytes[..end].to_vec();
    record.extend_from_slice(CUT_MARK);
    std::borrow::Cow::Owned(record)
}

/// Moves every kept file one place older, removing the oldest (and any older still, left by a
/// Lode that kept more).
fn shift_older(path: &Path) -> std::io::Result<()> {
    for stale in KEPT_FILES - 1..KEPT_FILES + 16 {
        remove_if_there(&numbered(path, stale))?;
    }
    for n in (1..KEPT_FILES - 1).rev() {
        rename_if_there(&numbered(path, n), &numbered(path, n + 1))?;
    }
    rename_if_there(path, &numbered(path, 1))
}

fn remove_if_there(path: &Path) -> std::io::Result<()> {
    match std::fs::remove_file(path) {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
}

fn rename_if_there(from: &Path, to: &Path) -> std::io::Result<()> {
    match std::fs::rename(from, to) {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
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

/// `lode.log` → `lode.log.<n>`.
fn numbered(path: &Path, n: usize) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".{n}"));
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
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

    /// Every byte in the log's folder.
    fn folder_bytes(dir: &Path) -> u64 {
        std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok()?.metadata().ok())
                    .map(|m| m.len())
                    .sum()
            })
            .unwrap_or(0)
    }

    #[test]
    fn writing_past_the_cap_keeps_the_folder_under_it_and_drops_the_oldest(
    ) -> Result<(), Box<dyn std::error::Error>> {
        let dir = tempfile::tempdir()?;
        let logs = dir.path().join("logs");
        let path = logs.join("lode.log");
        // Left by an earlier run, and by a Lode that kept more files.
        std::fs::create_dir_all(&logs)?;
        std::fs::write(numbered(&path, 9), "ancient")?;
        let mut log = start_log_file(&path)?;
        writeln!(log, "the first line")?;
        let line = format!("{}\n", "x".repeat(999));
        // Three times the cap, a record at a time, as a flood would write it.
        for _ in 0..(3 * LOG_FOLDER_CAP / 1000) {
            log.write_all(line.as_bytes())?;
        }
        // One record far past the record cap.
        log.write_all("é".repeat(MAX_RECORD_BYTES).as_bytes())?;
        log.flush()?;
        let total = folder_bytes(&logs);
        assert!(total <= LOG_FOLDER_CAP, "{total} bytes in the folder");
        assert!(total > LOG_FOLDER_CAP - 2 * MAX_FILE_BYTES, "{total} bytes");
        assert!(!numbered(&path, KEPT_FILES).exists() && !numbered(&path, 9).exists());
        for n in 1..KEPT_FILES {
            let older = std::fs::read_to_string(numbered(&path, n))?;
            assert!(!older.contains("the first line"), "the oldest is gone");
            assert!(older.len() as u64 <= MAX_FILE_BYTES);
        }
        let last = std::fs::read_to_string(&path)?;
        let cut = last.lines().last().unwrap_or_default();
        assert!(
            cut.len() <= MAX_RECORD_BYTES && cut.ends_with("[cut]"),
            "{}",
            cut.len()
        );
        Ok(())
    }
}
