//! A connection's protocol history (every JSON-RPC message in and out, kept by the supervisor per
//! connection): listed without the JSON, one message with it, and exported as JSON lines.

use std::path::Path;

use lode_core::{ConnectionId, ErrorCode, LodeError, LodeResult, WireMessage};

use crate::Lode;

impl Lode {
    /// The messages kept for `id`, oldest first, without their JSON; only those whose method
    /// contains `method` when it is given.
    pub fn protocol_history(
        &self,
        id: ConnectionId,
        method: Option<&str>,
    ) -> LodeResult<Vec<WireMessage>> {
        self.store.get_connection(id)?;
        Ok(self.supervisor.history(id).summaries(method))
    }

    /// One message of `id`'s history with its JSON.
    pub fn protocol_message(&self, id: ConnectionId, seq: u64) -> LodeResult<WireMessage> {
        self.supervisor.history(id).message(seq).ok_or_else(|| {
            LodeError::new(
                ErrorCode::NotFound,
                format!("message {seq} is no longer in the protocol history"),
            )
        })
    }

    /// Writes `id`'s history to `path` as JSON lines (JSON included); returns how many.
    pub fn export_protocol_history(&self, id: ConnectionId, path: &Path) -> LodeResult<usize> {
        self.store.get_connection(id)?;
        let written = std::fs::File::create(path).and_then(|file| {
            let mut writer = std::io::BufWriter::new(file);
            self.supervisor.history(id).export(&mut writer)
        });
        written.map_err(|e| {
            LodeError::new(
                ErrorCode::InvalidInput,
                format!(
                    "could not write the protocol history to {}: {e}",
                    path.display()
                ),
            )
        })
    }
}
