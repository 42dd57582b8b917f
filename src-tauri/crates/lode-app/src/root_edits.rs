//! Changing the folders a connection offers as roots. They are kept with the connection, and a
//! running connection offers them at once: its server is sent
//! `notifications/roots/list_changed` and asks `roots/list` again, on the same session (no
//! reconnect: `hub/live_roots.rs`).

use lode_core::{ConnectionId, LodeResult};

use crate::roots::{check_roots, root_uris};
use crate::Lode;

impl Lode {
    /// Keeps `paths` (absolute existing folders; none is fine) as connection `id`'s roots, and
    /// offers them to its running server now. Returns the folders kept.
    pub async fn set_roots(&self, id: ConnectionId, paths: &[String]) -> LodeResult<Vec<String>> {
        let checked = check_roots(paths)?;
        self.store.set_roots(id, &checked)?;
        if let Err(error) = self.hub.set_roots(id, root_uris(Some(&checked))).await {
            // Kept and offered to the next `roots/list`; only the notice did not go out.
            tracing::warn!(%error, "the server was not told that its roots changed");
        }
        Ok(checked)
    }
}
