//! Signing a saved connection in and out with OAuth 2.1. The flow and token handling are in
//! [`crate::oauth`]; this reconnects the connection afterwards, so a sign-in shows as ready and
//! a sign-out as auth-required.

use lode_core::{ConnectionId, ErrorCode, LodeError, LodeResult};

use crate::oauth;
use crate::Lode;

impl Lode {
    /// Signs `id` in through the system browser, then reconnects it.
    pub async fn sign_in(&self, id: ConnectionId) -> LodeResult<()> {
        self.sign_in_with(id, oauth::open_in_system_browser).await
    }

    /// [`Lode::sign_in`], with `open_browser` given the authorization URL (tests script it).
    pub async fn sign_in_with(
        &self,
        id: ConnectionId,
        open_browser: impl FnOnce(&str) -> LodeResult<()>,
    ) -> LodeResult<()> {
        let connection = self.store.get_connection(id)?;
        if !connection.settings.oauth {
            return Err(LodeError::new(
                ErrorCode::InvalidInput,
                format!(
                    "{} does not sign in with OAuth: turn it on in its settings first",
                    connection.name
                ),
            ));
        }
        let client_id = connection.settings.oauth_client_id.clone();
        oauth::sign_in(
            &connection,
            self.secrets.clone(),
            client_id.as_deref(),
            open_browser,
        )
        .await?;
        self.retry_connection(id).await
    }

    /// Forgets `id`'s OAuth tokens; the connection then waits for a new sign-in.
    pub async fn sign_out(&self, id: ConnectionId) -> LodeResult<()> {
        let connection = self.store.get_connection(id)?;
        oauth::sign_out(&connection, self.secrets.clone()).await?;
        self.hub.stop(id).await;
        if self.is_live() && connection.settings.enabled {
            self.start(connection).await;
        }
        Ok(())
    }
}
