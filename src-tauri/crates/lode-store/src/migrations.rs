//! A small `PRAGMA user_version` migrator: each migration and its version bump commit in one
//! transaction, and a database written by a newer Lode is refused rather than damaged.

use lode_core::{ErrorCode, LodeError, LodeResult};
use rusqlite::Connection;

use crate::storage_error::storage_error;

/// Every migration, in order; the database's `user_version` is how many have run.
const MIGRATIONS: &[&str] = &[
    include_str!("migrations/0001_connections.sql"),
    include_str!("migrations/0002_connection_settings.sql"),
    include_str!("migrations/0003_oauth_client_id.sql"),
    include_str!("migrations/0004_baskets.sql"),
    include_str!("migrations/0005_inherit_env.sql"),
    include_str!("migrations/0006_connection_ids.sql"),
    include_str!("migrations/0007_log_level_and_roots.sql"),
    include_str!("migrations/0008_connection_eras.sql"),
    include_str!("migrations/0009_oauth_client_metadata_url.sql"),
    include_str!("migrations/0010_searches.sql"),
    include_str!("migrations/0011_hub_profiles.sql"),
];

pub(crate) fn migrate(conn: &mut Connection) -> LodeResult<()> {
    let current: usize = conn
        .query_row("PRAGMA user_version", [], |row| row.get::<_, i64>(0))
        .map_err(|e| storage_error("read the schema version", e))?
        .try_into()
        .unwrap_or(usize::MAX);
    if current > MIGRATIONS.len() {
        return Err(LodeError::new(
            ErrorCode::Storage,
            format!(
                "the database was written by a newer Lode (schema {current}, this one knows {}); \
                 update Lode to open it",
                MIGRATIONS.len()
            ),
        ));
    }
    for (index, sql) in MIGRATIONS.iter().enumerate().skip(current) {
        let tx = conn
            .transaction()
            .map_err(|e| storage_error("start a migration", e))?;
        tx.execute_batch(sql)
            .map_err(|e| storage_error("migrate the database", e))?;
        tx.pragma_update(
            None,
            "user_version",
            i64::try_from(index + 1).unwrap_or(i64::MAX),
        )
        .map_err(|e| storage_error("record the schema version", e))?;
        tx.commit()
            .map_err(|e| storage_error("commit a migration", e))?;
    }
    Ok(())
}

#[cfg(test)]
pub(crate) fn latest_version() -> usize {
    MIGRATIONS.len()
}
