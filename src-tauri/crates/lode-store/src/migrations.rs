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
    include_str!("migrations/0012_basket_item_kinds.sql"),
    include_str!("migrations/0013_connection_origin.sql"),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widening_the_basket_item_kinds_keeps_every_item() {
        let mut conn = Connection::open_in_memory().expect("open");
        for sql in &MIGRATIONS[..11] {
            conn.execute_batch(sql).expect("older migration");
        }
        conn.pragma_update(None, "user_version", 11)
            .expect("version");
        conn.execute_batch(
            "INSERT INTO baskets (id, name) VALUES (1, 'kept');
             INSERT INTO basket_items (id, basket_id, position, kind, server, uri, name, contents,
                 fetched_at, bytes, tokens, note)
             VALUES (7, 1, 0, 'toolResult', 'Demo', 'lode-tool:x', 'x', '[]', 'now', 3, 2, 'mine');",
        )
        .expect("an item of before");
        let refused = conn.execute(
            "INSERT INTO basket_items (basket_id, position, kind, server, uri, name, contents,
                 fetched_at, bytes, tokens) VALUES (1, 1, 'skillFile', 'D', 'skill://a/SKILL.md', 'a', '[]', 'now', 0, 0)",
            [],
        );
        assert!(refused.is_err(), "before: the kinds were narrower");

        migrate(&mut conn).expect("migrate");
        let kept: (i64, String, String) = conn
            .query_row(
                "SELECT id, kind, note FROM basket_items WHERE basket_id = 1",
                [],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
            )
            .expect("the item is still there");
        assert_eq!(kept, (7, "toolResult".to_owned(), "mine".to_owned()));
        for (position, kind) in [(1, "appContext"), (2, "skillFile")] {
            conn.execute(
                "INSERT INTO basket_items (basket_id, position, kind, server, uri, name, contents,
                     fetched_at, bytes, tokens) VALUES (1, ?1, ?2, 'D', ?2, 'a', '[]', 'now', 0, 0)",
                rusqlite::params![position, kind],
            )
            .expect(kind);
        }
    }
}
