//! Changing a supervised connection's roots while it runs: the list its sessions answer
//! `roots/list` with is shared (`lode_mcp::Roots`), so the supervisor replaces it and the ready
//! session sends `notifications/roots/list_changed`. A connection that is connecting or
//! reconnecting needs no notice: its next handshake offers the new list.

use lode_core::{ConnectionId, LodeResult};

use super::Supervisor;

impl Supervisor {
    /// Offers `uris` as `id`'s roots from now on. True when a running server was told; false
    /// when nothing changed, `id` is not supervised, or it has no session now.
    pub async fn set_roots(&self, id: ConnectionId, uris: Vec<String>) -> LodeResult<bool> {
        let (roots, client) = {
            let links = self.links.lock().await;
            let Some(link) = links.get(&id) else {
                return Ok(false);
            };
            let client = link.status.borrow().client.clone();
            (link.roots.clone(), client)
        };
        if !roots.replace(uris) {
            return Ok(false);
        }
        match client {
            Some(client) => client.roots_changed().await.map(|()| true),
            None => Ok(false),
        }
    }
}
