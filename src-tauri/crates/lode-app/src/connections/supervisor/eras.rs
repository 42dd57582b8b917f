//! Where the supervisor keeps the protocol era each connection's handshake found, so the next
//! connect starts there (lode-mcp's `transport/handshake.rs`). The supervisor knows no store:
//! lode-app hands it one (`connections/eras.rs`), and tests may give it none.

use std::sync::Arc;

use lode_core::{ConnectionId, ProtocolEra};

/// A place that remembers each connection's era.
pub trait EraMemory: Send + Sync {
    fn recall(&self, id: ConnectionId) -> Option<ProtocolEra>;
    fn remember(&self, id: ConnectionId, era: ProtocolEra);
}

/// The supervisor's era memory, or none (every connect then probes with `server/discover`).
#[derive(Clone, Default)]
pub struct Eras(Option<Arc<dyn EraMemory>>);

impl Eras {
    pub fn new(memory: Arc<dyn EraMemory>) -> Self {
        Self(Some(memory))
    }

    pub(crate) fn recall(&self, id: ConnectionId) -> Option<ProtocolEra> {
        self.0.as_ref().and_then(|memory| memory.recall(id))
    }

    /// Remembers `found` unless it is what was remembered already.
    pub(crate) fn update(
        &self,
        id: ConnectionId,
        remembered: Option<ProtocolEra>,
        found: ProtocolEra,
    ) {
        if remembered != Some(found) {
            if let Some(memory) = &self.0 {
                memory.remember(id, found);
            }
        }
    }
}

impl std::fmt::Debug for Eras {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "Eras(kept)"
        } else {
            "Eras(none)"
        })
    }
}
