//! Watching one resource for changes while the window shows it. The MCP client speaks each
//! era's way (`resources/subscribe` up to 2025-11-25, a `subscriptions/listen` stream from
//! 2026-07-28 on); changes arrive as `ServerEvent::ResourceUpdated` on the supervisor's events.

use lode_core::{ConnectionId, ErrorCode, LodeResult};

use crate::Lode;

impl Lode {
    /// Starts reporting changes of `uri` as the supervisor's events. `Ok(false)` when the server
    /// does not offer subscriptions (it did not declare them, or does not implement the method):
    /// the resource can still be read, it just will not update by itself.
    pub async fn subscribe_resource(&self, id: ConnectionId, uri: &str) -> LodeResult<bool> {
        let client = self.client(id).await?;
        if !client.info().capabilities.resource_subscribe {
            return Ok(false);
        }
        match client.subscribe(uri).await {
            Ok(()) => Ok(true),
            // Declared but not implemented: the same as not offered, for the person.
            Err(error) if error.code == ErrorCode::MethodNotFound => Ok(false),
            Err(error) => Err(error),
        }
    }

    /// Stops reporting changes of `uri`. Nothing to do when the connection is not running:
    /// its subscriptions ended with it (and closing a preview must not start a connection);
    /// nor while a basket holds the resource: its stale mark needs the updates.
    pub async fn unsubscribe_resource(&self, id: ConnectionId, uri: &str) -> LodeResult<()> {
        if !self.supervisor.is_started(id).await {
            return Ok(());
        }
        let connection = self.store.get_connection(id)?;
        if self.is_live() && self.store.basket_holds(&connection.name, uri)? {
            return Ok(());
        }
        let client = self.client(id).await?;
        if !client.info().capabilities.resource_subscribe {
            return Ok(());
        }
        client.unsubscribe(uri).await
    }
}
