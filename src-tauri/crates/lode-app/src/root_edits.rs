//! Changing the folders a connection offers as roots. A running connection is connected again
//! with the new roots, so its server learns them (the handshake declares the `roots` capability
//! only when there are some).

use lode_core::{ConnectionId, LodeResult};

use crate::roots::check_roots;
use crate::Lode;

impl Lode {
    /// Keeps `paths` (absolute folders; none is fine) as connection `id`'s roots, and connects
    /// a running connection again with them. Returns the folders kept.
    pub async fn set_roots(&self, id: ConnectionId, paths: &[String]) -> LodeResult<Vec<String>> {
        let checked = check_roots(paths)?;
        self.store.set_roots(id, &checked)?;
        if self.hub.is_started(id).await {
            let connection = self.store.get_connection(id)?;
            self.hub.stop(id).await;
            self.start(connection).await;
        }
        Ok(checked)
    }
}
