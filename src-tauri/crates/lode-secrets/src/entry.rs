//! One keychain entry: the `EntryStore` trait each platform store (and the in-memory one)
//! implements, and the size every entry is held to, which chunking splits secrets to fit.

use lode_core::LodeResult;

use crate::secret::Secret;

/// The largest value one keychain entry holds, in bytes of UTF-8. Windows' Credential Manager
/// caps a credential blob at 2,560 bytes; the rest is margin. Keychain stores write the UTF-8
/// bytes themselves (not UTF-16, which would double ASCII), so this is what the OS stores.
pub const MAX_ENTRY_BYTES: usize = 2_500;

/// Keychain entries by name, each value at most [`MAX_ENTRY_BYTES`] of UTF-8. Implementations
/// are blocking and thread-safe. Entry values are whole secrets or parts of one: treat them as
/// secrets. Use [`crate::SecretStore`] rather than this.
pub trait EntryStore: Send + Sync {
    fn write_entry(&self, name: &str, value: &Secret) -> LodeResult<()>;
    /// `Ok(None)` when there is no such entry.
    fn read_entry(&self, name: &str) -> LodeResult<Option<Secret>>;
    /// `Ok(false)` when there was nothing to delete.
    fn remove_entry(&self, name: &str) -> LodeResult<bool>;
}
