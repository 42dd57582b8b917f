//! Which client Lode signs in as, in the order MCP prescribes: a client id registered ahead of
//! time, else a client ID metadata document, else dynamic client registration (RFC 7591).

use lode_core::{ErrorCode, LodeError, LodeResult};
use serde::Deserialize;
use serde_json::json;

use super::credentials::ClientAuth;
use super::discovery::AuthServer;
use super::http::OAuthHttp;
use super::policy::UrlPolicy;
use crate::http_failure::display_url;

/// The client the sign-in uses.
pub(crate) struct Client {
    pub(crate) id: String,
    pub(crate) secret: Option<String>,
    pub(crate) auth: ClientAuth,
}

/// What the caller knows about the client before the sign-in.
pub(crate) struct ClientChoice<'a> {
    pub(crate) preregistered: Option<&'a str>,
    /// The HTTPS URL of a client ID metadata document describing Lode, if Lode has one.
    pub(crate) metadata_document: Option<&'a str>,
    pub(crate) client_name: &'a str,
}

/// RFC 7591 §3.2.1, the fields Lode uses.
#[derive(Deserialize)]
struct Registered {
    client_id: String,
    #[serde(default)]
    client_secret: Option<String>,
    #[serde(default)]
    token_endpoint_auth_method: Option<String>,
}

pub(crate) async fn client(
    http: &OAuthHttp,
    policy: &UrlPolicy,
    server: &AuthServer,
    choice: &ClientChoice<'_>,
    redirect_uri: &str,
    scope: Option<&str>,
) -> LodeResult<Client> {
    if let Some(id) = choice.preregistered {
        return Ok(Client {
            id: id.to_owned(),
            secret: None,
            auth: ClientAuth::None,
        });
    }
    if server.client_id_metadata_document_supported {
        match choice.metadata_document {
            // The document's URL is the client id (draft-ietf-oauth-client-id-metadata-document).
            Some(url) => {
                return Ok(Client {
                    id: url.to_owned(),
                    secret: None,
                    auth: ClientAuth::None,
                })
            }
            None => tracing::debug!(
                "the authorization server accepts client ID metadata documents, but Lode has \
                 no hosted document: registering dynamically instead"
            ),
        }
    }
    let Some(registration) = &server.registration_endpoint else {
        return Err(LodeError::new(
            ErrorCode::AuthRequired,
            format!(
                "the authorization server {} does not let Lode register itself: enter a client \
                 id registered with it in the connection's settings",
                display_url(&server.issuer)
            ),
        ));
    };
    let registration = policy.endpoint(registration, "registration endpoint")?;
    let mut metadata = json!({
        "client_name": choice.client_name,
        "redirect_uris": [redirect_uri],
        "grant_types": ["authorization_code", "refresh_token"],
        "response_types": ["code"],
        // A desktop app cannot keep a secret (RFC 8252 §8.5): a public client, PKCE instead.
        "token_endpoint_auth_method": "none",
    });
    if let (Some(scope), Some(object)) = (scope, metadata.as_object_mut()) {
        object.insert("scope".into(), json!(scope));
    }
    let registered: Registered = http.register(&registration, &metadata).await?;
    let auth = client_auth(&registered, server);
    Ok(Client {
        id: registered.client_id,
        secret: registered.client_secret,
        auth,
    })
}

/// How to authenticate at the token endpoint: as registered; a server that issued a secret
/// without saying how gets the method it advertises (RFC 7591 defaults to Basic).
fn client_auth(registered: &Registered, server: &AuthServer) -> ClientAuth {
    if registered.client_secret.is_none() {
        return ClientAuth::None;
    }
    match registered.token_endpoint_auth_method.as_deref() {
        Some("client_secret_post") => ClientAuth::ClientSecretPost,
        Some("client_secret_basic") => ClientAuth::ClientSecretBasic,
        _ => {
            let post_only = server
                .token_endpoint_auth_methods_supported
                .as_ref()
                .is_some_and(|methods| {
                    methods.iter().any(|m| m == "client_secret_post")
                        && !methods.iter().any(|m| m == "client_secret_basic")
                });
            if post_only {
                ClientAuth::ClientSecretPost
            } else {
                ClientAuth::ClientSecretBasic
            }
        }
    }
}
