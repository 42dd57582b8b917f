//! App-wide settings: small text values by key (e.g. when updates were last looked for). The
//! callers own the keys and the meaning of the values.

use lode_core::LodeResult;
use rusqlite::{params, OptionalExtension};

use crate::database::Store;
use crate::storage_error::storage_error;

impl Store {
    /// The value saved under `key`, if any.
    pub fn setting(&self, key: &str) -> LodeResult<Option<String>> {
        self.conn()?
            .query_row("SELECT value FROM settings WHERE key = ?1", [key], |row| {
                row.get(0)
            })
            .optional()
            .map_err(|e| storage_error("read a setting", e))
    }

    /// Saves `value` under `key`, replacing any earlier one.
    pub fn set_setting(&self, key: &str, value: &str) -> LodeResult<()> {
        self.conn()?
            .execute(
                "INSERT INTO settings (key, value) VALUES (?1, ?2)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                params![key, value],
            )
            .map_err(|e| storage_error("save a setting", e))?;
        Ok(())
    }

    /// Whether nothing was ever saved here: no connection, setting, basket or hub profile (a
    /// database just made; a used one has at least the seeded-demo mark).
    pub fn holds_nothing(&self) -> LodeResult<bool> {
        self.conn()?
            .query_row(
                "SELECT NOT EXISTS (SELECT 1 FROM connections)
                    AND NOT EXISTS (SELECT 1 FROM settings)
                    AND NOT EXISTS (SELECT 1 FROM baskets)
                    AND NOT EXISTS (SELECT 1 FROM hub_profiles)",
                [],
                |row| row.get(0),
            )
            .map_err(|e| storage_error("read the database", e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setting_is_absent_then_saved_then_replaced() -> LodeResult<()> {
        let store = Store::open_in_memory()?;
        assert_eq!(store.setting("updates/lastCheck")?, None);
        store.set_setting("updates/lastCheck", "a")?;
        store.set_setting("updates/lastCheck", "b")?;
        assert_eq!(store.setting("updates/lastCheck")?, Some("b".to_owned()));
        Ok(())
    }
}
