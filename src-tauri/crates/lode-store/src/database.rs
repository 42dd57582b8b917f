//! Opening the database file with the settings every connection to it needs.

use std::path::Path;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use lode_core::{ErrorCode, LodeError, LodeResult};
use rusqlite::Connection;

use crate::migrations::migrate;
use crate::private_files::{private_dir, private_file, tighten_if_wider};
use crate::storage_error::storage_error;

/// The store. One SQLite connection behind a mutex: Lode's writes are few and small, and a
/// single connection keeps them serialized without a pool.
#[derive(Debug)]
pub struct Store {
    conn: Mutex<Connection>,
}

impl Store {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    /// The folder and the files are private to the person (see [`crate::private_files`]).
    pub fn open(path: &Path) -> LodeResult<Self> {
        // A folder that holds the database already is Lode's own: it may be tightened.
        let existed = path.exists();
        if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            private_dir(dir, existed).map_err(|e| {
                LodeError::new(
                    ErrorCode::Storage,
                    format!("could not create the data folder {}: {e}", dir.display()),
                )
            })?;
        }
        private_file(path).map_err(|e| {
            LodeError::new(
                ErrorCode::Storage,
                format!("could not create the database {}: {e}", path.display()),
            )
        })?;
        let conn = Connection::open(path)
            .map_err(|e| storage_error(&format!("open the database {}", path.display()), e))?;
        let store = Self::from_connection(conn)?;
        for suffix in ["-wal", "-shm"] {
            let mut companion = path.as_os_str().to_owned();
            companion.push(suffix);
            tighten_if_wider(Path::new(&companion), 0o600);
        }
        Ok(store)
    }

    /// An in-memory database, for tests of the layers above.
    pub fn open_in_memory() -> LodeResult<Self> {
        let conn = Connection::open_in_memory().map_err(|e| storage_error("open a database", e))?;
        Self::from_connection(conn)
    }

    fn from_connection(mut conn: Connection) -> LodeResult<Self> {
        conn.busy_timeout(Duration::from_secs(5))
            .map_err(|e| storage_error("configure", e))?;
        // WAL keeps readers from blocking on a writer, and survives a crash mid-write.
        conn.pragma_update_and_check(None, "journal_mode", "WAL", |_| Ok(()))
            .map_err(|e| storage_error("enable WAL", e))?;
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(|e| storage_error("configure", e))?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(|e| storage_error("configure", e))?;
        migrate(&mut conn)?;
        Ok(Self {
            conn: Mutex::new(conn),
        })
    }

    pub(crate) fn conn(&self) -> LodeResult<MutexGuard<'_, Connection>> {
        self.conn
            .lock()
            .map_err(|_| LodeError::new(ErrorCode::Internal, "the database lock is poisoned"))
    }

    /// The schema version of the open database.
    pub fn schema_version(&self) -> LodeResult<i64> {
        self.conn()?
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .map_err(|e| storage_error("read the schema version", e))
    }

    /// SQLite's own consistency check of the whole file: `"ok"`, or its findings one per line.
    /// For diagnostics, and for the tests that kill a writer mid-change.
    pub fn integrity_check(&self) -> LodeResult<String> {
        let conn = self.conn()?;
        let mut stmt = conn
            .prepare("PRAGMA integrity_check")
            .map_err(|e| storage_error("check the database", e))?;
        let rows = stmt
            .query_map([], |row| row.get::<_, String>(0))
            .map_err(|e| storage_error("check the database", e))?;
        let findings = rows
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| storage_error("check the database", e))?;
        Ok(findings.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::migrations::latest_version;

    #[test]
    fn a_new_file_is_migrated_to_the_latest_schema() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::open(&dir.path().join("nested/lode.db")).expect("open");
        assert_eq!(
            store.schema_version().ok(),
            i64::try_from(latest_version()).ok()
        );
    }

    #[test]
    fn a_database_from_a_newer_lode_is_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("lode.db");
        {
            let conn = Connection::open(&path).expect("raw open");
            conn.pragma_update(None, "user_version", 999)
                .expect("set version");
        }
        let error = Store::open(&path).expect_err("must refuse");
        assert_eq!(error.code, ErrorCode::Storage);
        assert!(error.message.contains("newer Lode"), "{}", error.message);
    }

    /// Saved connections name commands, URLs and folders: no other account may read them,
    /// whatever the umask (the test's own is usually 022, which would leave 0755 and 0644).
    #[cfg(unix)]
    #[test]
    fn the_folder_and_every_database_file_are_private() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |path: &Path| {
            std::fs::metadata(path)
                .expect("metadata")
                .permissions()
                .mode()
                & 0o777
        };
        let temp = tempfile::tempdir().expect("temp dir");
        let dir = temp.path().join("data");
        let path = dir.join("lode.db");
        let store = Store::open(&path).expect("open");
        store
            .conn()
            .expect("conn")
            .execute_batch("CREATE TABLE t(x); INSERT INTO t VALUES (1);")
            .expect("write");
        assert_eq!(mode(&dir), 0o700);
        for file in ["lode.db", "lode.db-wal", "lode.db-shm"] {
            assert_eq!(mode(&dir.join(file)), 0o600, "{file}");
        }
        drop(store);

        // An older Lode's folder and files, made with the umask's modes, are tightened.
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        let wal = dir.join("lode.db-wal");
        std::fs::write(&wal, b"").expect("stale wal");
        std::fs::set_permissions(&wal, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        let _again = Store::open(&path).expect("reopen");
        assert_eq!(mode(&dir), 0o700);
        assert_eq!(mode(&path), 0o600);
        assert_eq!(mode(&wal), 0o600);
    }

    #[test]
    fn reopening_keeps_the_schema_and_data() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("lode.db");
        Store::open(&path).expect("first open");
        let again = Store::open(&path).expect("second open");
        assert_eq!(
            again.schema_version().ok(),
            i64::try_from(latest_version()).ok()
        );
        assert_eq!(again.integrity_check().expect("check"), "ok");
    }
}
