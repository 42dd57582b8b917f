//! The bundled SQLite sample behind `table://{name}` and `table://{name}/{id}`.
//!
//! The script is loaded into an in-memory database once; every read queries it
//! again, so the JSON a client sees is what the database answers, as it would be
//! for a real database-backed MCP server.

use std::sync::{Mutex, MutexGuard};

use anyhow::{anyhow, Context};
use base64::Engine;
use rusqlite::{types::ValueRef, Connection};
use serde_json::{json, Map, Value};

const SAMPLE_SQL: &str = include_str!("../assets/tables/sample.sql");

pub struct Tables {
    // rusqlite's Connection is Send but not Sync; reads are tiny, so one lock suffices.
    connection: Mutex<Connection>,
    names: Vec<String>,
}

impl Tables {
    pub fn open() -> anyhow::Result<Self> {
        let connection = Connection::open_in_memory().context("opening the sample database")?;
        connection
            .execute_batch(SAMPLE_SQL)
            .context("loading the bundled sample.sql")?;
        let names = {
            let mut statement = connection.prepare(
                "SELECT name FROM sqlite_master WHERE type = 'table' \
                 AND name NOT LIKE 'sqlite_%' ORDER BY name",
            )?;
            let rows = statement.query_map([], |row| row.get::<_, String>(0))?;
            rows.collect::<Result<Vec<_>, _>>()?
        };
        Ok(Self {
            connection: Mutex::new(connection),
            names,
        })
    }

    /// Table names in alphabetical order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    fn known(&self, name: &str) -> Option<&str> {
        // Only names read from sqlite_master are ever spliced into SQL.
        self.names.iter().find(|n| *n == name).map(String::as_str)
    }

    fn lock(&self) -> anyhow::Result<MutexGuard<'_, Connection>> {
        self.connection
            .lock()
            .map_err(|_| anyhow!("the sample database lock is poisoned"))
    }

    /// `{"table", "count", "records"}` for a whole table, or `None` if unknown.
    pub fn render(&self, name: &str) -> anyhow::Result<Option<String>> {
        let Some(table) = self.known(name) else {
            return Ok(None);
        };
        let records = self.records(&format!("SELECT * FROM \"{table}\" ORDER BY id"), None)?;
        let document = json!({ "table": table, "count": records.len(), "records": records });
        Ok(Some(serde_json::to_string_pretty(&document)?))
    }

    /// `{"table", "record"}` for one row by id, or `None` if table or row is unknown.
    pub fn render_row(&self, name: &str, id: i64) -> anyhow::Result<Option<String>> {
        let Some(table) = self.known(name) else {
            return Ok(None);
        };
        let mut records = self.records(
            &format!("SELECT * FROM \"{table}\" WHERE id = ?1"),
            Some(id),
        )?;
        let Some(record) = records.pop() else {
            return Ok(None);
        };
        let document = json!({ "table": table, "record": record });
        Ok(Some(serde_json::to_string_pretty(&document)?))
    }

    pub fn row_count(&self, name: &str) -> anyhow::Result<Option<u64>> {
        let Some(table) = self.known(name) else {
            return Ok(None);
        };
        let connection = self.lock()?;
        let count: i64 =
            connection.query_row(&format!("SELECT COUNT(*) FROM \"{table}\""), [], |row| {
                row.get(0)
            })?;
        Ok(Some(u64::try_from(count).unwrap_or(0)))
    }

    /// Row ids of a table, for completing `table://{name}/{id}`.
    pub fn ids(&self, name: &str) -> anyhow::Result<Vec<i64>> {
        let Some(table) = self.known(name) else {
            return Ok(Vec::new());
        };
        let connection = self.lock()?;
        let mut statement =
            connection.prepare(&format!("SELECT id FROM \"{table}\" ORDER BY id"))?;
        let ids = statement.query_map([], |row| row.get::<_, i64>(0))?;
        Ok(ids.collect::<Result<Vec<_>, _>>()?)
    }

    fn records(&self, sql: &str, id: Option<i64>) -> anyhow::Result<Vec<Value>> {
        let connection = self.lock()?;
        let mut statement = connection.prepare(sql)?;
        let columns: Vec<String> = statement.column_names().map(str::to_owned).collect();
        let params: Vec<&dyn rusqlite::ToSql> = match &id {
            Some(id) => vec![id],
            None => Vec::new(),
        };
        let mut rows = statement.query(params.as_slice())?;
        let mut records = Vec::new();
        while let Some(row) = rows.next()? {
            let mut record = Map::with_capacity(columns.len());
            for (index, column) in columns.iter().enumerate() {
                record.insert(column.clone(), json_value(row.get_ref(index)?));
            }
            records.push(Value::Object(record));
        }
        Ok(records)
    }
}

fn json_value(value: ValueRef<'_>) -> Value {
    match value {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(n) => json!(n),
        ValueRef::Real(x) => json!(x),
        ValueRef::Text(bytes) => Value::String(String::from_utf8_lossy(bytes).into_owned()),
        ValueRef::Blob(bytes) => {
            Value::String(base64::engine::general_purpose::STANDARD.encode(bytes))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_loads_and_counts_match_records() {
        let tables = Tables::open().unwrap();
        assert_eq!(tables.names(), ["item", "user"]);
        let text = tables.render("user").unwrap().unwrap();
        let document: Value = serde_json::from_str(&text).unwrap();
        let records = document["records"].as_array().unwrap();
        assert_eq!(document["count"].as_u64(), Some(records.len() as u64));
        assert_eq!(tables.row_count("item").unwrap(), Some(15));
        assert!(tables.render_row("user", 3).unwrap().is_some());
        assert!(tables.render_row("user", 999).unwrap().is_none());
        assert!(tables.render("missing").unwrap().is_none());
    }
}
