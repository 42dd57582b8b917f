//! The supervisor's era memory (`supervisor/eras.rs`) in Lode's store: what a connection's
//! handshake found survives a restart of Lode. A store that cannot be read or written costs
//! only a probe.

use lode_core::{ConnectionId, ProtocolEra};
use lode_store::Store;

use super::supervisor::EraMemory;

impl EraMemory for Store {
    fn recall(&self, id: ConnectionId) -> Option<ProtocolEra> {
        self.connection_era(id)
            .inspect_err(|error| tracing::warn!(%error, "could not read a protocol era"))
            .ok()
            .flatten()
    }

    fn remember(&self, id: ConnectionId, era: ProtocolEra) {
        if let Err(error) = self.record_era(id, era) {
            tracing::warn!(%error, "could not record a protocol era");
        }
    }
}
