//! Secrets (bearer tokens, API-key header values, secret environment variables of stdio
//! servers, OAuth credentials) live only in the OS keychain: there is no plaintext fallback, and
//! a keychain that is unavailable, locked or refuses access is reported as such
//! (`ErrorCode::KeychainUnavailable`, `KeychainLocked`, `KeychainDenied`, with a hint on how to
//! fix it). Calls to a keychain block (Secret Service is a D-Bus round trip), so async callers
//! run them on a blocking thread.
//!
//! Two layers:
//! - [`EntryStore`]: one keychain entry per name, each at most [`MAX_ENTRY_BYTES`]. What a
//!   platform store implements ([`KeychainStore`], [`MemoryStore`] for tests).
//! - [`SecretStore`]: secrets of any size, split into entries when larger (see [`chunk`] for the
//!   format), and deleting all of a connection's secrets. Implemented once, for every
//!   `EntryStore`.

pub mod chunk;
mod entry;
mod failure;
mod keychain;
mod memory;
mod secret;

pub use entry::{EntryStore, MAX_ENTRY_BYTES};
pub use keychain::{KeychainStore, KEYCHAIN_SERVICE};
pub use memory::MemoryStore;
pub use secret::{Secret, SecretKey, SecretName};

use lode_core::{ConnectionId, ErrorCode, LodeResult, SecretPlace};

/// Where secrets are kept: values of any size (OAuth credentials exceed one entry), read back
/// whole, replaced and deleted without leaving parts behind. Blocking and thread-safe.
///
/// Implemented for every [`EntryStore`]; not meant to be implemented otherwise.
pub trait SecretStore: Send + Sync {
    fn set(&self, key: &SecretKey, secret: &Secret) -> LodeResult<()>;
    /// `Ok(None)` when no secret is stored under `key`.
    fn get(&self, key: &SecretKey) -> LodeResult<Option<Secret>>;
    /// `Ok(false)` when there was nothing to delete.
    fn delete(&self, key: &SecretKey) -> LodeResult<bool>;

    /// Deletes every secret filed under `connection`: its bearer token, OAuth credentials
    /// and the secret headers and environment variables among `places`. Returns how many
    /// secrets existed.
    ///
    /// The places come from the caller (lode-store records where a connection's secrets go,
    /// `ConnectionSettings::secrets`) rather than from
    /// enumerating the keychain: keyring-core lets a store not search at all, the stores that
    /// do match exact attribute values only (so Lode's whole service would have to be listed
    /// and filtered), and Secret Service prompts to unlock every locked match of a search. The
    /// fixed kinds are always tried, so a stale flag never leaves a token behind.
    ///
    /// When the keychain as a whole is unavailable, locked or refuses access, that error is
    /// returned at once (one unlock prompt, not one per secret); after any other failure the
    /// remaining secrets are still deleted and the first failure is returned.
    fn delete_connection_secrets(
        &self,
        connection: ConnectionId,
        places: &[SecretPlace],
    ) -> LodeResult<usize>;
}

impl<T: EntryStore + ?Sized> SecretStore for T {
    fn set(&self, key: &SecretKey, secret: &Secret) -> LodeResult<()> {
        chunk::set(self, key, secret)
    }

    fn get(&self, key: &SecretKey) -> LodeResult<Option<Secret>> {
        chunk::get(self, key)
    }

    fn delete(&self, key: &SecretKey) -> LodeResult<bool> {
        chunk::delete(self, key)
    }

    fn delete_connection_secrets(
        &self,
        connection: ConnectionId,
        places: &[SecretPlace],
    ) -> LodeResult<usize> {
        let mut names: Vec<SecretName> = SecretName::FIXED.into_iter().collect();
        names.extend(places.iter().map(SecretName::from));
        names.sort();
        names.dedup();
        let mut deleted = 0;
        let mut first_error = None;
        for name in names {
            match self.delete(&SecretKey::for_connection(connection, &name)) {
                Ok(existed) => deleted += usize::from(existed),
                Err(e) if keychain_inaccessible(e.code) => return Err(e),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        match first_error {
            Some(e) => Err(e),
            None => Ok(deleted),
        }
    }
}

/// Whether `code` says the keychain as a whole cannot be used (as opposed to one entry).
fn keychain_inaccessible(code: ErrorCode) -> bool {
    matches!(
        code,
        ErrorCode::KeychainUnavailable | ErrorCode::KeychainLocked | ErrorCode::KeychainDenied
    )
}
