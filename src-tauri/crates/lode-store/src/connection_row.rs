//! One row of `connections` to and from a `Connection`: the columns read, the JSON columns
//! encoded and decoded, and a row that no longer decodes reported as a storage error.

use lode_core::install::InstallOrigin;
use lode_core::{
    ConnectOutcome, Connection, ConnectionId, ConnectionSettings, ErrorCode, LodeError, LodeResult,
    SecretPlace, TransportSpec,
};
use rusqlite::Row;

use crate::storage_error::storage_error;

/// The columns `from_row` reads, in its order.
pub(crate) const COLUMNS: &str = "id, name, transport, secrets, oauth, timeout_secs, enabled, \
     shown_in_browser, position, created_at, updated_at, last_connect, oauth_client_id, \
     inherit_env, log_level, roots, oauth_client_metadata_url, origin";

/// The raw columns, read without decoding so a bad row fails with a clear error later.
pub(crate) struct RawRow {
    id: i64,
    name: String,
    transport: String,
    secrets: String,
    oauth: bool,
    timeout_secs: u32,
    enabled: bool,
    shown_in_browser: bool,
    position: i64,
    created_at: String,
    updated_at: String,
    last_connect: Option<String>,
    oauth_client_id: Option<String>,
    inherit_env: bool,
    log_level: Option<String>,
    roots: Option<String>,
    oauth_client_metadata_url: Option<String>,
    origin: Option<String>,
}

impl RawRow {
    pub(crate) fn read(row: &Row<'_>) -> rusqlite::Result<Self> {
        Ok(Self {
            id: row.get(0)?,
            name: row.get(1)?,
            transport: row.get(2)?,
            secrets: row.get(3)?,
            oauth: row.get(4)?,
            timeout_secs: row.get(5)?,
            enabled: row.get(6)?,
            shown_in_browser: row.get(7)?,
            position: row.get(8)?,
            created_at: row.get(9)?,
            updated_at: row.get(10)?,
            last_connect: row.get(11)?,
            oauth_client_id: row.get(12)?,
            inherit_env: row.get(13)?,
            log_level: row.get(14)?,
            roots: row.get(15)?,
            oauth_client_metadata_url: row.get(16)?,
            origin: row.get(17)?,
        })
    }

    pub(crate) fn decode(self) -> LodeResult<Connection> {
        let unreadable = |what: &str, e: serde_json::Error| {
            LodeError::new(
                ErrorCode::Storage,
                format!(
                    "the saved connection \"{}\" has an unreadable {what}",
                    self.name
                ),
            )
            .with_detail(e.to_string())
        };
        let transport = parse_transport(&self.transport).map_err(|e| unreadable("transport", e))?;
        let secrets: Vec<SecretPlace> =
            serde_json::from_str(&self.secrets).map_err(|e| unreadable("list of secrets", e))?;
        let last_connect = match &self.last_connect {
            Some(json) => Some(
                serde_json::from_str::<ConnectOutcome>(json)
                    .map_err(|e| unreadable("last connect result", e))?,
            ),
            None => None,
        };
        let roots = match &self.roots {
            Some(json) => Some(
                serde_json::from_str::<Vec<String>>(json)
                    .map_err(|e| unreadable("list of roots", e))?,
            ),
            None => None,
        };
        let origin = match &self.origin {
            Some(json) => Some(
                serde_json::from_str::<InstallOrigin>(json)
                    .map_err(|e| unreadable("install origin", e))?,
            ),
            None => None,
        };
        Ok(Connection {
            id: ConnectionId(self.id),
            name: self.name,
            transport,
            settings: ConnectionSettings {
                secrets,
                oauth: self.oauth,
                oauth_client_id: self.oauth_client_id,
                oauth_client_metadata_url: self.oauth_client_metadata_url,
                timeout_secs: self.timeout_secs,
                enabled: self.enabled,
                shown_in_browser: self.shown_in_browser,
                inherit_env: self.inherit_env,
                log_level: self.log_level,
                roots,
            },
            position: self.position,
            created_at: self.created_at,
            updated_at: self.updated_at,
            last_connect,
            origin,
        })
    }
}

pub(crate) fn encode_transport(transport: &TransportSpec) -> LodeResult<String> {
    encode(transport, "transport")
}

pub(crate) fn encode_secrets(secrets: &[SecretPlace]) -> LodeResult<String> {
    encode(secrets, "list of secrets")
}

fn encode<T: serde::Serialize + ?Sized>(value: &T, what: &str) -> LodeResult<String> {
    serde_json::to_string(value).map_err(|e| {
        LodeError::new(
            ErrorCode::Internal,
            format!("could not encode a {what}: {e}"),
        )
    })
}

fn parse_transport(json: &str) -> Result<TransportSpec, serde_json::Error> {
    serde_json::from_str(json)
}

/// Reads the connection `id` on `conn` (the store's connection or an open transaction).
pub(crate) fn read_connection(
    conn: &rusqlite::Connection,
    id: ConnectionId,
) -> LodeResult<Option<Connection>> {
    use rusqlite::OptionalExtension;
    conn.query_row(
        &format!("SELECT {COLUMNS} FROM connections WHERE id = ?1"),
        [id.0],
        RawRow::read,
    )
    .optional()
    .map_err(|e| storage_error("read a connection", e))?
    .map(RawRow::decode)
    .transpose()
}
