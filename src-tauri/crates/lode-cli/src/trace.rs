//! `lode --trace FILE`: every JSON-RPC message of every connection the command makes, written
//! to FILE as JSON lines as it goes, the same records as the window's protocol history (secrets
//! scrubbed, each cut at 64 KiB).

use std::path::Path;
use std::sync::OnceLock;

use lode_app::ProtocolHistory;
use lode_core::{ErrorCode, LodeError, LodeResult};

static TRACE: OnceLock<ProtocolHistory> = OnceLock::new();

/// Starts tracing to `path` (created, or emptied if it exists).
pub fn start(path: &Path) -> LodeResult<()> {
    let file = std::fs::File::create(path).map_err(|e| {
        LodeError::new(
            ErrorCode::InvalidInput,
            format!("could not create the trace file {}: {e}", path.display()),
        )
    })?;
    let _ = TRACE.set(ProtocolHistory::with_trace(Box::new(file)));
    Ok(())
}

/// Where connections record their messages: the trace, when `--trace` was given.
pub fn history() -> Option<ProtocolHistory> {
    TRACE.get().cloned()
}
