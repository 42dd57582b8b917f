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
    /// The pre-registered client's secret, when it is a confidential client.
    pub(crate) preregistered_secret: Option<&'a str>,
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
        let secret = choice.preregistered_secret.map(str::to_owned);
        let auth = match &secret {
            Some(_) => secret_auth(server),
            None => ClientAuth::None,
        };
        return Ok(Client {
            id: id.to_owned(),
            secret,
            auth,
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
        _ => secret_auth(server),
    }
}

/// How a client with a secret authenticates when nothing else says: the method the server
/// advertises, HTTP Basic when it advertises both or neither (RFC 8414 §2's default).
fn secret_auth(server: &AuthServer) -> ClientAuth {
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

#[cfg(test)]
mod tests {
    use super::*;
    use url::Url;

    fn server(methods: &[&str]) -> AuthServer {
        AuthServer {
            issuer: "https://as.example/".into(),
            authorization_endpoint: "https://as.example/authorize".into(),
            token_endpoint: "https://as.example/token".into(),
            registration_endpoint: None,
            code_challenge_methods_supported: Some(vec!["S256".into()]),
            token_endpoint_auth_methods_supported: Some(
                methods.iter().map(|m| (*m).to_owned()).collect(),
            ),
            client_id_metadata_document_supported: false,
        }
    }

    async fn preregistered(secret: Option<&str>, methods: &[&str]) -> Client {
        let resource = Url::parse("https://mcp.example/mcp").expect("URL");
        let policy = UrlPolicy::for_server(&resource);
        let http = OAuthHttp::new(&resource, &policy).expect("client");
        let choice = ClientChoice {
            preregistered: Some("pre-registered-client"),
            preregistered_secret: secret,
            metadata_document: None,
            client_name: "Lode",
        };
        client(
            &http,
            &policy,
            &server(methods),
            &choice,
            "http://127.0.0.1:1/callback",
            None,
        )
        .await
        .expect("a pre-registered client needs no request")
    }

    #[tokio::test]
    async fn a_preregistered_secret_is_sent_the_way_the_server_advertises() {
        let basic = preregistered(Some("s"), &["client_secret_basic"]).await;
        assert_eq!(basic.id, "pre-registered-client");
        assert_eq!(basic.secret.as_deref(), Some("s"));
        assert_eq!(basic.auth, ClientAuth::ClientSecretBasic);
        let post = preregistered(Some("s"), &["client_secret_post"]).await;
        assert_eq!(post.auth, ClientAuth::ClientSecretPost);
        let public = preregistered(None, &["client_secret_basic"]).await;
        assert_eq!((public.secret, public.auth), (None, ClientAuth::None));
    }
}
