//! The OS keychain through keyring-core, with the platform's store created explicitly so a
//! failure is reported (and can be retried) by us instead of being cached for the process.

use std::sync::Arc;

use keyring_core::{CredentialStore, Error as KeyringError};
use lode_core::{ErrorCode, LodeError, LodeResult};

use crate::failure::keychain_error;
use crate::{EntryStore, Secret};

/// The keychain "service" Lode's secrets are filed under: alone for a database that kept its
/// secrets there before services were per database, else followed by that database's own
/// suffix (see lode-app `settings/keychain_service.rs`).
pub const KEYCHAIN_SERVICE: &str = "dev.lode.app";

/// The platform keychain: Secret Service over D-Bus on Linux, the login keychain on macOS,
/// Credential Manager on Windows. Each entry is filed under a service (`dev.lode.app`, or the
/// database's own `dev.lode.app.…`) and the entry's name as user.
pub struct KeychainStore {
    store: Arc<CredentialStore>,
    service: String,
}

impl std::fmt::Debug for KeychainStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KeychainStore")
            .field("service", &self.service)
            .finish_non_exhaustive()
    }
}

impl KeychainStore {
    /// Opens the platform keychain. Fails with `ErrorCode::KeychainUnavailable` when there is
    /// none (on Linux: no session bus, or no Secret Service on it), `KeychainDenied` when a
    /// policy refuses access — there is no plaintext fallback. A locked keychain opens; using
    /// it fails with `KeychainLocked` unless it gets unlocked.
    pub fn open() -> LodeResult<Self> {
        Self::open_with_service(KEYCHAIN_SERVICE)
    }

    /// Files secrets under another service name: a database's own (so two data folders never
    /// share entries), or a test's.
    pub fn open_with_service(service: &str) -> LodeResult<Self> {
        Ok(Self {
            store: platform_store()?,
            service: service.to_owned(),
        })
    }

    fn entry(&self, name: &str) -> LodeResult<keyring_core::Entry> {
        self.store
            .build(&self.service, name, None)
            .map_err(|e| keychain_error("address a secret", &e))
    }
}

/// Values are written as their UTF-8 bytes (`set_secret`, not `set_password`): Windows'
/// `set_password` stores UTF-16, which would double the size of ASCII and break the entry
/// budget of [`crate::MAX_ENTRY_BYTES`]. On Linux and macOS both calls store the same bytes.
impl EntryStore for KeychainStore {
    fn write_entry(&self, name: &str, value: &Secret) -> LodeResult<()> {
        self.entry(name)?
            .set_secret(value.expose().as_bytes())
            .map_err(|e| keychain_error("save a secret", &e))
    }

    fn read_entry(&self, name: &str) -> LodeResult<Option<Secret>> {
        match self.entry(name)?.get_secret() {
            Ok(bytes) => String::from_utf8(bytes)
                .map(|v| Some(Secret::new(v)))
                .map_err(|_| {
                    LodeError::new(
                        ErrorCode::Keychain,
                        "could not read a secret: the keychain entry is not text; save it again",
                    )
                    .with_detail(format!("entry: {name}"))
                }),
            Err(KeyringError::NoEntry) => Ok(None),
            Err(e) => Err(keychain_error("read a secret", &e)),
        }
    }

    fn remove_entry(&self, name: &str) -> LodeResult<bool> {
        match self.entry(name)?.delete_credential() {
            Ok(()) => Ok(true),
            Err(KeyringError::NoEntry) => Ok(false),
            Err(e) => Err(keychain_error("delete a secret", &e)),
        }
    }
}

#[cfg(target_os = "linux")]
fn platform_store() -> LodeResult<Arc<CredentialStore>> {
    let store = zbus_secret_service_keyring_store::Store::new()
        .map_err(|e| keychain_error("open the system keychain", &e))?;
    Ok(store)
}

#[cfg(target_os = "macos")]
fn platform_store() -> LodeResult<Arc<CredentialStore>> {
    let store = apple_native_keyring_store::keychain::Store::new()
        .map_err(|e| keychain_error("open the system keychain", &e))?;
    Ok(store)
}

#[cfg(target_os = "windows")]
fn platform_store() -> LodeResult<Arc<CredentialStore>> {
    let store = windows_native_keyring_store::Store::new()
        .map_err(|e| keychain_error("open the system keychain", &e))?;
    Ok(store)
}

#[cfg(not(any(target_os = "linux", target_os = "macos", target_os = "windows")))]
fn platform_store() -> LodeResult<Arc<CredentialStore>> {
    Err(LodeError::new(
        ErrorCode::KeychainUnavailable,
        "no system keychain is supported on this platform",
    ))
}
