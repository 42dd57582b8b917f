//! Saved connections and the first-run seed.

use lode_core::{Connection, ConnectionId, ErrorCode, LodeError, LodeResult, TransportSpec};
use rusqlite::{params, OptionalExtension};

use crate::database::{storage_error, Store};

/// Set once the first-run connections have been created, so deleting them later sticks.
const SEEDED_KEY: &str = "seeded";

impl Store {
    pub fn list_connections(&self) -> LodeResult<Vec<Connection>> {
        self.query_connections("ORDER BY name COLLATE NOCASE", [])
    }

    pub fn get_connection(&self, id: ConnectionId) -> LodeResult<Connection> {
        self.query_connections("WHERE id = ?1", [id.0])?
            .pop()
            .ok_or_else(|| {
                LodeError::new(
                    ErrorCode::UnknownConnection,
                    format!("no saved connection #{}", id.0),
                )
            })
    }

    /// Case-insensitive (ASCII), like the column's NOCASE collation that keeps names unique.
    pub fn find_connection_by_name(&self, name: &str) -> LodeResult<Option<Connection>> {
        Ok(self.query_connections("WHERE name = ?1", [name])?.pop())
    }

    /// The connections selected by `clause` (a WHERE and/or ORDER BY over `connections`).
    fn query_connections(
        &self,
        clause: &str,
        params: impl rusqlite::Params,
    ) -> LodeResult<Vec<Connection>> {
        let conn = self.conn()?;
        let mut stmt = conn
            .prepare(&format!(
                "SELECT id, name, transport FROM connections {clause}"
            ))
            .map_err(|e| storage_error("read connections", e))?;
        let rows = stmt
            .query_map(params, |row| {
                Ok((
                    row.get::<_, i64>(0)?,
                    row.get::<_, String>(1)?,
                    row.get::<_, String>(2)?,
                ))
            })
            .map_err(|e| storage_error("read connections", e))?;
        rows.map(|row| {
            let (id, name, transport) = row.map_err(|e| storage_error("read connections", e))?;
            Ok(Connection {
                id: ConnectionId(id),
                name,
                transport: parse_transport(&transport)?,
            })
        })
        .collect()
    }

    pub fn insert_connection(
        &self,
        name: &str,
        transport: &TransportSpec,
    ) -> LodeResult<Connection> {
        let name = name.trim();
        if name.is_empty() {
            return Err(LodeError::new(
                ErrorCode::InvalidInput,
                "a connection needs a name",
            ));
        }
        let json = encode_transport(transport)?;
        let conn = self.conn()?;
        conn.execute(
            "INSERT INTO connections (name, transport) VALUES (?1, ?2)",
            params![name, json],
        )
        .map_err(|e| match e {
            rusqlite::Error::SqliteFailure(f, _)
                if f.code == rusqlite::ErrorCode::ConstraintViolation =>
            {
                LodeError::new(
                    ErrorCode::InvalidInput,
                    format!("a connection named \"{name}\" already exists"),
                )
            }
            other => storage_error("save the connection", other),
        })?;
        Ok(Connection {
            id: ConnectionId(conn.last_insert_rowid()),
            name: name.to_owned(),
            transport: transport.clone(),
        })
    }

    /// Runs `seed` once in the life of the database (on first launch), inside one transaction
    /// with the marker, so a crash can neither skip nor repeat it.
    pub fn seed_once(&self, seed: &[(String, TransportSpec)]) -> LodeResult<bool> {
        let mut conn = self.conn()?;
        let tx = conn.transaction().map_err(|e| storage_error("seed", e))?;
        let done: Option<String> = tx
            .query_row(
                "SELECT value FROM settings WHERE key = ?1",
                [SEEDED_KEY],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| storage_error("read settings", e))?;
        if done.is_some() {
            return Ok(false);
        }
        for (name, transport) in seed {
            let json = encode_transport(transport)?;
            tx.execute(
                "INSERT OR IGNORE INTO connections (name, transport) VALUES (?1, ?2)",
                params![name, json],
            )
            .map_err(|e| storage_error("seed connections", e))?;
        }
        tx.execute(
            "INSERT INTO settings (key, value) VALUES (?1, '1')",
            [SEEDED_KEY],
        )
        .map_err(|e| storage_error("seed", e))?;
        tx.commit().map_err(|e| storage_error("seed", e))?;
        Ok(true)
    }

    /// Points an existing connection at a new transport (the demo server moves when Lode is
    /// reinstalled elsewhere).
    pub fn update_transport(&self, id: ConnectionId, transport: &TransportSpec) -> LodeResult<()> {
        let json = encode_transport(transport)?;
        self.conn()?
            .execute(
                "UPDATE connections SET transport = ?1 WHERE id = ?2",
                params![json, id.0],
            )
            .map_err(|e| storage_error("update the connection", e))?;
        Ok(())
    }
}

fn encode_transport(transport: &TransportSpec) -> LodeResult<String> {
    serde_json::to_string(transport)
        .map_err(|e| LodeError::new(ErrorCode::Internal, format!("encode transport: {e}")))
}

fn parse_transport(json: &str) -> LodeResult<TransportSpec> {
    serde_json::from_str(json).map_err(|e| {
        LodeError::new(ErrorCode::Storage, "a saved connection is unreadable")
            .with_detail(e.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stdio(cmd: &str) -> TransportSpec {
        TransportSpec::stdio_from_command_line(&format!("{cmd} stdio"))
            .expect("a plain command line parses")
    }

    #[test]
    fn saves_and_lists_connections_by_name() {
        let store = Store::open_in_memory().expect("open");
        store
            .insert_connection("zeta", &stdio("z"))
            .expect("insert");
        let alpha =
            store.insert_connection(" Alpha ", &TransportSpec::http("http://127.0.0.1:1/mcp"));
        let alpha = alpha.expect("insert");
        let names: Vec<_> = store
            .list_connections()
            .expect("list")
            .into_iter()
            .map(|c| c.name)
            .collect();
        assert_eq!(names, ["Alpha", "zeta"]);
        assert_eq!(
            store.get_connection(alpha.id).expect("get").transport,
            alpha.transport
        );
        assert_eq!(
            store
                .find_connection_by_name("ALPHA")
                .expect("find")
                .map(|c| c.id),
            Some(alpha.id)
        );
    }

    #[test]
    fn refuses_duplicate_and_empty_names() {
        let store = Store::open_in_memory().expect("open");
        store
            .insert_connection("Demo", &stdio("a"))
            .expect("insert");
        let dup = store
            .insert_connection("demo", &stdio("b"))
            .err()
            .map(|e| e.code);
        assert_eq!(dup, Some(ErrorCode::InvalidInput));
        let empty = store
            .insert_connection("  ", &stdio("b"))
            .err()
            .map(|e| e.code);
        assert_eq!(empty, Some(ErrorCode::InvalidInput));
    }

    #[test]
    fn seeds_only_once_even_after_the_user_deletes_the_seed() {
        let store = Store::open_in_memory().expect("open");
        let seed = vec![("Demo".to_owned(), stdio("demo"))];
        assert!(store.seed_once(&seed).expect("seed"));
        assert_eq!(store.list_connections().expect("list").len(), 1);
        store
            .conn()
            .expect("conn")
            .execute("DELETE FROM connections", [])
            .expect("delete");
        assert!(!store.seed_once(&seed).expect("second seed"));
        assert!(store.list_connections().expect("list").is_empty());
    }

    #[test]
    fn unknown_ids_are_a_typed_error() {
        let store = Store::open_in_memory().expect("open");
        let err = store.get_connection(ConnectionId(99)).err().map(|e| e.code);
        assert_eq!(err, Some(ErrorCode::UnknownConnection));
    }
}
