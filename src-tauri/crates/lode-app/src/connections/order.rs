//! The order of the saved connections in the sidebar, changed by a drag or by Alt+Up/Down.

use lode_core::{ConnectionId, ErrorCode, LodeError, LodeResult};

use crate::Lode;

impl Lode {
    /// Moves connection `id` to `index` (0-based, clamped to the end) among the saved
    /// connections, the others keeping their order; the store keeps it across restarts.
    pub fn move_connection(&self, id: ConnectionId, index: usize) -> LodeResult<()> {
        let mut order: Vec<ConnectionId> = self
            .store
            .list_connections()?
            .into_iter()
            .map(|c| c.id)
            .collect();
        let Some(from) = order.iter().position(|c| *c == id) else {
            return Err(LodeError::new(
                ErrorCode::UnknownConnection,
                format!("no saved connection #{}", id.0),
            ));
        };
        let moved = order.remove(from);
        order.insert(index.min(order.len()), moved);
        self.store.reorder_connections(&order)
    }
}
