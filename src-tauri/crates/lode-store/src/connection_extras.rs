//! What a connection keeps besides its form's settings: the log level the Log pane chose, the
//! folders offered as roots, and where it was installed from. Each is set on its own, so
//! saving the form never resets them.

use lode_core::install::InstallOrigin;
use lode_core::{ConnectionId, ErrorCode, LodeError, LodeResult};
use rusqlite::params;

use crate::storage_error::storage_error;
use crate::Store;

impl Store {
    /// Sets (or with `None` clears) the log level asked of connection `id`'s server.
    pub fn set_log_level(&self, id: ConnectionId, level: Option<&str>) -> LodeResult<()> {
        if let Some(level) = level {
            lode_core::log_level::check_log_level(level)?;
        }
        let changed = self
            .conn()?
            .execute(
                "UPDATE connections SET log_level = ?1 WHERE id = ?2",
                params![level, id.0],
            )
            .map_err(|e| storage_error("save the log level", e))?;
        found(changed, id)
    }

    /// Sets the folders offered to connection `id`'s server as roots (none: an empty list).
    pub fn set_roots(&self, id: ConnectionId, roots: &[String]) -> LodeResult<()> {
        let json = if roots.is_empty() {
            None
        } else {
            Some(serde_json::to_string(roots).map_err(|e| {
                LodeError::new(ErrorCode::Internal, format!("could not encode roots: {e}"))
            })?)
        };
        let changed = self
            .conn()?
            .execute(
                "UPDATE connections SET roots = ?1 WHERE id = ?2",
                params![json, id.0],
            )
            .map_err(|e| storage_error("save the roots", e))?;
        found(changed, id)
    }

    /// Records where connection `id` was installed from (or with `None`, forgets it).
    pub fn set_origin(&self, id: ConnectionId, origin: Option<&InstallOrigin>) -> LodeResult<()> {
        let json = origin.map(serde_json::to_string).transpose().map_err(|e| {
            LodeError::new(
                ErrorCode::Internal,
                format!("could not encode the origin: {e}"),
            )
        })?;
        let changed = self
            .conn()?
            .execute(
                "UPDATE connections SET origin = ?1 WHERE id = ?2",
                params![json, id.0],
            )
            .map_err(|e| storage_error("save where the connection was installed from", e))?;
        found(changed, id)
    }
}

fn found(changed: usize, id: ConnectionId) -> LodeResult<()> {
    if changed == 0 {
        Err(LodeError::new(
            ErrorCode::UnknownConnection,
            format!("no saved connection #{}", id.0),
        ))
    } else {
        Ok(())
    }
}
