//! The protocol era each connection's last handshake found, so the next connect starts there
//! (lode-mcp's `transport/handshake.rs`). Removed with its connection.

use lode_core::{ConnectionId, LodeResult, ProtocolEra};
use rusqlite::{params, OptionalExtension};

use crate::database::Store;
use crate::storage_error::storage_error;

impl Store {
    /// The era remembered for `id`, if its server was ever reached.
    pub fn connection_era(&self, id: ConnectionId) -> LodeResult<Option<ProtocolEra>> {
        let era: Option<String> = self
            .conn()?
            .query_row(
                "SELECT era FROM connection_eras WHERE connection_id = ?1",
                params![id.0],
                |row| row.get(0),
            )
            .optional()
            .map_err(|e| storage_error("read the connection's protocol era", e))?;
        Ok(match era.as_deref() {
            Some("modern") => Some(ProtocolEra::Modern),
            Some("legacy") => Some(ProtocolEra::Legacy),
            // A REST API has no handshake, and an unknown word is as good as nothing.
            _ => None,
        })
    }

    /// Remembers that `id`'s server spoke `era`. A REST connection has no era to remember.
    pub fn record_era(&self, id: ConnectionId, era: ProtocolEra) -> LodeResult<()> {
        let word = match era {
            ProtocolEra::Modern => "modern",
            ProtocolEra::Legacy => "legacy",
            ProtocolEra::Rest => return Ok(()),
        };
        self.conn()?
            .execute(
                "INSERT INTO connection_eras (connection_id, era) VALUES (?1, ?2) \
                 ON CONFLICT(connection_id) DO UPDATE SET era = excluded.era",
                params![id.0, word],
            )
            .map_err(|e| storage_error("record the connection's protocol era", e))?;
        Ok(())
    }

    /// Forgets the era found for `id`: its server may be another one now (the person edited
    /// where it is), so the next connect probes with `server/discover` again.
    pub fn forget_era(&self, id: ConnectionId) -> LodeResult<()> {
        self.conn()?
            .execute(
                "DELETE FROM connection_eras WHERE connection_id = ?1",
                params![id.0],
            )
            .map_err(|e| storage_error("forget the connection's protocol era", e))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use lode_core::TransportSpec;

    use super::*;

    #[test]
    fn an_era_is_remembered_replaced_and_removed_with_its_connection() {
        let store = Store::open_in_memory().expect("open");
        let transport = TransportSpec::Http {
            url: "http://127.0.0.1:1/mcp".to_owned(),
            headers: Default::default(),
        };
        let connection = store.insert_connection("s", &transport).expect("insert");
        assert_eq!(store.connection_era(connection.id).expect("read"), None);
        store
            .record_era(connection.id, ProtocolEra::Legacy)
            .expect("record");
        assert_eq!(
            store.connection_era(connection.id).expect("read"),
            Some(ProtocolEra::Legacy)
        );
        store
            .record_era(connection.id, ProtocolEra::Modern)
            .expect("record");
        assert_eq!(
            store.connection_era(connection.id).expect("read"),
            Some(ProtocolEra::Modern)
        );
        store.forget_era(connection.id).expect("forget");
        assert_eq!(store.connection_era(connection.id).expect("read"), None);
        store
            .record_era(connection.id, ProtocolEra::Modern)
            .expect("record");
        store.delete_connections(&[connection.id]).expect("delete");
        assert_eq!(store.connection_era(connection.id).expect("read"), None);
    }
}
