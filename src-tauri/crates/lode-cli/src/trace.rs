//! `lode --trace FILE`: every JSON-RPC message of every connection the command makes, written
//! to FILE as JSON lines as it goes, the same records as the window's protocol history (secrets
//! scrubbed, each cut at 64 KiB).
//!
//! FILE must not exist yet: it is created new (`O_CREAT | O_EXCL`), readable by its owner only
//! (0600 on Unix), so a trace never lands in a file someone else made (and can read), never
//! follows a link planted at its name (`O_EXCL` refuses a link, dangling or not), and never
//! truncates a file that was there.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::Path;
use std::sync::OnceLock;

use lode_app::ProtocolHistory;
use lode_core::{ErrorCode, LodeError, LodeResult};

static TRACE: OnceLock<ProtocolHistory> = OnceLock::new();

/// Starts tracing to `path`, a new file; anything already at `path` (a link too) is refused.
pub fn start(path: &Path) -> LodeResult<()> {
    let file = create_new_private(path).map_err(|e| refused(path, &e))?;
    let _ = TRACE.set(ProtocolHistory::with_trace(Box::new(file)));
    Ok(())
}

/// Where connections record their messages: the trace, when `--trace` was given.
pub fn history() -> Option<ProtocolHistory> {
    TRACE.get().cloned()
}

fn create_new_private(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    // `create_new` is O_CREAT | O_EXCL: it fails on anything at `path`, a link included
    // (POSIX: with O_EXCL a link is not followed, even a dangling one).
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)
}

fn refused(path: &Path, error: &io::Error) -> LodeError {
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let message = if is_link {
        format!(
            "the trace file {} is a symbolic link; --trace writes only a new file",
            path.display()
        )
    } else if error.kind() == io::ErrorKind::AlreadyExists {
        format!(
            "the trace file {} already exists; --trace writes only a new file (remove it or \
             pick another name)",
            path.display()
        )
    } else {
        format!(
            "could not create the trace file {}: {error}",
            path.display()
        )
    };
    LodeError::new(ErrorCode::InvalidInput, message)
}
