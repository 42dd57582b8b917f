//! The OS keychain through keyring-core, with the platform's store created explicitly so a
//! failure is reported (and can be retried) by us instead of being cached for the process.

use std::sync::Arc;

use keyring_core::{CredentialStore, Error as KeyringError};
use lode_core::{ErrorCode, LodeError, LodeResult};

use crate::{Secret, SecretKey, SecretStore};

/// The keychain "service" all of Lode's secrets are filed under.
const SERVICE: &str = "dev.lode.app";

pub struct KeychainStore {
    store: Arc<CredentialStore>,
    service: String,
}

impl KeychainStore {
    /// Opens the platform keychain. Fails with `ErrorCode::Keychain` when there is none (on
    /// Linux: no Secret Service on the session bus) — there is no plaintext fallback.
    pub fn open() -> LodeResult<Self> {
        Self::open_with_service(SERVICE)
    }

    /// Files secrets under another service name (tests use their own, to never touch the
    /// user's real entries).
    pub fn open_with_service(service: &str) -> LodeResult<Self> {
        Ok(Self {
            store: platform_store()?,
            service: service.to_owned(),
        })
    }

    fn entry(&self, key: &SecretKey) -> LodeResult<keyring_core::Entry> {
        self.store
            .build(&self.service, key.as_str(), None)
            .map_err(|e| keychain_error("address a secret", &e))
    }
}

impl SecretStore for KeychainStore {
    fn set(&self, key: &SecretKey, secret: &Secret) -> LodeResult<()> {
        self.entry(key)?
            .set_password(secret.expose())
            .map_err(|e| keychain_error("save a secret", &e))
    }

    fn get(&self, key: &SecretKey) -> LodeResult<Option<Secret>> {
        match self.entry(key)?.get_password() {
            Ok(value) => Ok(Some(Secret::new(value))),
            Err(KeyringError::NoEntry) => Ok(None),
            Err(e) => Err(keychain_error("read a secret", &e)),
        }
    }

    fn delete(&self, key: &SecretKey) -> LodeResult<bool> {
        match self.entry(key)?.delete_credential() {
            Ok(()) => Ok(true),
            Err(KeyringError::NoEntry) => Ok(false),
            Err(e) => Err(keychain_error("delete a secret", &e)),
        }
    }
}

fn keychain_error(action: &str, error: &KeyringError) -> LodeError {
    let hint = match error {
        KeyringError::NoStorageAccess(_) => "the keychain is locked or access was refused",
        KeyringError::NoDefaultStore | KeyringError::PlatformFailure(_) => {
            "the OS keychain is not available"
        }
        _ => "the keychain refused the request",
    };
    // keyring's errors never contain the secret value itself, only what went wrong.
    LodeError::new(ErrorCode::Keychain, format!("could not {action}: {hint}"))
        .with_detail(error.to_string())
}

#[cfg(target_os = "linux")]
fn platform_store() -> LodeResult<Arc<CredentialStore>> {
    let store = zbus_secret_service_keyring_store::Store::new()
        .map_err(|e| keychain_error("open the OS keychain", &e))?;
    Ok(store)
}

#[cfg(target_os = "macos")]
fn platform_store() -> LodeResult<Arc<CredentialStore>> {
    let store = apple_native_keyring_store::keychain::Store::new()
        .map_err(|e| keychain_error("open the OS keychain", &e))?;
    Ok(store)
}

#[cfg(target_os = "windows")]
fn platform_store() -> LodeResult<Arc<CredentialStore>> {
    let store = windows_native_keyring_store::Store::new()
        .map_err(|e| keychain_error("open the OS keychain", &e))?;
    Ok(store)
}

#[cfg(not(any(target_os = "linux", target_os = "macos", target_os = "windows")))]
fn platform_store() -> LodeResult<Arc<CredentialStore>> {
    Err(LodeError::new(
        ErrorCode::Keychain,
        "no OS keychain is supported on this platform",
    ))
}
