//! Where a supervised connection's credentials come from on each attempt to connect. Most are
//! fixed for the session; an OAuth connection's access token is read before every attempt and
//! renewed when it is about to expire, so a token that expires during a long session is
//! replaced when the session reconnects.

use std::sync::Arc;

use lode_core::{Connection, Credentials, ErrorCode, LodeError, LodeResult};
use lode_secrets::SecretStore;

use crate::connections::oauth;

#[derive(Clone)]
pub enum CredentialSource {
    Fixed(Credentials),
    /// `base` (secret headers read when the connection started) plus the OAuth access token.
    OAuth {
        base: Credentials,
        connection: Box<Connection>,
        secrets: Arc<dyn SecretStore>,
    },
}

impl From<Credentials> for CredentialSource {
    fn from(credentials: Credentials) -> Self {
        Self::Fixed(credentials)
    }
}

impl CredentialSource {
    /// The credentials for the next attempt. An OAuth connection that is not signed in is
    /// `AuthRequired`: the connection waits for the person to sign in.
    pub(crate) async fn current(&self) -> LodeResult<Credentials> {
        match self {
            Self::Fixed(credentials) => Ok(credentials.clone()),
            Self::OAuth {
                base,
                connection,
                secrets,
            } => match oauth::access_token(connection, secrets.clone()).await? {
                Some(token) => Ok(Credentials {
                    bearer_token: Some(token),
                    ..base.clone()
                }),
                None => Err(LodeError::new(
                    ErrorCode::AuthRequired,
                    format!("sign in to {} to connect", connection.name),
                )),
            },
        }
    }
}
