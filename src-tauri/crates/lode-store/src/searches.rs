//! The browser's kept searches (table `searches`): recent ones, recorded as a person searches
//! and deduplicated, at most `RECENT_SEARCHES_AT_MOST`; and saved ones, by unique name. Each
//! write commits at once, so a crash loses none of them.

use lode_core::index::{
    check_search_name, SavedSearch, SavedSearches, SearchSpec, RECENT_SEARCHES_AT_MOST,
};
use lode_core::{ErrorCode, LodeError, LodeResult};
use rusqlite::{params, Connection};

use crate::database::Store;
use crate::storage_error::storage_error;

/// The next value of the `used` counter: later than every search kept.
const NEXT_USE: &str = "(SELECT COALESCE(MAX(used), 0) + 1 FROM searches)";

fn encode(search: &SearchSpec) -> LodeResult<String> {
    serde_json::to_string(search)
        .map_err(|e| LodeError::new(ErrorCode::Internal, format!("could not keep a search: {e}")))
}

impl Store {
    /// Records `search` as the newest recent search (moving it up if it was one already), and
    /// forgets the oldest past the bound. A blank search is not recorded.
    pub fn record_recent_search(&self, search: &SearchSpec) -> LodeResult<()> {
        if search.is_blank() {
            return Ok(());
        }
        let encoded = encode(search)?;
        let mut conn = self.conn()?;
        let tx = conn
            .transaction()
            .map_err(|e| storage_error("record a recent search", e))?;
        tx.execute(
            &format!(
                "INSERT INTO searches (name, search, used) VALUES (NULL, ?1, {NEXT_USE})
                 ON CONFLICT (search) WHERE name IS NULL DO UPDATE SET used = excluded.used"
            ),
            [&encoded],
        )
        .map_err(|e| storage_error("record a recent search", e))?;
        tx.execute(
            "DELETE FROM searches WHERE name IS NULL AND id NOT IN
                 (SELECT id FROM searches WHERE name IS NULL ORDER BY used DESC LIMIT ?1)",
            [RECENT_SEARCHES_AT_MOST as i64],
        )
        .map_err(|e| storage_error("forget old recent searches", e))?;
        tx.commit()
            .map_err(|e| storage_error("record a recent search", e))
    }

    /// Saves `search` under `name`, replacing a saved search of that name.
    pub fn save_search(&self, name: &str, search: &SearchSpec) -> LodeResult<SavedSearch> {
        let name =
            check_search_name(name).map_err(|m| LodeError::new(ErrorCode::InvalidInput, m))?;
        let encoded = encode(search)?;
        let conn = self.conn()?;
        let id = conn
            .query_row(
                &format!(
                    "INSERT INTO searches (name, search, used) VALUES (?1, ?2, {NEXT_USE})
                     ON CONFLICT (name) WHERE name IS NOT NULL
                     DO UPDATE SET search = excluded.search, used = excluded.used
                     RETURNING id"
                ),
                params![name, encoded],
                |row| row.get(0),
            )
            .map_err(|e| storage_error("save the search", e))?;
        Ok(SavedSearch {
            id,
            name: Some(name.to_owned()),
            search: search.clone(),
        })
    }

    /// Forgets a kept search, saved or recent. `false` when there was none with that id.
    pub fn delete_search(&self, id: i64) -> LodeResult<bool> {
        let deleted = self
            .conn()?
            .execute("DELETE FROM searches WHERE id = ?1", [id])
            .map_err(|e| storage_error("delete the search", e))?;
        Ok(deleted > 0)
    }

    /// Every kept search: saved ones by name, recent ones newest first. A row this Lode cannot
    /// read (written by a newer one) is left out rather than failing the list.
    pub fn saved_searches(&self) -> LodeResult<SavedSearches> {
        let conn = self.conn()?;
        Ok(SavedSearches {
            saved: kept(
                &conn,
                "SELECT id, name, search FROM searches WHERE name IS NOT NULL
                 ORDER BY name COLLATE NOCASE, id",
            )?,
            recent: kept(
                &conn,
                "SELECT id, name, search FROM searches WHERE name IS NULL ORDER BY used DESC",
            )?,
        })
    }
}

fn kept(conn: &Connection, sql: &str) -> LodeResult<Vec<SavedSearch>> {
    let mut stmt = conn
        .prepare(sql)
        .map_err(|e| storage_error("read the kept searches", e))?;
    let rows = stmt
        .query_map([], |row| {
            Ok((
                row.get::<_, i64>(0)?,
                row.get::<_, Option<String>>(1)?,
                row.get::<_, String>(2)?,
            ))
        })
        .map_err(|e| storage_error("read the kept searches", e))?;
    let mut kept = Vec::new();
    for row in rows {
        let (id, name, search) = row.map_err(|e| storage_error("read the kept searches", e))?;
        if let Ok(search) = serde_json::from_str(&search) {
            kept.push(SavedSearch { id, name, search });
        }
    }
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lode_core::index::{AudienceFilter, Filters, SortKey};

    fn text(text: &str) -> SearchSpec {
        SearchSpec {
            text: text.to_owned(),
            ..SearchSpec::default()
        }
    }

    fn texts(searches: &[SavedSearch]) -> Vec<&str> {
        searches.iter().map(|s| s.search.text.as_str()).collect()
    }

    #[test]
    fn recent_searches_are_newest_first_deduplicated_and_bounded() -> LodeResult<()> {
        let store = Store::open_in_memory()?;
        store.record_recent_search(&text("alpha"))?;
        store.record_recent_search(&text("beta"))?;
        store.record_recent_search(&text("alpha"))?;
        store.record_recent_search(&text("   "))?;
        assert_eq!(texts(&store.saved_searches()?.recent), ["alpha", "beta"]);
        // The same text under other filters is another search.
        let filtered = SearchSpec {
            filters: Filters {
                audience: Some(AudienceFilter::User),
                ..Filters::default()
            },
            ..text("alpha")
        };
        store.record_recent_search(&filtered)?;
        assert_eq!(store.saved_searches()?.recent[0].search, filtered);
        for n in 0..RECENT_SEARCHES_AT_MOST + 5 {
            store.record_recent_search(&text(&format!("q{n}")))?;
        }
        let recent = store.saved_searches()?.recent;
        assert_eq!(recent.len(), RECENT_SEARCHES_AT_MOST);
        assert_eq!(
            recent[0].search.text,
            format!("q{}", RECENT_SEARCHES_AT_MOST + 4)
        );
        Ok(())
    }

    #[test]
    fn a_saved_search_is_kept_by_name_replaced_and_deleted() -> LodeResult<()> {
        let store = Store::open_in_memory()?;
        let first = store.save_search(" Reports ", &text("report"))?;
        assert_eq!(first.name.as_deref(), Some("Reports"));
        let sorted = SearchSpec {
            sort: SortKey::Modified,
            ..text("report 2026")
        };
        let again = store.save_search("Reports", &sorted)?;
        assert_eq!(again.id, first.id);
        store.save_search("a first", &text("x"))?;
        store.record_recent_search(&text("report"))?;
        let kept = store.saved_searches()?;
        assert_eq!(texts(&kept.saved), ["x", "report 2026"]);
        assert_eq!(kept.saved[1].search, sorted);
        // Saving does not touch the recent ones, nor they the saved.
        assert_eq!(texts(&kept.recent), ["report"]);
        assert!(store.delete_search(first.id)?);
        assert!(!store.delete_search(first.id)?);
        assert_eq!(texts(&store.saved_searches()?.saved), ["x"]);
        Ok(())
    }

    #[test]
    fn a_bad_name_is_refused() -> LodeResult<()> {
        let store = Store::open_in_memory()?;
        for name in ["", "   ", "tab\there", &"n".repeat(101)] {
            let refused = store.save_search(name, &text("x"));
            assert_eq!(
                refused.map_err(|e| e.code).err(),
                Some(ErrorCode::InvalidInput)
            );
        }
        Ok(())
    }

    #[test]
    fn kept_searches_survive_reopening_the_file() -> LodeResult<()> {
        let dir =
            tempfile::tempdir().map_err(|e| LodeError::new(ErrorCode::Internal, e.to_string()))?;
        let path = dir.path().join("lode.db");
        {
            let store = Store::open(&path)?;
            store.record_recent_search(&text("crash"))?;
            store.save_search("kept", &text("safe"))?;
        }
        let store = Store::open(&path)?;
        let kept = store.saved_searches()?;
        assert_eq!(
            (texts(&kept.recent), texts(&kept.saved)),
            (vec!["crash"], vec!["safe"])
        );
        Ok(())
    }
}
