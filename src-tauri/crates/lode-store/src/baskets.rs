//! Context baskets and their items. Every change bumps the basket's `revision`, in the same
//! transaction, so a reader (`lode serve` in another process) can tell cheaply that it changed.

use lode_core::basket::{
    check_basket_name, Basket, BasketId, BasketSummary, BasketTotals, NewItem,
};
use lode_core::{ErrorCode, LodeError, LodeResult};
use rusqlite::{params, Connection, OptionalExtension, Transaction};

use crate::basket_row::{encode_item, RawItem, ITEM_COLUMNS};
use crate::database::Store;
use crate::storage_error::storage_error;

/// A readable basket item's source, without its contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadableItem {
    pub basket: BasketId,
    /// The connection's name.
    pub server: String,
    pub uri: String,
    /// The `lastModified` it was added with.
    pub last_modified: Option<String>,
    pub stale: bool,
}

/// What adding items did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Added {
    /// Items that were not in the basket yet.
    pub new: usize,
    /// Items already there, whose contents were replaced by the ones given.
    pub refreshed: usize,
}

impl Store {
    /// Creates an empty basket. Names are unique regardless of ASCII case.
    pub fn create_basket(&self, name: &str, token_limit: Option<u64>) -> LodeResult<BasketSummary> {
        let name =
            check_basket_name(name).map_err(|m| LodeError::new(ErrorCode::InvalidInput, m))?;
        let conn = self.conn()?;
        conn.execute(
            "INSERT INTO baskets (name, token_limit) VALUES (?1, ?2)",
            params![name, token_limit.map(clamp)],
        )
        .map_err(|e| match e.sqlite_error_code() {
            Some(rusqlite::ErrorCode::ConstraintViolation) => LodeError::new(
                ErrorCode::InvalidInput,
                format!("a basket named \"{name}\" already exists"),
            ),
            _ => storage_error("create the basket", e),
        })?;
        let id = BasketId(conn.last_insert_rowid());
        drop(conn);
        Ok(self.basket(id)?.summary())
    }

    /// Every basket with its totals, by name.
    pub fn list_baskets(&self) -> LodeResult<Vec<BasketSummary>> {
        let conn = self.conn()?;
        let mut stmt = conn
            .prepare(
                "SELECT b.id, b.name, b.token_limit, b.auto_refresh, b.revision, \
                 COUNT(i.id), COALESCE(SUM(i.bytes), 0), COALESCE(SUM(i.tokens), 0), \
                 COALESCE(SUM(i.stale), 0) \
                 FROM baskets b LEFT JOIN basket_items i ON i.basket_id = b.id \
                 GROUP BY b.id ORDER BY b.name COLLATE NOCASE",
            )
            .map_err(|e| storage_error("read baskets", e))?;
        let rows = stmt
            .query_map([], |row| {
                let token_limit: Option<i64> = row.get(2)?;
                let tokens: i64 = row.get(7)?;
                let token_limit = token_limit.map(unsigned);
                Ok(BasketSummary {
                    id: BasketId(row.get(0)?),
                    name: row.get(1)?,
                    token_limit,
                    auto_refresh: row.get(3)?,
                    revision: row.get(4)?,
                    totals: BasketTotals {
                        items: unsigned(row.get::<_, i64>(5)?) as usize,
                        bytes: unsigned(row.get(6)?),
                        tokens: unsigned(tokens),
                        stale: unsigned(row.get(8)?) as usize,
                        over_limit: token_limit.map_or(0, |l| unsigned(tokens).saturating_sub(l)),
                    },
                })
            })
            .map_err(|e| storage_error("read baskets", e))?;
        rows.collect::<Result<_, _>>()
            .map_err(|e| storage_error("read baskets", e))
    }

    /// The basket named `name` (case-insensitive); the error lists the baskets there are.
    pub fn find_basket(&self, name: &str) -> LodeResult<Basket> {
        let id: Option<i64> = self
            .conn()?
            .query_row(
                "SELECT id FROM baskets WHERE name = ?1",
                [name.trim()],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| storage_error("read baskets", e))?;
        match id {
            Some(id) => self.basket(BasketId(id)),
            None => {
                let known: Vec<String> = self.list_baskets()?.into_iter().map(|b| b.name).collect();
                let error = LodeError::new(
                    ErrorCode::NotFound,
                    format!("no basket named \"{}\"", name.trim()),
                );
                Err(match known.is_empty() {
                    true => error.with_detail("there are no baskets yet"),
                    false => error.with_detail(format!("baskets: {}", known.join(", "))),
                })
            }
        }
    }

    /// A basket with its items, in order, contents included.
    pub fn basket(&self, id: BasketId) -> LodeResult<Basket> {
        let conn = self.conn()?;
        let header = conn
            .query_row(
                "SELECT name, token_limit, auto_refresh, revision FROM baskets WHERE id = ?1",
                [id.0],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, Option<i64>>(1)?,
                        r.get::<_, bool>(2)?,
                        r.get::<_, i64>(3)?,
                    ))
                },
            )
            .optional()
            .map_err(|e| storage_error("read the basket", e))?
            .ok_or_else(|| unknown_basket(id))?;
        let mut stmt = conn
            .prepare(&format!(
                "SELECT {ITEM_COLUMNS} FROM basket_items WHERE basket_id = ?1 ORDER BY position, id"
            ))
            .map_err(|e| storage_error("read the basket", e))?;
        let items = stmt
            .query_map([id.0], RawItem::read)
            .map_err(|e| storage_error("read the basket", e))?
            .map(|row| {
                row.map_err(|e| storage_error("read the basket", e))?
                    .decode()
            })
            .collect::<LodeResult<Vec<_>>>()?;
        let (name, token_limit, auto_refresh, revision) = header;
        Ok(Basket {
            id,
            name,
            token_limit: token_limit.map(unsigned),
            auto_refresh,
            revision,
            items,
        })
    }

    /// The basket's revision alone: what a server of the basket polls.
    pub fn basket_revision(&self, id: BasketId) -> LodeResult<i64> {
        self.conn()?
            .query_row("SELECT revision FROM baskets WHERE id = ?1", [id.0], |r| {
                r.get(0)
            })
            .optional()
            .map_err(|e| storage_error("read the basket", e))?
            .ok_or_else(|| unknown_basket(id))
    }

    pub fn delete_basket(&self, id: BasketId) -> LodeResult<()> {
        let deleted = self
            .conn()?
            .execute("DELETE FROM baskets WHERE id = ?1", [id.0])
            .map_err(|e| storage_error("delete the basket", e))?;
        if deleted == 0 {
            return Err(unknown_basket(id));
        }
        Ok(())
    }

    /// Sets the token budget (`None`: no limit) and whether changed items refresh by themselves.
    pub fn set_basket_options(
        &self,
        id: BasketId,
        token_limit: Option<u64>,
        auto_refresh: bool,
    ) -> LodeResult<()> {
        self.change(id, "change the basket", |tx| {
            tx.execute(
                "UPDATE baskets SET token_limit = ?1, auto_refresh = ?2 WHERE id = ?3",
                params![
                    token_limit.filter(|l| *l > 0).map(clamp),
                    auto_refresh,
                    id.0
                ],
            )?;
            Ok(())
        })
    }

    /// Adds items last, in the order given, all or none. An item already in the basket (same
    /// kind, server and URI) keeps its place and note and takes the new contents.
    pub fn add_basket_items(&self, id: BasketId, items: &[NewItem]) -> LodeResult<Added> {
        let encoded = items
            .iter()
            .map(encode_item)
            .collect::<LodeResult<Vec<_>>>()?;
        let counted: Vec<(u64, u64)> = items.iter().map(|i| (i.bytes(), i.tokens())).collect();
        self.change(id, "add to the basket", |tx| {
            let mut added = Added::default();
            let mut next: i64 = tx.query_row(
                "SELECT COALESCE(MAX(position), 0) + 1 FROM basket_items WHERE basket_id = ?1",
                [id.0],
                |r| r.get(0),
            )?;
            for ((item, (annotations, contents)), (bytes, tokens)) in
                items.iter().zip(&encoded).zip(&counted)
            {
                let changed = tx.execute(
                    "UPDATE basket_items SET name = ?5, title = ?6, mime_type = ?7, \
                     annotations = ?8, contents = ?9, fetched_at = ?10, bytes = ?11, \
                     tokens = ?12, skill_frontmatter = ?13, stale = 0 \
                     WHERE basket_id = ?1 AND kind = ?2 AND server = ?3 AND uri = ?4",
                    params![
                        id.0,
                        item.kind.as_str(),
                        item.server,
                        item.uri,
                        item.name,
                        item.title,
                        item.mime_type,
                        annotations,
                        contents,
                        item.fetched_at,
                        clamp(*bytes),
                        clamp(*tokens),
                        item.skill_frontmatter
                    ],
                )?;
                if changed > 0 {
                    added.refreshed += 1;
                    continue;
                }
                tx.execute(
                    "INSERT INTO basket_items (basket_id, position, kind, server, uri, name, \
                     title, mime_type, annotations, contents, fetched_at, bytes, tokens, \
                     skill_frontmatter) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
                    params![
                        id.0,
                        next,
                        item.kind.as_str(),
                        item.server,
                        item.uri,
                        item.name,
                        item.title,
                        item.mime_type,
                        annotations,
                        contents,
                        item.fetched_at,
                        clamp(*bytes),
                        clamp(*tokens),
                        item.skill_frontmatter
                    ],
                )?;
                next += 1;
                added.new += 1;
            }
            Ok(added)
        })
    }

    /// Removes items by id; returns how many were in the basket.
    pub fn remove_basket_items(&self, id: BasketId, item_ids: &[i64]) -> LodeResult<usize> {
        self.change(id, "remove from the basket", |tx| {
            let mut removed = 0;
            for item in item_ids {
                removed += tx.execute(
                    "DELETE FROM basket_items WHERE basket_id = ?1 AND id = ?2",
                    params![id.0, item],
                )?;
            }
            Ok(removed)
        })
    }

    /// Moves an item to `index` (0-based, clamped) in the basket's order.
    pub fn move_basket_item(&self, id: BasketId, item_id: i64, index: usize) -> LodeResult<()> {
        self.change(id, "reorder the basket", |tx| {
            let mut order: Vec<i64> = {
                let mut stmt = tx.prepare(
                    "SELECT id FROM basket_items WHERE basket_id = ?1 ORDER BY position, id",
                )?;
                let rows = stmt.query_map([id.0], |r| r.get(0))?;
                rows.collect::<Result<_, _>>()?
            };
            let Some(from) = order.iter().position(|i| *i == item_id) else {
                return Err(rusqlite::Error::QueryReturnedNoRows);
            };
            let moved = order.remove(from);
            order.insert(index.min(order.len()), moved);
            for (position, item) in order.iter().enumerate() {
                tx.execute(
                    "UPDATE basket_items SET position = ?1 WHERE id = ?2",
                    params![position as i64 + 1, item],
                )?;
            }
            Ok(())
        })
    }

    /// Sets or clears (`None` or blank) an item's note.
    pub fn set_basket_item_note(
        &self,
        id: BasketId,
        item_id: i64,
        note: Option<&str>,
    ) -> LodeResult<()> {
        let note = note.map(str::trim).filter(|n| !n.is_empty());
        self.change(id, "save the note", |tx| {
            tx.execute(
                "UPDATE basket_items SET note = ?1 WHERE basket_id = ?2 AND id = ?3",
                params![note, id.0, item_id],
            )?;
            Ok(())
        })
    }

    /// Marks stale every readable item, in any basket, that came from `uri` on `server`
    /// (a connection's name). Returns the baskets that changed.
    pub fn mark_stale(&self, server: &str, uri: &str) -> LodeResult<Vec<BasketId>> {
        let mut conn = self.conn()?;
        let tx = conn
            .transaction()
            .map_err(|e| storage_error("mark stale", e))?;
        let baskets =
            mark_stale_in(&tx, server, uri).map_err(|e| storage_error("mark stale", e))?;
        tx.commit().map_err(|e| storage_error("mark stale", e))?;
        Ok(baskets)
    }

    /// Whether any basket holds a readable item from `uri` on `server` (a connection's name).
    pub fn basket_holds(&self, server: &str, uri: &str) -> LodeResult<bool> {
        self.conn()?
            .query_row(
                "SELECT EXISTS (SELECT 1 FROM basket_items WHERE server = ?1 AND uri = ?2 \
                 AND kind IN ('resource', 'template'))",
                params![server, uri],
                |r| r.get(0),
            )
            .map_err(|e| storage_error("read baskets", e))
    }

    /// Where every readable item of every basket came from, without its contents: what a
    /// re-listing is compared against and what a connection subscribes to when it is ready.
    pub fn readable_basket_items(&self) -> LodeResult<Vec<ReadableItem>> {
        let conn = self.conn()?;
        let mut stmt = conn
            .prepare(
                "SELECT basket_id, server, uri, json_extract(annotations, '$.lastModified'), \
                 stale FROM basket_items WHERE kind IN ('resource', 'template') \
                 ORDER BY basket_id, position",
            )
            .map_err(|e| storage_error("read baskets", e))?;
        let rows = stmt
            .query_map([], |row| {
                Ok(ReadableItem {
                    basket: BasketId(row.get(0)?),
                    server: row.get(1)?,
                    uri: row.get(2)?,
                    last_modified: row.get(3)?,
                    stale: row.get(4)?,
                })
            })
            .map_err(|e| storage_error("read baskets", e))?;
        rows.collect::<Result<_, _>>()
            .map_err(|e| storage_error("read baskets", e))
    }

    /// Runs `change` on basket `id` in one transaction that also bumps its revision.
    fn change<T>(
        &self,
        id: BasketId,
        action: &str,
        change: impl FnOnce(&Transaction<'_>) -> rusqlite::Result<T>,
    ) -> LodeResult<T> {
        let mut conn = self.conn()?;
        let tx = conn.transaction().map_err(|e| storage_error(action, e))?;
        bump(&tx, id)
            .map_err(|e| storage_error(action, e))?
            .ok_or_else(|| unknown_basket(id))?;
        let result = change(&tx).map_err(|e| match e {
            rusqlite::Error::QueryReturnedNoRows => {
                LodeError::new(ErrorCode::NotFound, "no such item in the basket")
            }
            e => storage_error(action, e),
        })?;
        tx.commit().map_err(|e| storage_error(action, e))?;
        Ok(result)
    }
}

fn mark_stale_in(tx: &Connection, server: &str, uri: &str) -> rusqlite::Result<Vec<BasketId>> {
    let baskets: Vec<i64> = {
        let mut stmt = tx.prepare(
            "SELECT DISTINCT basket_id FROM basket_items WHERE server = ?1 AND uri = ?2 \
             AND kind IN ('resource', 'template') AND stale = 0",
        )?;
        let rows = stmt.query_map(params![server, uri], |r| r.get(0))?;
        rows.collect::<Result<_, _>>()?
    };
    tx.execute(
        "UPDATE basket_items SET stale = 1 WHERE server = ?1 AND uri = ?2 \
         AND kind IN ('resource', 'template')",
        params![server, uri],
    )?;
    for basket in &baskets {
        bump(tx, BasketId(*basket))?;
    }
    Ok(baskets.into_iter().map(BasketId).collect())
}

/// Bumps the revision; `None` when there is no such basket.
fn bump(conn: &Connection, id: BasketId) -> rusqlite::Result<Option<()>> {
    let changed = conn.execute(
        "UPDATE baskets SET revision = revision + 1 WHERE id = ?1",
        [id.0],
    )?;
    Ok((changed > 0).then_some(()))
}

fn unknown_basket(id: BasketId) -> LodeError {
    LodeError::new(ErrorCode::NotFound, format!("no basket with id {}", id.0))
}

/// SQLite integers are signed; counts past `i64::MAX` cannot happen, and are clamped if they do.
fn clamp(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

fn unsigned(value: i64) -> u64 {
    u64::try_from(value).unwrap_or(0)
}

#[cfg(test)]
#[path = "baskets_tests.rs"]
mod tests;
