//! Secrets (API keys, tokens) live only in the OS keychain. Calls to a keychain block (Secret
//! Service is a D-Bus round trip), so async callers run them on a blocking thread.

mod keychain;
mod memory;
mod secret;

pub use keychain::KeychainStore;
pub use memory::MemoryStore;
pub use secret::{Secret, SecretKey};

use lode_core::LodeResult;

/// Where secrets are kept. Implementations are blocking and thread-safe.
pub trait SecretStore: Send + Sync {
    fn set(&self, key: &SecretKey, secret: &Secret) -> LodeResult<()>;
    /// `Ok(None)` when no secret is stored under `key`.
    fn get(&self, key: &SecretKey) -> LodeResult<Option<Secret>>;
    /// `Ok(false)` when there was nothing to delete.
    fn delete(&self, key: &SecretKey) -> LodeResult<bool>;
}
