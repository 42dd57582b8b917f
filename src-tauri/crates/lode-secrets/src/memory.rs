//! An in-memory store for tests of the layers above; never used by the app itself.

use std::collections::HashMap;
use std::sync::Mutex;

use lode_core::{ErrorCode, LodeError, LodeResult};

use crate::{Secret, SecretKey, SecretStore};

#[derive(Debug, Default)]
pub struct MemoryStore {
    secrets: Mutex<HashMap<SecretKey, String>>,
}

impl MemoryStore {
    fn lock(&self) -> LodeResult<std::sync::MutexGuard<'_, HashMap<SecretKey, String>>> {
        self.secrets.lock().map_err(|_| {
            LodeError::new(
                ErrorCode::Internal,
                "the in-memory secret store is poisoned",
            )
        })
    }
}

impl SecretStore for MemoryStore {
    fn set(&self, key: &SecretKey, secret: &Secret) -> LodeResult<()> {
        self.lock()?.insert(key.clone(), secret.expose().to_owned());
        Ok(())
    }

    fn get(&self, key: &SecretKey) -> LodeResult<Option<Secret>> {
        Ok(self.lock()?.get(key).map(|v| Secret::new(v.clone())))
    }

    fn delete(&self, key: &SecretKey) -> LodeResult<bool> {
        Ok(self.lock()?.remove(key).is_some())
    }
}
