//! Each hub profile's bearer token for `lode serve --profile NAME --http`: in the keychain
//! under `hub/<profile>/bearer`, made (32 random bytes, hex) on first use. Revoking makes a new
//! one; the old one stops working within the poll of a running server, which follows the
//! profile's generation setting (a random value that changes with every new token, and holds
//! no secret), as the basket server follows `serve.token_generation`. A new token is never
//! returned to the window: `lode hub token` and `lode hub revoke` print it.

use lode_core::{ErrorCode, LodeError, LodeResult};
use lode_secrets::Secret;

use super::keys::{generation_key, hub_token_key};
use crate::basket::new_token;
use crate::Lode;

impl Lode {
    /// The bearer token of the profile named `name`, made and kept the first time. A server
    /// reads [`Lode::hub_token_generation`] before it, and takes the token again whenever the
    /// generation changes.
    pub async fn hub_profile_token(&self, name: &str) -> LodeResult<Secret> {
        let profile = self.hub_profile(name)?.name;
        let secrets = self.secrets.clone();
        let store = self.store.clone();
        blocking(move || {
            let key = hub_token_key(&profile)?;
            if let Some(token) = secrets.get(&key)? {
                return Ok(token);
            }
            let token = new_token()?;
            secrets.set(&key, &token)?;
            store.set_setting(&generation_key(&profile), new_token()?.expose())?;
            Ok(token)
        })
        .await
    }

    /// Replaces the token of the profile named `name` with a new one; the old one is refused
    /// from then on. The new token is not returned (the window never holds it):
    /// [`Lode::hub_profile_token`] gives it to the CLI.
    pub async fn revoke_hub_profile_token(&self, name: &str) -> LodeResult<()> {
        let profile = self.hub_profile(name)?.name;
        let secrets = self.secrets.clone();
        let store = self.store.clone();
        blocking(move || {
            secrets.set(&hub_token_key(&profile)?, &new_token()?)?;
            store.set_setting(&generation_key(&profile), new_token()?.expose())
        })
        .await
    }

    /// The generation of the profile named `name`'s token: a value that changes whenever the
    /// token does (made, revoked, removed with its profile). `None` before the first token.
    /// A server polls it (every 500 ms or so) and reads the token again when it changes.
    pub fn hub_token_generation(&self, name: &str) -> LodeResult<Option<String>> {
        self.store.setting(&generation_key(name))
    }
}

/// Runs keychain work off the async threads.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> LodeResult<T> + Send + 'static,
) -> LodeResult<T> {
    tokio::task::spawn_blocking(work).await.map_err(|e| {
        LodeError::new(
            ErrorCode::Internal,
            format!("the keychain work stopped: {e}"),
        )
    })?
}
