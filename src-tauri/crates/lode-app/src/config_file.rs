//! Reading another program's configuration file (an MCP client's, for an import; an
//! assistant's, before Lode changes its entry) without being held up or fooled by what stands
//! at its path: only a regular file is read, and only so much of it.

use std::fs::{File, OpenOptions};
use std::io::Read;
use std::path::Path;

use lode_core::{ErrorCode, LodeError, LodeResult};

/// Configurations larger than this are not MCP configs (a VS Code `settings.json` is a few KB).
const MAX_CONFIG_BYTES: u64 = 16 * 1024 * 1024;

/// The bytes of the configuration at `path`. Only a regular file is read, and at most
/// [`MAX_CONFIG_BYTES`] of it: a path may name a FIFO (opening one for reading waits for a
/// writer, so it is opened non-blocking), a device that never ends (`/dev/zero`), a folder, or
/// a file that grows while it is read. What is checked is the opened handle, not the path, so
/// nothing can be swapped in between the check and the read.
pub fn read_config_bytes(path: &Path) -> LodeResult<Vec<u8>> {
    read_regular_file(path, MAX_CONFIG_BYTES, "an MCP configuration")
}

/// The bytes of the regular file at `path`, at most `cap` of them; `what` names what Lode
/// expected there ("an MCP configuration", "a bundle") in the errors. The same care as for a
/// configuration: a FIFO, a device or a folder is refused, and a file that grows is cut off.
pub(crate) fn read_regular_file(path: &Path, cap: u64, what: &str) -> LodeResult<Vec<u8>> {
    let failed = |why: String| LodeError::new(ErrorCode::InvalidInput, why);
    let unreadable = |e: std::io::Error| failed(format!("could not read {}: {e}", path.display()));
    let file = open_without_waiting(path).map_err(unreadable)?;
    if !file.metadata().map_err(unreadable)?.is_file() {
        return Err(failed(format!(
            "{} is not a regular file (a folder, a pipe or a device): Lode reads {what} only \
             from a file",
            path.display()
        )));
    }
    let mut bytes = Vec::new();
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 > cap {
        return Err(failed(format!(
            "{} is larger than {} MB, too large for {what}",
            path.display(),
            cap / 1_000_000
        )));
    }
    Ok(bytes)
}

/// Opens `path` for reading without waiting for anything: `O_NONBLOCK` on Unix (a FIFO with
/// no writer opens at once instead of hanging; a regular file ignores the flag).
fn open_without_waiting(path: &Path) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

#[cfg(test)]
#[path = "config_file_tests.rs"]
mod tests;
