//! An in-memory store for tests of the layers above; never used by the app itself. It enforces
//! the keychain's entry size limit, so tests through it prove secrets are chunked.

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard};

use lode_core::{ErrorCode, LodeError, LodeResult};

use crate::entry::{EntryStore, MAX_ENTRY_BYTES};
use crate::Secret;

#[derive(Debug, Default)]
pub struct MemoryStore {
    entries: Mutex<BTreeMap<String, Secret>>,
}

impl MemoryStore {
    fn lock(&self) -> LodeResult<MutexGuard<'_, BTreeMap<String, Secret>>> {
        self.entries.lock().map_err(|_| {
            LodeError::new(
                ErrorCode::Internal,
                "the in-memory secret store is poisoned",
            )
        })
    }

    /// The names of all entries, sorted (chunks included), for tests to check that nothing
    /// is left behind. Empty when the lock is poisoned.
    pub fn entry_names(&self) -> Vec<String> {
        self.lock()
            .map(|entries| entries.keys().cloned().collect())
            .unwrap_or_default()
    }

    /// The size in bytes of the largest entry, for tests of the size limit.
    pub fn largest_entry(&self) -> usize {
        self.lock()
            .map(|entries| {
                entries
                    .values()
                    .map(|v| v.expose().len())
                    .max()
                    .unwrap_or(0)
            })
            .unwrap_or(0)
    }
}

impl EntryStore for MemoryStore {
    fn write_entry(&self, name: &str, value: &Secret) -> LodeResult<()> {
        if value.expose().len() > MAX_ENTRY_BYTES {
            // What Windows' Credential Manager does past 2,560 bytes.
            return Err(LodeError::new(
                ErrorCode::Keychain,
                format!("a keychain entry holds at most {MAX_ENTRY_BYTES} bytes"),
            ));
        }
        self.lock()?
            .insert(name.to_owned(), Secret::new(value.expose()));
        Ok(())
    }

    fn read_entry(&self, name: &str) -> LodeResult<Option<Secret>> {
        Ok(self.lock()?.get(name).map(|v| Secret::new(v.expose())))
    }

    fn remove_entry(&self, name: &str) -> LodeResult<bool> {
        Ok(self.lock()?.remove(name).is_some())
    }
}
