//! OAuth 2.1 sign-in for HTTP MCP servers (MCP authorization, 2025-06-18 and later): discovery
//! of the authorization server, the client (pre-registered, client ID metadata document, or
//! dynamic registration), the authorization code flow with PKCE S256 through the system
//! browser and a loopback redirect, and refresh.
//!
//! Nothing here stores anything: a sign-in returns [`OAuthCredentials`], which the caller keeps
//! (Lode keeps them in the keychain) and hands back to [`refresh`].

mod challenge;
mod credentials;
mod discovery;
mod http;
mod loopback;
mod pkce;
mod policy;
mod registration;
mod step_up;
mod token;

use std::time::Duration;

use lode_core::{ErrorCode, LodeError, LodeResult};
use url::Url;

pub use credentials::{ClientAuth, OAuthCredentials};
pub use step_up::{challenged_scopes, step_up, StepUp};
pub use token::refresh;

use crate::http_failure::display_url;
use loopback::Loopback;
use pkce::{random_token, Pkce};
use policy::UrlPolicy;
use registration::ClientChoice;
use token::CodeExchange;

/// How long the browser step may take by default: long enough to type a password and
/// approve, short enough that a forgotten tab does not keep a port open for the session.
pub const DEFAULT_REDIRECT_TIMEOUT: Duration = Duration::from_secs(5 * 60);

/// What a sign-in needs besides the browser. Its `Debug` shows no client secret.
#[derive(Clone)]
pub struct SignInOptions {
    /// The MCP server's Streamable HTTP (or SSE) URL: the resource the tokens are for.
    pub server_url: String,
    /// A client id registered with the authorization server ahead of time (skips
    /// registration).
    pub client_id: Option<String>,
    /// The secret of that pre-registered client, for a confidential client (sent as the
    /// authorization server advertises: HTTP Basic, else in the form).
    pub client_secret: Option<String>,
    /// The scopes to ask for (space-separated), instead of the challenge's or the resource's:
    /// a step-up after `insufficient_scope` ([`step_up`]).
    pub scope: Option<String>,
    /// The HTTPS URL of a client ID metadata document describing Lode, used as the client id
    /// when the authorization server accepts such documents. Lode hosts none yet: `None`.
    pub client_metadata_url: Option<String>,
    /// The name shown on the authorization server's consent page.
    pub client_name: String,
    /// How long to wait for the browser to come back to the loopback listener.
    pub redirect_timeout: Duration,
}

impl SignInOptions {
    pub fn new(server_url: impl Into<String>) -> Self {
        Self {
            server_url: server_url.into(),
            client_id: None,
            client_secret: None,
            scope: None,
            client_metadata_url: None,
            client_name: "Lode".to_owned(),
            redirect_timeout: DEFAULT_REDIRECT_TIMEOUT,
        }
    }
}

impl std::fmt::Debug for SignInOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SignInOptions")
            .field("server_url", &self.server_url)
            .field("client_id", &self.client_id)
            .field(
                "client_secret",
                &self.client_secret.as_ref().map(|_| "<redacted>"),
            )
            .field("scope", &self.scope)
            .field("client_metadata_url", &self.client_metadata_url)
            .field("client_name", &self.client_name)
            .field("redirect_timeout", &self.redirect_timeout)
            .finish()
    }
}

/// Signs in to the server at `options.server_url`: discovers its authorization server, picks
/// or registers the client, calls `open_browser` with the authorization URL (which holds no
/// secret), and waits for the browser's redirect to the loopback listener, then exchanges
/// the code for tokens.
pub async fn sign_in(
    options: &SignInOptions,
    open_browser: impl FnOnce(&str) -> LodeResult<()>,
) -> LodeResult<OAuthCredentials> {
    let resource = server_url(&options.server_url)?;
    let mut policy = UrlPolicy::for_server(&resource);
    let http = http::OAuthHttp::new(&resource, &policy)?;
    let mut discovered = discovery::discover(&http, &resource, &mut policy).await?;
    if options.scope.is_some() {
        discovered.scope.clone_from(&options.scope);
    }
    let server = &discovered.server;
    // The browser is sent to the authorization endpoint: held to the same rules, so a hostile
    // server cannot send the person to a look-alike sign-in page on another host.
    let authorization_endpoint =
        policy.endpoint(&server.authorization_endpoint, "authorization endpoint")?;
    policy.endpoint(&server.token_endpoint, "token endpoint")?;

    let listener = Loopback::bind().await?;
    let choice = ClientChoice {
        preregistered: options.client_id.as_deref(),
        preregistered_secret: options.client_secret.as_deref(),
        metadata_document: options.client_metadata_url.as_deref(),
        client_name: &options.client_name,
    };
    let client = registration::client(
        &http,
        &policy,
        server,
        &choice,
        listener.redirect_uri(),
        discovered.scope.as_deref(),
    )
    .await?;

    let pkce = Pkce::generate()?;
    let state = random_token()?;
    let mut authorize = authorization_endpoint;
    {
        let mut query = authorize.query_pairs_mut();
        query
            .append_pair("response_type", "code")
            .append_pair("client_id", &client.id)
            .append_pair("redirect_uri", listener.redirect_uri())
            .append_pair("code_challenge", &pkce.challenge)
            .append_pair("code_challenge_method", "S256")
            .append_pair("state", &state)
            .append_pair("resource", resource.as_str());
        if let Some(scope) = &discovered.scope {
            query.append_pair("scope", scope);
        }
    }
    let redirect_uri = listener.redirect_uri().to_owned();
    open_browser(authorize.as_str())?;
    let code = listener
        .authorization_code(&state, options.redirect_timeout)
        .await?;

    let base = OAuthCredentials {
        issuer: server.issuer.clone(),
        token_endpoint: server.token_endpoint.clone(),
        resource: resource.to_string(),
        client_id: client.id,
        client_secret: client.secret,
        client_auth: client.auth,
        access_token: String::new(),
        refresh_token: None,
        expires_at: None,
        scope: discovered.scope.clone(),
    };
    let exchange = CodeExchange {
        code: &code,
        verifier: &pkce.verifier,
        redirect_uri: &redirect_uri,
    };
    token::exchange_code(&http, &exchange, base).await
}

/// The server URL as the resource identifier: http(s), no fragment (RFC 8707 §2).
fn server_url(raw: &str) -> LodeResult<Url> {
    let mut url = Url::parse(raw).map_err(|e| {
        LodeError::new(
            ErrorCode::InvalidInput,
            format!("`{}` is not a valid URL: {e}", display_url(raw)),
        )
    })?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            "OAuth sign-in is for HTTP servers only",
        ));
    }
    url.set_fragment(None);
    Ok(url)
}
