//! Saved connections and the first-run seed.

use lode_core::{
    Connection, ConnectionId, ConnectionSettings, ErrorCode, LodeError, LodeResult, TransportSpec,
};
use rusqlite::{params, OptionalExtension};

use crate::connection_row::{encode_secrets, encode_transport, read_connection, RawRow, COLUMNS};
use crate::database::Store;
use crate::storage_error::storage_error;

/// An SQL expression for "now" as an RFC 3339 UTC timestamp with milliseconds.
const NOW: &str = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/// Set once the first-run connections have been created, so deleting them later sticks.
const SEEDED_KEY: &str = "seeded";

impl Store {
    /// Every saved connection, in the order the person gave them.
    pub fn list_connections(&self) -> LodeResult<Vec<Connection>> {
        self.query_connections("ORDER BY position, name COLLATE NOCASE", [])
    }

    pub fn get_connection(&self, id: ConnectionId) -> LodeResult<Connection> {
        self.query_connections("WHERE id = ?1", [id.0])?
            .pop()
            .ok_or_else(|| unknown_connection(id))
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
            .prepare(&format!("SELECT {COLUMNS} FROM connections {clause}"))
            .map_err(|e| storage_error("read connections", e))?;
        let rows = stmt
            .query_map(params, RawRow::read)
            .map_err(|e| storage_error("read connections", e))?;
        rows.map(|row| {
            row.map_err(|e| storage_error("read connections", e))?
                .decode()
        })
        .collect()
    }

    /// Saves a new connection with the default settings, last in the list.
    pub fn insert_connection(
        &self,
        name: &str,
        transport: &TransportSpec,
    ) -> LodeResult<Connection> {
        self.insert_connection_with(name, transport, &ConnectionSettings::default())
    }

    /// Saves a new connection, last in the list.
    pub fn insert_connection_with(
        &self,
        name: &str,
        transport: &TransportSpec,
        settings: &ConnectionSettings,
    ) -> LodeResult<Connection> {
        let conn = self.conn()?;
        insert_row(&conn, name, transport, settings)
    }

    /// Saves several connections at once, all or none — what an import from another client's
    /// configuration needs: a blank name, or one already saved or repeated in `entries`, refuses
    /// the whole batch and nothing is saved. Returns the new connections in the order given.
    pub fn insert_connections(
        &self,
        entries: &[(String, TransportSpec)],
    ) -> LodeResult<Vec<Connection>> {
        let settings = ConnectionSettings::default();
        let entries: Vec<(String, TransportSpec, ConnectionSettings)> = entries
            .iter()
            .map(|(name, transport)| (name.clone(), transport.clone(), settings.clone()))
            .collect();
        self.insert_connections_with(&entries)
    }

    /// Like [`Store::insert_connections`], each with its own settings.
    pub fn insert_connections_with(
        &self,
        entries: &[(String, TransportSpec, ConnectionSettings)],
    ) -> LodeResult<Vec<Connection>> {
        let mut conn = self.conn()?;
        let tx = conn
            .transaction()
            .map_err(|e| storage_error("save the connections", e))?;
        let saved = entries
            .iter()
            .map(|(name, transport, settings)| insert_row(&tx, name, transport, settings))
            .collect::<LodeResult<Vec<_>>>()?;
        tx.commit()
            .map_err(|e| storage_error("save the connections", e))?;
        Ok(saved)
    }

    /// Gives a saved connection a new name (trimmed; unique regardless of ASCII case).
    pub fn rename_connection(&self, id: ConnectionId, name: &str) -> LodeResult<()> {
        let name = checked_name(name)?;
        let changed = self
            .conn()?
            .execute(
                &format!("UPDATE connections SET name = ?1, updated_at = {NOW} WHERE id = ?2"),
                params![name, id.0],
            )
            .map_err(|e| name_error(name, "rename the connection", e))?;
        if changed == 0 {
            return Err(unknown_connection(id));
        }
        Ok(())
    }

    /// Deletes the given connections in one transaction (a multi-selection in the UI goes
    /// entirely or not at all). Ids that are not saved are skipped; returns how many went.
    pub fn delete_connections(&self, ids: &[ConnectionId]) -> LodeResult<usize> {
        let mut conn = self.conn()?;
        let tx = conn
            .transaction()
            .map_err(|e| storage_error("delete connections", e))?;
        let mut deleted = 0;
        {
            let mut stmt = tx
                .prepare("DELETE FROM connections WHERE id = ?1")
                .map_err(|e| storage_error("delete connections", e))?;
            for id in ids {
                deleted += stmt
                    .execute([id.0])
                    .map_err(|e| storage_error("delete connections", e))?;
            }
        }
        tx.commit()
            .map_err(|e| storage_error("delete connections", e))?;
        Ok(deleted)
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
            let taken: bool = tx
                .query_row(
                    "SELECT EXISTS (SELECT 1 FROM connections WHERE name = ?1)",
                    [name],
                    |r| r.get(0),
                )
                .map_err(|e| storage_error("seed connections", e))?;
            if !taken {
                insert_row(&tx, name, transport, &ConnectionSettings::default())?;
            }
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
                &format!("UPDATE connections SET transport = ?1, updated_at = {NOW} WHERE id = ?2"),
                params![json, id.0],
            )
            .map_err(|e| storage_error("update the connection", e))?;
        Ok(())
    }

    /// Replaces everything about a connection but its place, id and creation time (the edit
    /// form's Save). Returns the connection as saved.
    pub fn update_connection(
        &self,
        id: ConnectionId,
        name: &str,
        transport: &TransportSpec,
        settings: &ConnectionSettings,
    ) -> LodeResult<Connection> {
        let name = checked_name(name)?;
        let settings = checked_settings(settings)?;
        let conn = self.conn()?;
        let changed = conn
            .execute(
                &format!(
                    "UPDATE connections SET name = ?1, transport = ?2, secrets = ?3, oauth = ?4, \
                     timeout_secs = ?5, enabled = ?6, shown_in_browser = ?7, oauth_client_id = ?8, \
                     inherit_env = ?10, oauth_client_metadata_url = ?11, updated_at = {NOW} \
                     WHERE id = ?9"
                ),
                params![
                    name,
                    encode_transport(transport)?,
                    encode_secrets(&settings.secrets)?,
                    settings.oauth,
                    settings.timeout_secs,
                    settings.enabled,
                    settings.shown_in_browser,
                    settings.oauth_client_id,
                    id.0,
                    settings.inherit_env,
                    settings.oauth_client_metadata_url
                ],
            )
            .map_err(|e| name_error(name, "save the connection", e))?;
        if changed == 0 {
            return Err(unknown_connection(id));
        }
        read_connection(&conn, id)?.ok_or_else(|| unknown_connection(id))
    }

    /// Puts the connections in the order given (the sidebar after a drag), in one transaction.
    /// Connections not named keep their relative order after those named.
    pub fn reorder_connections(&self, order: &[ConnectionId]) -> LodeResult<()> {
        let mut conn = self.conn()?;
        let tx = conn
            .transaction()
            .map_err(|e| storage_error("reorder connections", e))?;
        let named = i64::try_from(order.len()).unwrap_or(i64::MAX);
        // Everyone else moves behind the named ones, keeping their order.
        tx.execute("UPDATE connections SET position = position + ?1", [named])
            .map_err(|e| storage_error("reorder connections", e))?;
        for (index, id) in order.iter().enumerate() {
            let position = i64::try_from(index).unwrap_or(i64::MAX);
            tx.execute(
                "UPDATE connections SET position = ?1 WHERE id = ?2",
                params![position, id.0],
            )
            .map_err(|e| storage_error("reorder connections", e))?;
        }
        tx.commit()
            .map_err(|e| storage_error("reorder connections", e))
    }

    /// Records how the last attempt to connect ended, shown beside the connection.
    pub fn record_connect(
        &self,
        id: ConnectionId,
        ok: bool,
        error: Option<&str>,
    ) -> LodeResult<()> {
        self.conn()?
            .execute(
                &format!(
                    "UPDATE connections SET last_connect = \
                     json_object('at', {NOW}, 'ok', json(?1), 'error', ?2) WHERE id = ?3"
                ),
                params![if ok { "true" } else { "false" }, error, id.0],
            )
            .map_err(|e| storage_error("record the connect result", e))?;
        Ok(())
    }
}

/// Inserts one connection on `conn` (the store's connection or an open transaction), last.
fn insert_row(
    conn: &rusqlite::Connection,
    name: &str,
    transport: &TransportSpec,
    settings: &ConnectionSettings,
) -> LodeResult<Connection> {
    let name = checked_name(name)?;
    let settings = checked_settings(settings)?;
    // A fresh id, never given before (see migration 0006): a removed connection's id is not
    // handed to the next one. A failed insert below only leaves a gap.
    let id: i64 = conn
        .query_row(
            "UPDATE connection_ids SET last = \
             MAX(last, (SELECT COALESCE(MAX(id), 0) FROM connections)) + 1 RETURNING last",
            [],
            |row| row.get(0),
        )
        .map_err(|e| storage_error("give the connection an id", e))?;
    conn.execute(
        &format!(
            "INSERT INTO connections (id, name, transport, secrets, oauth, timeout_secs, enabled, \
             shown_in_browser, oauth_client_id, inherit_env, oauth_client_metadata_url, position, \
             created_at, updated_at) VALUES (?10, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?11, \
             (SELECT COALESCE(MAX(position), 0) + 1 FROM connections), {NOW}, {NOW})"
        ),
        params![
            name,
            encode_transport(transport)?,
            encode_secrets(&settings.secrets)?,
            settings.oauth,
            settings.timeout_secs,
            settings.enabled,
            settings.shown_in_browser,
            settings.oauth_client_id,
            settings.inherit_env,
            id,
            settings.oauth_client_metadata_url
        ],
    )
    .map_err(|e| name_error(name, "save the connection", e))?;
    let id = ConnectionId(id);
    read_connection(conn, id)?.ok_or_else(|| unknown_connection(id))
}

/// Settings as saved: a timeout of at least one second, each secret listed once.
fn checked_settings(settings: &ConnectionSettings) -> LodeResult<ConnectionSettings> {
    if settings.timeout_secs == 0 {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            "the request timeout must be at least 1 second",
        ));
    }
    let mut settings = settings.clone();
    settings.secrets.sort();
    settings.secrets.dedup();
    Ok(settings)
}

/// The name as saved: trimmed, and never empty.
fn checked_name(name: &str) -> LodeResult<&str> {
    let name = name.trim();
    if name.is_empty() {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            "a connection needs a name",
        ));
    }
    Ok(name)
}

/// A write of `name` that failed: a taken name is the user's to fix, anything else is storage.
fn name_error(name: &str, action: &str, error: rusqlite::Error) -> LodeError {
    match error {
        rusqlite::Error::SqliteFailure(f, _)
            if f.code == rusqlite::ErrorCode::ConstraintViolation =>
        {
            LodeError::new(
                ErrorCode::InvalidInput,
                format!("a connection named \"{name}\" already exists"),
            )
        }
        other => storage_error(action, other),
    }
}

fn unknown_connection(id: ConnectionId) -> LodeError {
    LodeError::new(
        ErrorCode::UnknownConnection,
        format!("no saved connection #{}", id.0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stdio(cmd: &str) -> TransportSpec {
        TransportSpec::stdio_from_command_line(&format!("{cmd} stdio"))
            .expect("a plain command line parses")
    }

    #[test]
    fn saves_and_lists_connections_in_the_order_added() {
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
        assert_eq!(names, ["zeta", "Alpha"]);
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
    fn a_batch_is_saved_entirely_or_not_at_all() {
        let store = Store::open_in_memory().expect("open");
        store
            .insert_connection("Taken", &stdio("t"))
            .expect("insert");
        let batch = |names: &[&str]| -> Vec<(String, TransportSpec)> {
            names.iter().map(|n| ((*n).to_owned(), stdio(n))).collect()
        };
        for refused in [
            batch(&["one", "two", "taken"]),
            batch(&["one", "two", "ONE"]),
            batch(&["one", " "]),
        ] {
            let code = store.insert_connections(&refused).err().map(|e| e.code);
            assert_eq!(code, Some(ErrorCode::InvalidInput));
            assert_eq!(store.list_connections().expect("list").len(), 1);
        }
        let saved = store
            .insert_connections(&batch(&["b", "a"]))
            .expect("a clean batch saves");
        let names: Vec<_> = saved.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["b", "a"]);
        for connection in &saved {
            assert_eq!(
                store.get_connection(connection.id).expect("get"),
                *connection
            );
        }
    }

    #[test]
    fn renames_keep_names_unique() {
        let store = Store::open_in_memory().expect("open");
        let a = store.insert_connection("a", &stdio("a")).expect("insert");
        store.insert_connection("b", &stdio("b")).expect("insert");
        store.rename_connection(a.id, " Alpha ").expect("rename");
        assert_eq!(store.get_connection(a.id).expect("get").name, "Alpha");
        let taken = store.rename_connection(a.id, "B").err().map(|e| e.code);
        assert_eq!(taken, Some(ErrorCode::InvalidInput));
        let unknown = store
            .rename_connection(ConnectionId(99), "c")
            .err()
            .map(|e| e.code);
        assert_eq!(unknown, Some(ErrorCode::UnknownConnection));
    }

    #[test]
    fn deletes_several_and_skips_unknown_ids() {
        let store = Store::open_in_memory().expect("open");
        let a = store.insert_connection("a", &stdio("a")).expect("insert");
        let b = store.insert_connection("b", &stdio("b")).expect("insert");
        let c = store.insert_connection("c", &stdio("c")).expect("insert");
        let deleted = store
            .delete_connections(&[a.id, ConnectionId(99), c.id])
            .expect("delete");
        assert_eq!(deleted, 2);
        assert_eq!(store.list_connections().expect("list"), [b]);
    }

    #[test]
    fn a_removed_connections_id_is_never_given_again() {
        let store = Store::open_in_memory().expect("open");
        let a = store.insert_connection("a", &stdio("a")).expect("insert");
        let b = store.insert_connection("b", &stdio("b")).expect("insert");
        store.delete_connections(&[b.id]).expect("delete");
        let c = store.insert_connection("c", &stdio("c")).expect("insert");
        assert!(c.id.0 > b.id.0, "{:?} after {:?}", c.id, b.id);
        store.delete_connections(&[a.id, c.id]).expect("delete");
        let batch = store
            .insert_connections(&[("d".into(), stdio("d")), ("e".into(), stdio("e"))])
            .expect("insert");
        assert!(batch.iter().all(|d| d.id.0 > c.id.0), "{batch:?}");
    }

    #[test]
    fn unknown_ids_are_a_typed_error() {
        let store = Store::open_in_memory().expect("open");
        let err = store.get_connection(ConnectionId(99)).err().map(|e| e.code);
        assert_eq!(err, Some(ErrorCode::UnknownConnection));
    }
}
