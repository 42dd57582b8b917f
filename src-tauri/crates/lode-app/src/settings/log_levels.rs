//! The log level the person chose for a connection in its Log pane: kept with the connection,
//! asked of the server with `logging/setLevel` when it connects (see the supervisor's
//! `connection_task.rs`) and at once when the connection is running.

use lode_core::{ConnectionId, LodeResult};

use crate::Lode;

impl Lode {
    /// Keeps `level` (none: the server's default) for connection `id` and, when it is running
    /// and its server logs, asks the server for it now. True when the server was asked.
    pub async fn set_log_level(&self, id: ConnectionId, level: Option<&str>) -> LodeResult<bool> {
        self.store.set_log_level(id, level)?;
        let Some(level) = level else {
            return Ok(false);
        };
        if !self.supervisor.is_started(id).await {
            return Ok(false);
        }
        let client = self.client(id).await?;
        if !client.info().capabilities.logging {
            return Ok(false);
        }
        client.set_log_level(level).await?;
        Ok(true)
    }
}
