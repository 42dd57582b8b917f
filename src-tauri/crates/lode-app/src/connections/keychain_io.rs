//! A connection's secrets written, read and deleted as a batch on a blocking thread: a keychain
//! call is a D-Bus round trip and may wait for the person to unlock it, so it never runs on the
//! async runtime's threads.

use std::sync::Arc;

use lode_core::{ConnectionId, ErrorCode, LodeError, LodeResult};
use lode_secrets::{Secret, SecretKey, SecretName, SecretStore};

/// Runs `work` with the store on a blocking thread.
async fn blocking<T: Send + 'static>(
    store: &Arc<dyn SecretStore>,
    what: &'static str,
    work: impl FnOnce(&dyn SecretStore) -> LodeResult<T> + Send + 'static,
) -> LodeResult<T> {
    let store = store.clone();
    tokio::task::spawn_blocking(move || work(store.as_ref()))
        .await
        .map_err(|e| LodeError::new(ErrorCode::Internal, format!("{what} failed: {e}")))?
}

/// Stores every secret of `id`. When one cannot be stored, those already stored by this call
/// are deleted again and the error returned: a failure leaves no part of the batch behind.
pub(crate) async fn write_all(
    store: &Arc<dyn SecretStore>,
    id: ConnectionId,
    secrets: Vec<(SecretName, Secret)>,
) -> LodeResult<()> {
    blocking(store, "saving secrets", move |store| {
        for (index, (name, secret)) in secrets.iter().enumerate() {
            if let Err(error) = store.set(&SecretKey::for_connection(id, name), secret) {
                for (written, _) in &secrets[..index] {
                    let _ = store.delete(&SecretKey::for_connection(id, written));
                }
                return Err(error);
            }
        }
        Ok(())
    })
    .await
}

/// The secrets of `id` among `names` that the keychain holds.
pub(crate) async fn read_present(
    store: &Arc<dyn SecretStore>,
    id: ConnectionId,
    names: Vec<SecretName>,
) -> LodeResult<Vec<(SecretName, Secret)>> {
    blocking(store, "reading secrets", move |store| {
        let mut found = Vec::new();
        for name in names {
            if let Some(secret) = store.get(&SecretKey::for_connection(id, &name))? {
                found.push((name, secret));
            }
        }
        Ok(found)
    })
    .await
}

/// Deletes the secrets of `id` among `names`; every one is tried, the first failure returned.
pub(crate) async fn delete_each(
    store: &Arc<dyn SecretStore>,
    id: ConnectionId,
    names: Vec<SecretName>,
) -> LodeResult<()> {
    blocking(store, "deleting secrets", move |store| {
        let mut first_failure = None;
        for name in &names {
            if let Err(error) = store.delete(&SecretKey::for_connection(id, name)) {
                first_failure.get_or_insert(error);
            }
        }
        first_failure.map_or(Ok(()), Err)
    })
    .await
}
