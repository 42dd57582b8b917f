//! OAuth sign-in for a saved HTTP connection: runs lode-mcp's flow and keeps its credentials
//! (client registration and tokens, one JSON document) in the keychain under the connection's
//! `oauth` secret, and nowhere else. An access token is renewed with the refresh token shortly
//! before it expires, and the renewed set stored back; signing out forgets the set.
//!
//! Keychain calls block (a D-Bus round trip that may wait for an unlock prompt), so they run
//! on a blocking thread.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use lode_core::{Connection, ConnectionId, ErrorCode, LodeError, LodeResult, TransportSpec};
use lode_mcp::oauth::{self, OAuthCredentials, SignInOptions, DEFAULT_REDIRECT_TIMEOUT};
use lode_secrets::{Secret, SecretKey, SecretName, SecretStore};

/// An access token this close to expiry is renewed before use, so a request started with it
/// does not fail on the way.
const RENEW_MARGIN: Duration = Duration::from_secs(60);

/// How a connection signs in, from its settings and state: all optional.
#[derive(Default)]
pub struct SignInRequest {
    /// A client registered with the authorization server ahead of time; without it Lode
    /// registers itself (or names itself with `client_metadata_url`).
    pub client_id: Option<String>,
    /// That client's secret, from the keychain.
    pub client_secret: Option<Secret>,
    /// A client ID metadata document URL, used when the authorization server accepts them.
    pub client_metadata_url: Option<String>,
    /// The scopes to ask for instead of those discovery finds (a step-up).
    pub scope: Option<String>,
}

/// Signs `connection` in through the system browser (`open_browser` gets the authorization
/// URL) and stores the credentials, replacing any earlier ones. `client_id` is a client
/// registered with the authorization server ahead of time; without it Lode registers itself.
pub async fn sign_in(
    connection: &Connection,
    secrets: Arc<dyn SecretStore>,
    client_id: Option<&str>,
    open_browser: impl FnOnce(&str) -> LodeResult<()>,
) -> LodeResult<()> {
    sign_in_waiting(
        connection,
        secrets,
        client_id,
        DEFAULT_REDIRECT_TIMEOUT,
        open_browser,
    )
    .await
}

/// [`sign_in`], giving up when the browser has not come back within `redirect_timeout`.
pub async fn sign_in_waiting(
    connection: &Connection,
    secrets: Arc<dyn SecretStore>,
    client_id: Option<&str>,
    redirect_timeout: Duration,
    open_browser: impl FnOnce(&str) -> LodeResult<()>,
) -> LodeResult<()> {
    let request = SignInRequest {
        client_id: client_id.map(str::to_owned),
        ..SignInRequest::default()
    };
    sign_in_as(
        connection,
        secrets,
        &request,
        redirect_timeout,
        open_browser,
    )
    .await
}

/// [`sign_in_waiting`], with everything [`SignInRequest`] may say.
pub async fn sign_in_as(
    connection: &Connection,
    secrets: Arc<dyn SecretStore>,
    request: &SignInRequest,
    redirect_timeout: Duration,
    open_browser: impl FnOnce(&str) -> LodeResult<()>,
) -> LodeResult<()> {
    let signed_in = async {
        let mut options = SignInOptions::new(server_url(connection)?);
        options.client_id.clone_from(&request.client_id);
        options.client_secret = request
            .client_secret
            .as_ref()
            .map(|secret| secret.expose().to_owned());
        options
            .client_metadata_url
            .clone_from(&request.client_metadata_url);
        options.scope.clone_from(&request.scope);
        options.redirect_timeout = redirect_timeout;
        let credentials = oauth::sign_in(&options, open_browser).await?;
        let _renewing = renewal_lock(connection.id).lock_owned().await;
        store(&secrets, connection.id, credentials).await
    }
    .await;
    release(secrets).await;
    signed_in
}

/// The connection's access token, renewed first when it expires within a minute; `Ok(None)`
/// when it is not signed in. A sign-in for another URL (the connection was edited since) or a
/// renewal the server refuses is `AuthRequired`: only a new sign-in helps.
pub async fn access_token(
    connection: &Connection,
    secrets: Arc<dyn SecretStore>,
) -> LodeResult<Option<String>> {
    let token = current_token(connection, &secrets).await;
    release(secrets).await;
    token
}

async fn current_token(
    connection: &Connection,
    secrets: &Arc<dyn SecretStore>,
) -> LodeResult<Option<String>> {
    let url = server_url(connection)?;
    let Some(credentials) = load(secrets, connection.id).await? else {
        return Ok(None);
    };
    check_resource(&credentials, &url, connection)?;
    if !credentials.expires_within(RENEW_MARGIN) {
        return Ok(Some(credentials.access_token));
    }
    // One renewal at a time per connection: with rotation, a second one racing the first
    // would present a refresh token that is already spent.
    let _renewing = renewal_lock(connection.id).lock_owned().await;
    let Some(current) = load(secrets, connection.id).await? else {
        return Ok(None);
    };
    if !current.expires_within(RENEW_MARGIN) {
        return Ok(Some(current.access_token));
    }
    let renewed = oauth::refresh(&current).await?;
    let token = renewed.access_token.clone();
    store(secrets, connection.id, renewed).await?;
    Ok(Some(token))
}

/// The scopes the connection's current sign-in was granted (space-separated); `None` when it
/// is not signed in, or was signed in for another URL.
pub async fn granted_scope(
    connection: &Connection,
    secrets: Arc<dyn SecretStore>,
) -> LodeResult<Option<String>> {
    let url = server_url(connection)?;
    let loaded = load(&secrets, connection.id).await;
    release(secrets).await;
    Ok(loaded?
        .filter(|credentials| check_resource(credentials, &url, connection).is_ok())
        .and_then(|credentials| credentials.scope))
}

/// Forgets the connection's OAuth credentials. Signing out of a connection that is not
/// signed in is not an error.
pub async fn sign_out(connection: &Connection, secrets: Arc<dyn SecretStore>) -> LodeResult<()> {
    let key = oauth_key(connection.id);
    let _renewing = renewal_lock(connection.id).lock_owned().await;
    // The store moves to the blocking thread, so even its last reference is dropped there.
    blocking("signing out", move || secrets.delete(&key).map(|_| ())).await
}

/// Opens `url` in the person's default browser. Only `http` and `https` URLs: anything else
/// handed to the platform's opener could start a program.
pub fn open_in_system_browser(url: &str) -> LodeResult<()> {
    let parsed = url::Url::parse(url)
        .map_err(|e| LodeError::new(ErrorCode::InvalidInput, format!("not a URL to open: {e}")))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            "only web addresses are opened in the browser",
        ));
    }
    let mut command = opener(parsed.as_str());
    let mut child = command
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map_err(|e| {
            LodeError::new(
                ErrorCode::SpawnFailed,
                format!("could not open the system browser: {e}"),
            )
        })?;
    // Reap the opener when it exits (it hands the URL over and ends) without blocking.
    std::thread::spawn(move || child.wait());
    Ok(())
}

#[cfg(target_os = "macos")]
fn opener(url: &str) -> std::process::Command {
    let mut command = std::process::Command::new("open");
    command.arg(url);
    command
}

#[cfg(target_os = "windows")]
fn opener(url: &str) -> std::process::Command {
    // Not `cmd /c start`: cmd would interpret the `&` between query parameters.
    let mut command = std::process::Command::new("rundll32");
    command.arg("url.dll,FileProtocolHandler").arg(url);
    command
}

#[cfg(not(any(target_os = "macos", target_os = "windows")))]
fn opener(url: &str) -> std::process::Command {
    let mut command = std::process::Command::new("xdg-open");
    command.arg(url);
    command
}

/// The URL OAuth protects: only remote MCP transports sign in.
fn server_url(connection: &Connection) -> LodeResult<String> {
    match &connection.transport {
        TransportSpec::Http { url, .. } | TransportSpec::Sse { url, .. } => Ok(url.clone()),
        _ => Err(LodeError::new(
            ErrorCode::InvalidInput,
            format!(
                "{} is not an HTTP MCP server: only those sign in with OAuth",
                connection.name
            ),
        )),
    }
}

/// Tokens go only to the server they were issued for: after the connection's URL changed,
/// the stored ones are not used.
fn check_resource(
    credentials: &OAuthCredentials,
    url: &str,
    connection: &Connection,
) -> LodeResult<()> {
    let same = url::Url::parse(url).is_ok_and(|mut url| {
        url.set_fragment(None);
        url.as_str() == credentials.resource
    });
    if same {
        Ok(())
    } else {
        Err(LodeError::new(
            ErrorCode::AuthRequired,
            format!(
                "{} was signed in for another URL: sign in again",
                connection.name
            ),
        ))
    }
}

fn oauth_key(id: ConnectionId) -> SecretKey {
    SecretKey::for_connection(id, &SecretName::OAuth)
}

async fn load(
    secrets: &Arc<dyn SecretStore>,
    id: ConnectionId,
) -> LodeResult<Option<OAuthCredentials>> {
    let key = oauth_key(id);
    let secrets = secrets.clone();
    let stored = blocking("reading the sign-in", move || secrets.get(&key)).await?;
    stored
        .map(|secret| OAuthCredentials::from_json(secret.expose()))
        .transpose()
}

async fn store(
    secrets: &Arc<dyn SecretStore>,
    id: ConnectionId,
    credentials: OAuthCredentials,
) -> LodeResult<()> {
    let secret = Secret::new(credentials.to_json()?);
    let key = oauth_key(id);
    let secrets = secrets.clone();
    blocking("saving the sign-in", move || secrets.set(&key, &secret)).await
}

/// Drops the caller's reference to the store off the async runtime when it is the last one: a
/// keychain store may block when it closes (the Secret Service store closes a D-Bus proxy),
/// which panics on a runtime thread.
async fn release(secrets: Arc<dyn SecretStore>) {
    if Arc::strong_count(&secrets) == 1 {
        let _ = tokio::task::spawn_blocking(move || drop(secrets)).await;
    }
}

async fn blocking<T: Send + 'static>(
    what: &'static str,
    work: impl FnOnce() -> LodeResult<T> + Send + 'static,
) -> LodeResult<T> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| LodeError::new(ErrorCode::Internal, format!("{what} failed: {e}")))?
}

/// The lock that serializes renewing, storing and deleting one connection's credentials.
fn renewal_lock(id: ConnectionId) -> Arc<tokio::sync::Mutex<()>> {
    static LOCKS: OnceLock<Mutex<HashMap<ConnectionId, Arc<tokio::sync::Mutex<()>>>>> =
        OnceLock::new();
    let locks = LOCKS.get_or_init(Default::default);
    let mut locks = locks
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    locks.entry(id).or_default().clone()
}
