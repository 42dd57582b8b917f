//! Telling a running server that the roots it may ask for (`roots/list`) changed.

#![allow(deprecated)] // roots are deprecated by SEP-2577; servers of every era still ask

use lode_core::LodeResult;

use crate::client::McpClient;

impl McpClient {
    /// Offers `uris` as this connection's roots from now on and, when they changed, sends
    /// `notifications/roots/list_changed` so the server asks again (`roots/list`). The list is
    /// shared with the session's handler (`ConnectOptions::roots`), so the next `roots/list` of
    /// this same session answers with it: no reconnect. Returns whether the server was told.
    pub async fn set_roots(&self, uris: Vec<String>) -> LodeResult<bool> {
        if !self.options.roots.replace(uris) {
            return Ok(false);
        }
        self.roots_changed().await?;
        Ok(true)
    }

    /// Sends `notifications/roots/list_changed` (the list was replaced through a clone of
    /// `ConnectOptions::roots`).
    pub async fn roots_changed(&self) -> LodeResult<()> {
        let what = "telling the server its roots changed";
        let peer = self.mcp(what)?.peer();
        self.call(what, peer.notify_roots_list_changed()).await
    }
}
