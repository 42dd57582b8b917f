//! Signing a saved connection in and out with OAuth 2.1. The flow and token handling are in
//! [`super::oauth`]; this gathers what the connection signs in with (its pre-registered client
//! and that client's secret from the keychain, its client ID metadata document URL, the wider
//! scope a scope challenge asks for) and reconnects the connection afterwards, so a sign-in
//! shows as ready and a sign-out as auth-required.

use lode_core::{
    Connection, ConnectionId, ConnectionStatus, ErrorCode, LodeError, LodeResult, SecretPlace,
};
use lode_secrets::SecretName;

use super::oauth::{self, SignInRequest};
use super::{keychain_io, step_up};
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
        let request = self.sign_in_request(&connection).await?;
        oauth::sign_in_as(
            &connection,
            self.secrets.clone(),
            &request,
            lode_mcp::oauth::DEFAULT_REDIRECT_TIMEOUT,
            open_browser,
        )
        .await?;
        self.retry_connection(id).await
    }

    /// What `connection` signs in with. After a scope challenge, the scopes to ask for are the
    /// challenge's beside those granted; a challenge for scopes already granted is refused
    /// here (`ScopeRefused`), before any browser opens.
    async fn sign_in_request(&self, connection: &Connection) -> LodeResult<SignInRequest> {
        let challenge = self.scope_challenge(connection.id).await;
        let scope = match challenge.as_deref() {
            Some(challenge) => {
                let granted = oauth::granted_scope(connection, self.secrets.clone()).await?;
                step_up::scope_to_ask(&connection.name, Some(challenge), granted.as_deref())?
            }
            None => None,
        };
        let client_id = connection.settings.oauth_client_id.clone();
        let has_secret = client_id.is_some()
            && connection
                .settings
                .secrets
                .contains(&SecretPlace::OauthClientSecret);
        let client_secret = if has_secret {
            let name = SecretName::OAuthClientSecret;
            let found = keychain_io::read_present(&self.secrets, connection.id, vec![name]).await?;
            let secret = found.into_iter().next().map(|(_, secret)| secret);
            Some(secret.ok_or_else(|| {
                LodeError::new(
                    ErrorCode::AuthRequired,
                    format!(
                        "the keychain has no OAuth client secret for {}: set it again in the \
                         connection's settings",
                        connection.name
                    ),
                )
            })?)
        } else {
            None
        };
        Ok(SignInRequest {
            client_id,
            client_secret,
            client_metadata_url: connection.settings.oauth_client_metadata_url.clone(),
            scope,
        })
    }

    /// The challenge `id` waits with when it is auth-required after a scope challenge.
    async fn scope_challenge(&self, id: ConnectionId) -> Option<String> {
        self.supervisor
            .statuses()
            .await
            .into_iter()
            .find_map(|(of, status)| match status {
                ConnectionStatus::AuthRequired {
                    challenge: Some(challenge),
                    scope: _,
                } if of == id => Some(challenge),
                _ => None,
            })
            .filter(|challenge| {
                step_up::is_scope_challenge(
                    &LodeError::new(ErrorCode::AuthRequired, "").with_detail(challenge.clone()),
                )
            })
    }

    /// Forgets `id`'s OAuth tokens; the connection then waits for a new sign-in.
    pub async fn sign_out(&self, id: ConnectionId) -> LodeResult<()> {
        let connection = self.store.get_connection(id)?;
        oauth::sign_out(&connection, self.secrets.clone()).await?;
        let changing = self.session_changes.begin().await;
        self.supervisor.stop(id).await;
        self.go_live(&changing, id).await;
        Ok(())
    }
}
